/**
 * What a renewal does, whoever charged it (docs/product.md "Plans and packages"): Mentora's renewal job with the
 * simulated provider, or Stripe Billing reporting its invoice by webhook. A paid renewal grants the next month with
 * its sessions and e-mails the receipt; a failed one marks the plan past due until the next try, or lapses it after
 * the last; a plan cancelled to end with its period ends. Both sides are e-mailed at each step. Each runs in the
 * caller's transaction under the subscription's row lock. Amounts in integer cents, instants UTC.
 */
import { eq } from 'drizzle-orm';
import { formatMoney } from '../../../shared/pricing.js';
import type { Tx } from '../../db/client.js';
import { subscriptions } from '../../db/schema.js';
import { expertPlanEmail, noRefund, periodReceiptEmail, planEndedEmail, renewalFailedEmail } from './emails.js';
import { emailBothSides, grantPeriod, type SubscriptionRow } from './period-service.js';

type Deps = { baseUrl: string };

/** The client cancelled: the plan `sub` ends with its period. */
export async function endWithPeriod(tx: Tx, deps: Deps, sub: SubscriptionRow, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      status: 'cancelled',
      endedAt: sub.currentPeriodEnd,
      endReason: 'cancelled by the client',
      nextAttemptAt: null,
      actionInvoiceRef: null,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, sub.id));
  await emailBothSides(tx, sub, {
    client: (to) => planEndedEmail(sub, 'client', sub.currentPeriodEnd, noRefund, to, deps.baseUrl),
    expert: (to) => expertPlanEmail(sub, `${sub.clientName}'s plan has ended`, `${sub.clientName}'s plan ${sub.name} ended as they asked.`, to, deps.baseUrl),
  });
}

/** Month `p.number` of `sub` was paid by charge `p.providerRef`: it is granted, the plan is active again, the receipt sent. */
export async function recordRenewal(
  tx: Tx,
  deps: Deps,
  sub: SubscriptionRow,
  p: { number: number; startsAt: Date; endsAt: Date; amountCents: number; providerRef: string; providerInvoiceRef?: string },
  now: Date,
): Promise<void> {
  const period = await grantPeriod(tx, sub, { ...p, kind: 'paid' }, now);
  await tx
    .update(subscriptions)
    .set({
      status: 'active',
      currentPeriodStart: p.startsAt,
      currentPeriodEnd: p.endsAt,
      failedAttempts: 0,
      nextAttemptAt: null,
      actionInvoiceRef: null,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, sub.id));
  await emailBothSides(tx, sub, {
    client: (to) =>
      periodReceiptEmail(
        sub,
        { receiptNumber: period.receiptNumber!, amountCents: p.amountCents, startsAt: p.startsAt, endsAt: p.endsAt },
        to,
        now,
        deps.baseUrl,
      ),
    expert: (to) =>
      expertPlanEmail(
        sub,
        `${sub.clientName}'s plan renewed`,
        `${sub.clientName} paid ${formatMoney(p.amountCents, sub.currency)} for another month of ${sub.name}.`,
        to,
        deps.baseUrl,
      ),
  });
}

/**
 * The renewal of `sub` failed for the `failures`-th time: past due until the next try at `nextAt`, or lapsed now when
 * there is none.
 */
export async function recordFailedRenewal(tx: Tx, deps: Deps, sub: SubscriptionRow, failures: number, nextAt: Date | null, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set(
      nextAt
        ? { status: 'past_due', failedAttempts: failures, nextAttemptAt: nextAt, updatedAt: now }
        : {
            status: 'lapsed',
            failedAttempts: failures,
            nextAttemptAt: null,
            actionInvoiceRef: null,
            endedAt: now,
            endReason: 'renewal payments failed',
            updatedAt: now,
          },
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
