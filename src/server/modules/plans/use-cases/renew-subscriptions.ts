/**
 * The plan renewal job (docs/product.md "Plans and packages"), simulated provider: at the end of each period a live
 * subscription is renewed — the saved card charged the frozen price, a new month granted with its sessions — or, when
 * the client cancelled, it ends. A failed charge is tried again 1, 3 and 7 days after the renewal was due; after the
 * last failure the plan lapses. Both sides are e-mailed at each step. Several servers run it at once: each
 * subscription is claimed under its row lock (SKIP LOCKED) and re-checked, the period number is unique per
 * subscription and the processor's idempotency key names the period and try, so a renewal charges once. `now` is a
 * parameter so tests can move the clock.
 */
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { nextRetryAt, periodEnd, periodSettlesAt } from '../../../../shared/plans.js';
import type { Db, Tx } from '../../../db/client.js';
import { subscriptions } from '../../../db/schema.js';
import type { PaymentProvider } from '../../../infra/payments/provider.js';
import { latestPeriod, type SubscriptionRow } from '../period-service.js';
import { endWithPeriod, recordFailedRenewal, recordRenewal } from '../renewal-service.js';
import { clock } from '../../../clock.js';

type Deps = { db: Db; provider: PaymentProvider; baseUrl: string };
const batch = 100;

/** A due subscription (of client `clientId` only, when given): its period ended (trialing or active), or its next try is due (past due). */
const due = (now: Date, clientId?: string) =>
  and(
    isNull(subscriptions.endedAt),
    clientId ? eq(subscriptions.clientId, clientId) : undefined,
    // Stripe Billing renews its own subscriptions and reports them by webhook (billing-event-service.ts); one the
    // client cancelled still ends here with its month, should Stripe's word of it be late.
    or(isNull(subscriptions.providerSubscriptionRef), eq(subscriptions.cancelAtPeriodEnd, true)),
    or(
      and(or(eq(subscriptions.status, 'trialing'), eq(subscriptions.status, 'active')), lte(subscriptions.currentPeriodEnd, now)),
      and(eq(subscriptions.status, 'past_due'), lte(subscriptions.nextAttemptAt, now)),
    ),
  );

/**
 * Renews, retries or ends every subscription due at `now` — only client `clientId`'s when given (a journey's test
 * hook, which must leave other journeys' plans alone); answers how many were handled.
 */
export async function renewDueSubscriptions(deps: Deps, now = clock.now(), clientId?: string): Promise<number> {
  const rows = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(due(now, clientId))
    .orderBy(subscriptions.currentPeriodEnd)
    .limit(batch);
  let handled = 0;
  for (const { id } of rows) {
    const done = await deps.db.transaction(async (tx) => {
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, id), due(now, clientId)))
        .for('update', { skipLocked: true });
      if (!sub) return false;
      await (sub.cancelAtPeriodEnd ? endWithPeriod(tx, deps, sub, now) : renew(tx, deps, sub, now));
      return true;
    });
    if (done) handled++;
  }
  return handled;
}

/** Charges the next month (the period after the one that ended, whatever the try); grants it, or schedules the next try. */
async function renew(tx: Tx, deps: Deps, sub: SubscriptionRow, now: Date): Promise<void> {
  const last = await latestPeriod(tx, sub.id);
  const number = (last?.number ?? 0) + 1;
  // The month runs from when the renewal was due, whichever try paid it (as a billing cycle's anchor).
  const startsAt = sub.currentPeriodEnd;
  const endsAt = periodEnd(startsAt);
  const charge = await deps.provider.chargeSaved!({
    savedRef: sub.savedCardRef,
    amountCents: sub.priceCents,
    currency: sub.currency,
    releaseBy: periodSettlesAt(endsAt),
    idempotencyKey: `plan-renewal:${sub.id}:${number}:${sub.failedAttempts}`,
    description: `Mentora plan with ${sub.expertName}`,
  });
  if (charge.ok) await recordRenewal(tx, deps, sub, { number, startsAt, endsAt, amountCents: sub.priceCents, providerRef: charge.providerRef }, now);
  else await recordFailedRenewal(tx, deps, sub, sub.failedAttempts + 1, nextRetryAt(startsAt, sub.failedAttempts + 1), now);
}
