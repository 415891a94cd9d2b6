/**
 * POST /api/subscriptions/{id}/cancel (docs/product.md "Plans and packages"): the client cancels their plan. It stays
 * theirs until the period ends and is not renewed — except within 48 hours of a renewal with no session of that month
 * booked, when the month is refunded in full and the plan ends now. A plan whose renewal is being retried ends now
 * (nothing was charged). With Stripe Billing its Stripe Subscription is told the same. Both sides are e-mailed.
 */
import { eq } from 'drizzle-orm';
import { cancelRefundsPeriod, planMessages as m } from '../../../../shared/plans.js';
import type { SubscriptionView } from '../../../../shared/schemas/plans.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { subscriptions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import type { FailureReport } from '../../../infra/failure-report.js';
import type { PaymentProvider } from '../../../infra/payments/provider.js';
import { stopRenewals } from '../billing-service.js';
import { expertPlanEmail, noRefund, planEndedEmail } from '../emails.js';
import { refundCurrentPeriod } from '../ending-service.js';
import { bookedInPeriod, emailBothSides, latestPeriod, lockSubscription } from '../period-service.js';
import { oneOfClient, subscriptionViews } from '../subscription-views.js';
import { clock } from '../../../clock.js';

/**
 * Cancels subscription `id` of `client` at `now`. Returns it as the client sees it. 404 not the client's; 409 'This
 * plan is already cancelled.' (ended, or cancelled to end with its period).
 */
export async function cancelSubscription(
  db: Db,
  deps: { provider: PaymentProvider; baseUrl: string; report?: FailureReport },
  client: CurrentUser,
  id: string,
  now = clock.now(),
): Promise<SubscriptionView> {
  await db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    if (!sub || sub.clientId !== client.id) throw new AppError('NOT_FOUND', m.subscriptionNotFound);
    if (sub.endedAt || sub.cancelAtPeriodEnd) throw new AppError('CONFLICT', m.alreadyCancelled);
    const period = await latestPeriod(tx, sub.id);
    const refundable = period && sub.status !== 'past_due' && cancelRefundsPeriod(period, await bookedInPeriod(tx, period.id), now);
    const endsNow = refundable || sub.status === 'past_due';
    await stopRenewals(tx, deps, sub, endsNow ? 'now' : 'period_end', `plan-cancel:${sub.id}:stop`, now);
    const refund = refundable
      ? await refundCurrentPeriod(tx, deps.provider, sub, `plan-cancel:${sub.id}`, client.id, 'cancelled within 48 hours of the renewal', now)
      : noRefund;
    await tx
      .update(subscriptions)
      .set(
        endsNow
          ? { status: 'cancelled', endedAt: now, endReason: 'cancelled by the client', nextAttemptAt: null, actionInvoiceRef: null, updatedAt: now }
          : { cancelAtPeriodEnd: true, updatedAt: now },
      )
      .where(eq(subscriptions.id, sub.id));
    const endsAt = endsNow ? now : sub.currentPeriodEnd;
    await emailBothSides(tx, sub, {
      client: (to) => planEndedEmail(sub, 'client', endsAt, refund, to, deps.baseUrl),
      expert: (to) =>
        expertPlanEmail(
          sub,
          `${sub.clientName} cancelled their plan`,
          endsNow ? `${sub.clientName} cancelled ${sub.name}; it has ended.` : `${sub.clientName} cancelled ${sub.name}; it ends with the current month.`,
          to,
          deps.baseUrl,
        ),
    });
  });
  const [view] = await subscriptionViews(db, oneOfClient(id, client.id), now, 1);
  return view!;
}
