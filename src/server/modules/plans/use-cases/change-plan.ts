/**
 * Changing plan (docs/product.md "Plans and packages", "Changing plan"): a client moves their live plan to another
 * open plan of the same expert now, prorated as Stripe prorates a price change (shared/plans.ts `prorateChange`): a
 * credit for the old price's unused time — at most what the month's sessions not yet booked hold, since a booked
 * session keeps its own escrow — refunded to the card, and a charge for the new price's remaining time. The month
 * splits at the change: the old part ends now, its unbooked shares refunded up to the credit and the rest released
 * to the expert; the new part runs to the same renewal with the new plan's sessions. During a free trial nothing is
 * charged or credited. The new terms are frozen from now; both sides are e-mailed. With Stripe Billing the charge is
 * an invoice of the Stripe Subscription and the Subscription renews at the new plan's Price
 * (docs/decisions/039-stripe-billing-for-plans.md); the credit is refunded to the card as with the simulated provider.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { periodSettlesAt, planMessages as m, prorateChange } from '../../../../shared/plans.js';
import { formatMoney } from '../../../../shared/pricing.js';
import type { SubscriptionView } from '../../../../shared/schemas/plans.js';
import { isUuid } from '../../../../shared/ids.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db, Tx } from '../../../db/client.js';
import { experts, planPeriods, plans, prepaidSessions, subscriptions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { cardRefusal } from '../../../infra/payments/card-refusal.js';
import { chargeChange, moveRenewals } from '../billing-service.js';
import { PaymentInterrupted, type PaymentProvider } from '../../../infra/payments/provider.js';
import { giveBackOrQueue } from '../../payments/payment-retry-service.js';
import { settleSplit } from '../../packages/prepaid-service.js';
import { expertPlanEmail, planChangedEmail } from '../emails.js';
import { emailBothSides, grantPeriod, latestPeriod, lockSubscription, type PeriodRow, type SubscriptionRow } from '../period-service.js';
import { oneOfClient, subscriptionViews } from '../subscription-views.js';
import { clock } from '../../../clock.js';

type Deps = { db: Db; provider: PaymentProvider; baseUrl: string };
type PlanRow = typeof plans.$inferSelect;

/** What a change moves, in cents: the credit refunded for the old plan's unused time and the charge for the new plan's rest of the month. */
export type ChangeQuote = { creditCents: number; chargeCents: number };

/** The subscription `id` of `client` (locked), the plan `planId` it would change to and the current period; refuses what cannot change. */
async function changeable(tx: Tx, client: CurrentUser, id: string, planId: string) {
  const sub = await lockSubscription(tx, id);
  if (!sub || sub.clientId !== client.id) throw new AppError('NOT_FOUND', m.subscriptionNotFound);
  if (sub.endedAt) throw new AppError('CONFLICT', m.notLive);
  if (sub.cancelAtPeriodEnd) throw new AppError('CONFLICT', m.alreadyCancelled);
  if (sub.status === 'past_due') throw new AppError('CONFLICT', m.pastDue);
  if (!isUuid(planId)) throw new AppError('NOT_FOUND', m.notFound);
  const [plan] = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.expertId, sub.expertId)));
  if (!plan) throw new AppError('NOT_FOUND', m.notFound);
  if (plan.id === sub.planId) throw new AppError('CONFLICT', m.samePlan);
  if (!plan.open) throw new AppError('CONFLICT', m.closed);
  const period = await latestPeriod(tx, sub.id);
  return { sub, plan, period: period! };
}

/** The prorated lines of changing `sub` in `period` to `plan` at `now`; the credit at most the period's unbooked shares. */
async function quote(tx: Tx, period: PeriodRow, plan: PlanRow, now: Date): Promise<ChangeQuote> {
  if (period.kind === 'trial') return { creditCents: 0, chargeCents: 0 };
  const lines = prorateChange(period, period.amountCents, plan.priceCents, now);
  const [unbooked] = await tx
    .select({ cents: sql<number>`coalesce(sum(${prepaidSessions.shareCents}), 0)::int` })
    .from(prepaidSessions)
    .where(and(eq(prepaidSessions.periodId, period.id), eq(prepaidSessions.status, 'available')));
  const quoted = { creditCents: Math.min(lines.creditCents, unbooked?.cents ?? 0), chargeCents: lines.chargeCents };
  // The rest of the month is too short to hold the new plan's sessions (each share at least a cent).
  if (quoted.chargeCents < plan.sessionCount) throw new AppError('CONFLICT', m.monthNearlyOver);
  return quoted;
}

/**
 * GET /api/subscriptions/{id}/change?planId=: what changing subscription `id` of `client` to plan `planId` at `now`
 * would credit and charge (cents), moving nothing. 404 not the client's, or not a plan of the expert; 409 ended,
 * cancelled, payment failing, the same plan, closed, or the month nearly over.
 */
export async function quotePlanChange(db: Db, client: CurrentUser, id: string, planId: string, now = clock.now()): Promise<ChangeQuote> {
  return db.transaction(async (tx) => {
    const { plan, period } = await changeable(tx, client, id, planId);
    return quote(tx, period, plan, now);
  });
}

/**
 * POST /api/subscriptions/{id}/change `{ planId }`: changes subscription `id` of `client` to plan `planId` at `now`.
 * Returns the subscription as the client sees it and the lines moved. Errors as quotePlanChange, and 400 or 402 the
 * saved card refused the charge (nothing changes). If the processor or the database refuses the change after the
 * charge, the charge is given back (or queued for the payment retries job) and a Stripe Subscription moved to the new
 * Price is moved back. 503 when the processor could not be reached mid-way through the charge: its invoice is given
 * back (deleted, voided or refunded) now or by the payment retries job, and nothing changes.
 */
export async function changePlan(
  deps: Deps,
  client: CurrentUser,
  id: string,
  planId: string,
  now = clock.now(),
): Promise<{ subscription: SubscriptionView; proration: ChangeQuote }> {
  let charged: { providerRef: string; amountCents: number; key: string } | null = null;
  let moved: { ref: string; previousPrice: string; key: string } | null = null;
  try {
    const proration = await deps.db.transaction(async (tx) => {
      const { sub, plan, period } = await changeable(tx, client, id, planId);
      const lines = await quote(tx, period, plan, now);
      const number = period.number + 1;
      // A key of its own per attempt: a retry after the database refused (and the charge was given back) charges anew.
      const key = `plan-change:${sub.id}:${number}:${randomUUID()}`;
      let providerRef: string | null = null;
      let providerInvoiceRef: string | null = null;
      if (period.kind === 'paid') {
        const charge = await chargeChange(tx, deps.provider, sub, {
          amountCents: lines.chargeCents,
          startsAt: now,
          endsAt: period.endsAt,
          releaseBy: periodSettlesAt(period.endsAt),
          idempotencyKey: key,
        });
        if (!charge.ok) throw cardRefusal(charge);
        ({ providerRef, invoiceRef: providerInvoiceRef } = charge);
        charged = { providerRef: charge.providerRef, amountCents: lines.chargeCents, key };
      }
      const previousPrice = await moveRenewals(tx, deps.provider, sub, plan, `${key}:price`);
      if (previousPrice) moved = { ref: sub.providerSubscriptionRef!, previousPrice, key: `${key}:price-back` };
      await splitMonth(tx, deps.provider, sub, period, lines.creditCents, client.id, `changed to ${plan.name}`, now);
      const terms = {
        planId: plan.id,
        name: plan.name,
        priceCents: plan.priceCents,
        sessionCount: plan.sessionCount,
        durationMinutes: plan.durationMinutes,
        chatPromise: plan.chatPromise,
      };
      await tx
        .update(subscriptions)
        .set({ ...terms, currentPeriodStart: now, updatedAt: now })
        .where(eq(subscriptions.id, sub.id));
      const changed = { ...sub, ...terms };
      const part = await grantPeriod(
        tx,
        changed,
        { number, kind: period.kind, startsAt: now, endsAt: period.endsAt, amountCents: lines.chargeCents, providerRef, providerInvoiceRef },
        now,
      );
      await emailBothSides(tx, sub, {
        client: (to) =>
          planChangedEmail(
            changed,
            { receiptNumber: part.receiptNumber, refundOf: period.receiptNumber, fromName: sub.name, ...lines, endsAt: period.endsAt },
            to,
            now,
            deps.baseUrl,
          ),
        expert: (to) =>
          expertPlanEmail(
            changed,
            `${sub.clientName} changed plan`,
            `${sub.clientName} changed from ${sub.name} to ${plan.name} (${formatMoney(plan.priceCents, sub.currency)} a month from the next renewal).`,
            to,
            deps.baseUrl,
          ),
      });
      return lines;
    });
    const [subscription] = await subscriptionViews(deps.db, oneOfClient(id, client.id), now, 1);
    return { subscription: subscription!, proration };
  } catch (err) {
    // Typed as assigned inside the transaction's callback, which TypeScript cannot follow.
    const given = charged as { providerRef: string; amountCents: number; key: string } | null;
    const renewing = moved as { ref: string; previousPrice: string; key: string } | null;
    if (given)
      await giveBackOrQueue(
        deps.db,
        deps,
        { providerRef: given.providerRef, amountCents: given.amountCents, idempotencyKey: `${given.key}:refund`, why: 'plan change refused' },
        now,
      );
    // Stripe renews at the plan the client still has.
    if (renewing) await deps.provider.billing!.changePrice(renewing.ref, renewing.previousPrice, renewing.key);
    if (err instanceof PaymentInterrupted) {
      // The change's invoice is never paid again under a new key nor left open: deleted, voided or refunded, now or
      // by the payment retries job (decision 039).
      const why = 'plan change interrupted mid-payment';
      await giveBackOrQueue(
        deps.db,
        deps,
        { providerRef: err.providerRef, amountCents: err.amountCents, idempotencyKey: `${err.providerRef}:give-back`, why },
        now,
      );
      throw new AppError('UNAVAILABLE', m.changeInterrupted);
    }
    throw err;
  }
}

/**
 * Ends the part of `period` before the change at `now`: its unbooked sessions are settled — up to `creditCents` of
 * their shares refunded to the card, the rest released to the expert net of the frozen commission — and it ends now
 * (unless nothing of it has passed).
 */
async function splitMonth(
  tx: Tx,
  provider: PaymentProvider,
  sub: SubscriptionRow,
  period: PeriodRow,
  creditCents: number,
  actorId: string,
  note: string,
  now: Date,
) {
  const [expert] = await tx.select({ account: experts.stripeAccountId }).from(experts).where(eq(experts.id, sub.expertId));
  await settleSplit(
    tx,
    provider,
    { periodId: period.id, providerRef: period.providerRef, platformFeeBps: sub.platformFeeBps },
    // A trial's sessions hold nothing: they are settled as refunds of nothing.
    period.kind === 'trial' ? Infinity : creditCents,
    { key: `plan-change-credit:${sub.id}:${period.number}`, actorId, note, destinationAccount: expert?.account ?? null },
    now,
  );
  // A change at the very start of the month leaves its first part empty: it keeps its dates, all of it settled.
  const ends = now.getTime() > period.startsAt.getTime() ? { endsAt: now } : {};
  await tx
    .update(planPeriods)
    .set({ ...ends, settledAt: now })
    .where(eq(planPeriods.id, period.id));
}
