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
import { formatMoney } from '../../../../shared/pricing.js';
import type { Db, Tx } from '../../../db/client.js';
import { subscriptions } from '../../../db/schema.js';
import type { PaymentProvider } from '../../../infra/payments/provider.js';
import { expertPlanEmail, noRefund, periodReceiptEmail, planEndedEmail, renewalFailedEmail } from '../emails.js';
import { emailBothSides, grantPeriod, latestPeriod, type SubscriptionRow } from '../period-service.js';
import { clock } from '../../../clock.js';

type Deps = { db: Db; provider: PaymentProvider; baseUrl: string };
const batch = 100;

/** A due subscription: its period ended (trialing or active), or its next try is due (past due). */
const due = (now: Date) =>
  and(
    isNull(subscriptions.endedAt),
    or(
      and(or(eq(subscriptions.status, 'trialing'), eq(subscriptions.status, 'active')), lte(subscriptions.currentPeriodEnd, now)),
      and(eq(subscriptions.status, 'past_due'), lte(subscriptions.nextAttemptAt, now)),
    ),
  );

/** Renews, retries or ends every subscription due at `now`; answers how many were handled. */
export async function renewDueSubscriptions(deps: Deps, now = clock.now()): Promise<number> {
  const rows = await deps.db.select({ id: subscriptions.id }).from(subscriptions).where(due(now)).orderBy(subscriptions.currentPeriodEnd).limit(batch);
  let handled = 0;
  for (const { id } of rows) {
    const done = await deps.db.transaction(async (tx) => {
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, id), due(now)))
        .for('update', { skipLocked: true });
      if (!sub) return false;
      await (sub.cancelAtPeriodEnd ? endCancelled(tx, deps, sub, now) : renew(tx, deps, sub, now));
      return true;
    });
    if (done) handled++;
  }
  return handled;
}

/** The client cancelled: the plan ends with its period. */
async function endCancelled(tx: Tx, deps: Deps, sub: SubscriptionRow, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: 'cancelled', endedAt: sub.currentPeriodEnd, endReason: 'cancelled by the client', updatedAt: now })
    .where(eq(subscriptions.id, sub.id));
  await emailBothSides(tx, sub, {
    client: (to) => planEndedEmail(sub, 'client', sub.currentPeriodEnd, noRefund, to, deps.baseUrl),
    expert: (to) => expertPlanEmail(sub, `${sub.clientName}'s plan has ended`, `${sub.clientName}'s plan ${sub.name} ended as they asked.`, to, deps.baseUrl),
  });
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
  if (charge.ok) {
    const period = await grantPeriod(tx, sub, { number, kind: 'paid', startsAt, endsAt, amountCents: sub.priceCents, providerRef: charge.providerRef }, now);
    await tx
      .update(subscriptions)
      .set({ status: 'active', currentPeriodStart: startsAt, currentPeriodEnd: endsAt, failedAttempts: 0, nextAttemptAt: null, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await emailBothSides(tx, sub, {
      client: (to) => periodReceiptEmail(sub, { receiptNumber: period.receiptNumber!, amountCents: sub.priceCents, startsAt, endsAt }, to, now, deps.baseUrl),
      expert: (to) =>
        expertPlanEmail(
          sub,
          `${sub.clientName}'s plan renewed`,
          `${sub.clientName} paid ${formatMoney(sub.priceCents, sub.currency)} for another month of ${sub.name}.`,
          to,
          deps.baseUrl,
        ),
    });
    return;
  }
  const failures = sub.failedAttempts + 1;
  const nextAt = nextRetryAt(startsAt, failures);
  await tx
    .update(subscriptions)
    .set(
      nextAt
        ? { status: 'past_due', failedAttempts: failures, nextAttemptAt: nextAt, updatedAt: now }
        : { status: 'lapsed', failedAttempts: failures, nextAttemptAt: null, endedAt: now, endReason: 'renewal payments failed', updatedAt: now },
    )
    .where(eq(subscriptions.id, sub.id));
  await emailBothSides(tx, sub, {
    client: (to) => renewalFailedEmail(sub, nextAt, to, deps.baseUrl),
    expert: (to) =>
      expertPlanEmail(
        sub,
        nextAt ? `Payment for ${sub.clientName}'s plan failed` : `${sub.clientName}'s plan has lapsed`,
        nextAt
          ? `${sub.clientName}'s renewal payment failed; it is tried again automatically.`
          : `${sub.clientName}'s renewal payment failed several times, so the plan has ended.`,
        to,
        deps.baseUrl,
      ),
  });
}
