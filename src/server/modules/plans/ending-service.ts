/**
 * Ending a plan before its period ends (docs/product.md "Plans and packages"): the expert ends it (or closes the plan
 * for everyone, or hides their profile), or the team ends it (one plan, or all of an expert's when it suspends the
 * account or unpublishes the profile): the current period's sessions not yet booked are refunded to the client's
 * card — the unused share, pro rata of the month's sessions — and the plan ends now. Sessions already booked keep their own escrow. Both sides are e-mailed. Runs in the caller's transaction.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { formatMoney } from '../../../shared/pricing.js';
import type { Tx } from '../../db/client.js';
import { planPeriods, subscriptions } from '../../db/schema.js';
import type { FailureReport } from '../../infra/failure-report.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import { settlePrepaid } from '../packages/prepaid-service.js';
import { stopRenewals } from './billing-service.js';
import { expertPlanEmail, noRefund, planEndedEmail, type RefundFacts } from './emails.js';
import { emailBothSides, latestPeriod, type SubscriptionRow } from './period-service.js';
import { clock } from '../../clock.js';

export type EndDeps = { provider: PaymentProvider; baseUrl: string; report?: FailureReport };

/**
 * Refunds every unused session of `sub`'s current period (locked by the caller) to the card under processor key
 * `key`, and marks the period settled. Returns the cents refunded (0 when nothing was left, or in a free trial) and
 * the period's receipt number (null for a trial), which the refund's e-mail names.
 */
export async function refundCurrentPeriod(
  tx: Tx,
  provider: PaymentProvider,
  sub: SubscriptionRow,
  key: string,
  actorId: string | null,
  note: string,
  now: Date,
): Promise<RefundFacts> {
  const period = await latestPeriod(tx, sub.id);
  if (!period || period.settledAt) return noRefund;
  const { cents } = await settlePrepaid(
    tx,
    provider,
    { periodId: period.id, providerRef: period.providerRef, platformFeeBps: sub.platformFeeBps },
    { kind: 'refund', key, actorId, note },
    now,
  );
  await tx.update(planPeriods).set({ settledAt: now }).where(eq(planPeriods.id, period.id));
  return { cents, receiptNumber: period.receiptNumber };
}

/**
 * Ends the live subscription `sub` (locked by the caller) now, by the expert or the team (stored as `ended_by`), for
 * `reason`, refunding the current period's unused share. Returns the cents refunded; no-op (0) for a subscription
 * already ended.
 */
export async function endSubscriptionNow(
  tx: Tx,
  deps: EndDeps,
  sub: SubscriptionRow,
  by: 'expert' | 'team',
  actorId: string | null,
  reason: string,
  now: Date,
): Promise<number> {
  if (sub.endedAt) return 0;
  await stopRenewals(tx, deps, sub, 'now', `plan-end:${sub.id}:stop`, now);
  const refunded = await refundCurrentPeriod(tx, deps.provider, sub, `plan-end:${sub.id}`, actorId, reason, now);
  const { cents } = refunded;
  await tx
    .update(subscriptions)
    .set({
      status: 'ended',
      endedAt: now,
      endReason: reason,
      endedBy: by,
      nextAttemptAt: null,
      actionInvoiceRef: null,
      cancelAtPeriodEnd: false,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, sub.id));
  const refund = cents > 0 ? ` ${formatMoney(cents, sub.currency)} of unused sessions was refunded to them.` : '';
  await emailBothSides(tx, sub, {
    client: (to) => planEndedEmail(sub, by, now, refunded, to, deps.baseUrl),
    expert: (to) =>
      expertPlanEmail(sub, `${sub.clientName}'s plan has ended`, `${sub.clientName}'s plan ${sub.name} has ended (${reason}).${refund}`, to, deps.baseUrl),
  });
  return cents;
}

/**
 * Ends every live subscription to the plans of expert `expertId` (or of plan `planId` only), each under its row lock:
 * the expert ended a plan, was suspended or unpublished. Returns how many ended.
 */
export async function endSubscriptionsOf(
  tx: Tx,
  deps: EndDeps,
  target: { expertId: string; planId?: string },
  by: { side: 'expert' | 'team'; actorId: string | null; reason: string },
  now = clock.now(),
): Promise<number> {
  const live = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.expertId, target.expertId), isNull(subscriptions.endedAt), ...(target.planId ? [eq(subscriptions.planId, target.planId)] : [])))
    .for('update');
  for (const sub of live) await endSubscriptionNow(tx, deps, sub, by.side, by.actorId, by.reason, now);
  return live.length;
}
