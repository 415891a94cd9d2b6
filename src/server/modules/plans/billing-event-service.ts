/**
 * Stripe Billing's webhook events for monthly plans (docs/product.md "Plans and packages"; docs/decisions/039-stripe-billing-for-plans.md),
 * applied in the transaction of payments/stripe-webhook-service.ts that records the event id (a replay changes
 * nothing). Each starts from the state it expects, under the subscription's row lock, so the same fact told twice
 * under different event ids, or out of order, changes nothing more:
 *   invoice.paid — a first month paid after the bank's 3-D Secure step: the plan starts (settle-plan-start.ts);
 *       a renewal (or the first month after a trial) paid: the month granted with its sessions, its charge
 *       held as the simulated renewal's is (one period per invoice, unique); a plan that had already ended is refunded;
 *   invoice.payment_failed — past due until Stripe's next smart retry, or lapsed when Stripe has none left (the
 *       Stripe Subscription is then cancelled and the invoice voided); both sides e-mailed at each step;
 *   invoice.payment_action_required (or a failure whose PaymentIntent awaits the bank) — a renewal whose bank asks
 *       for 3-D Secure: past due until the next retry, and the client e-mailed, once, the link to confirm it;
 *   customer.subscription.deleted — a plan cancelled to end with its period ends; one whose retries ran out lapses
 *       (its renewal invoice voided);
 *       one ended at Stripe otherwise ends now with its month's unused share refunded;
 *   charge.dispute.created on a month's charge — the plan ends; the month's unbooked shares are counted refunded (the
 *       card network holds the money) and its booked sessions' payments disputed, so nothing of it is released;
 *   charge.refunded on a month's charge — already in the ledger (Mentora made the refund): acknowledged only;
 *   customer.subscription.updated to incomplete_expired — a start awaiting the bank that Stripe let expire: given up.
 * The first month of a subscription is written when subscribing, and a change of plan's rest of the month with the
 * change: their invoices' events are acknowledged only (only a renewal's, `subscription_cycle`, grants a month).
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '../../db/client.js';
import { planPeriods, subscriptions } from '../../db/schema.js';
import type { FailureReport } from '../../infra/failure-report.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import { settlePrepaid } from '../packages/prepaid-service.js';
import { recordChargebacksOfCharge } from '../payments/authorisation-service.js';
import { stopRenewals } from './billing-service.js';
import { endSubscriptionNow } from './ending-service.js';
import { emailBothSides, latestPeriod, type SubscriptionRow } from './period-service.js';
import { expertPlanEmail, renewalAwaitingBankEmail } from './emails.js';
import { endWithPeriod, recordFailedRenewal, recordRenewal } from './renewal-service.js';
import { settlePlanStartByRef } from './use-cases/settle-plan-start.js';

export type BillingEventDeps = { provider: PaymentProvider; baseUrl: string; report?: FailureReport };
type Outcome = 'applied' | 'ignored';

const idOf = (ref: string | { id: string } | null | undefined): string | null => (typeof ref === 'string' ? ref : (ref?.id ?? null));
const at = (seconds: number) => new Date(seconds * 1000);

/** The subscription renewed by Stripe Subscription `ref`, locked; null when none is ours. */
async function lockByRef(tx: Tx, ref: string | null): Promise<SubscriptionRow | null> {
  if (!ref) return null;
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionRef, ref)).for('update');
  return row ?? null;
}

const subscriptionOf = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription);

async function onInvoicePaid(tx: Tx, deps: BillingEventDeps, invoice: Stripe.Invoice, now: Date): Promise<Outcome> {
  const ref = subscriptionOf(invoice);
  // A first invoice paid after the bank's 3-D Secure step: the plan starts now, if it was not started already.
  if (invoice.billing_reason === 'subscription_create' && ref && (await settlePlanStartByRef(tx, deps, ref, now))) return 'applied';
  const sub = await lockByRef(tx, ref);
  // Only a renewal grants a month: the first month was written when subscribing, a change of plan's invoice with it.
  if (!sub || invoice.billing_reason !== 'subscription_cycle' || invoice.amount_paid <= 0) return 'ignored';
  const [known] = await tx.select({ id: planPeriods.id }).from(planPeriods).where(eq(planPeriods.providerInvoiceRef, invoice.id));
  if (known) return 'ignored';
  const paymentRef = await deps.provider.billing!.invoicePayment(invoice.id);
  // Thrown, not ignored: Stripe delivers the event again and the month is granted then.
  if (!paymentRef) throw new Error(`Stripe invoice ${invoice.id} is paid but names no payment`);
  if (sub.endedAt) {
    // The plan ended here before Stripe heard of it: a month nobody can use is given back (a request that moved money).
    await deps.provider.refund({ providerRef: paymentRef, amountCents: invoice.amount_paid, idempotencyKey: `plan-invoice-refund:${invoice.id}` });
    await stopRenewals(tx, deps, sub, 'now', `plan-end:${sub.id}:stop`, now);
    return 'applied';
  }
  const line = invoice.lines.data.find((l) => idOf(l.subscription) === sub.providerSubscriptionRef || l.parent?.type === 'subscription_item_details');
  const period = line?.period ?? { start: invoice.period_end, end: invoice.period_end };
  const last = await latestPeriod(tx, sub.id);
  await recordRenewal(
    tx,
    deps,
    sub,
    {
      number: (last?.number ?? 0) + 1,
      startsAt: at(period.start),
      endsAt: at(period.end),
      amountCents: invoice.amount_paid,
      providerRef: paymentRef,
      providerInvoiceRef: invoice.id,
    },
    now,
  );
  return 'applied';
}

async function onInvoiceFailed(tx: Tx, deps: BillingEventDeps, invoice: Stripe.Invoice, now: Date): Promise<Outcome> {
  const sub = await lockByRef(tx, subscriptionOf(invoice));
  // A refused first month or change of plan was answered at once and left nothing owed: only a renewal can fail here.
  if (!sub || sub.endedAt || invoice.billing_reason !== 'subscription_cycle') return 'ignored';
  // A report of an earlier try, arriving late, changes nothing.
  if (sub.status === 'past_due' && sub.failedAttempts >= invoice.attempt_count) return 'ignored';
  const nextAt = invoice.next_payment_attempt ? at(invoice.next_payment_attempt) : null;
  // Stripe tells a renewal awaiting the bank's step by this event too: the client is asked to confirm, not told of a refusal.
  if (nextAt && (sub.actionInvoiceRef === invoice.id || (await deps.provider.billing!.invoiceAction(invoice.id)).state === 'awaiting_bank'))
    return awaitBank(tx, deps, sub, invoice, nextAt, now);
  await recordFailedRenewal(tx, deps, sub, invoice.attempt_count, nextAt, now);
  if (!nextAt) await stopRenewals(tx, deps, sub, 'now', `plan-lapse:${sub.id}`, now);
  return 'applied';
}

/**
 * Renewal `invoice` of `sub` waits for the client's bank (3-D Secure asked off-session): past due until Stripe's next
 * retry at `nextAt`, the invoice kept for the client's confirmation page, and both sides e-mailed once per invoice (the
 * client the page's link): a later retry asking again, or the fact told by both of Stripe's events, e-mails nothing more.
 */
async function awaitBank(tx: Tx, deps: BillingEventDeps, sub: SubscriptionRow, invoice: Stripe.Invoice, nextAt: Date, now: Date): Promise<Outcome> {
  const known = sub.actionInvoiceRef === invoice.id;
  await tx
    .update(subscriptions)
    .set({ status: 'past_due', actionInvoiceRef: invoice.id, failedAttempts: invoice.attempt_count, nextAttemptAt: nextAt, updatedAt: now })
    .where(eq(subscriptions.id, sub.id));
  if (known) return 'applied';
  await emailBothSides(tx, sub, {
    client: (to) => renewalAwaitingBankEmail(sub, invoice.amount_due, nextAt, to, deps.baseUrl),
    expert: (to) =>
      expertPlanEmail(
        sub,
        `${sub.clientName}'s renewal waits for their bank`,
        `${sub.clientName}'s bank asked them to confirm the renewal payment; we e-mailed them how.`,
        to,
        deps.baseUrl,
      ),
  });
  return 'applied';
}

/** invoice.payment_action_required: a renewal's bank asks for 3-D Secure. With no retry left, invoice.payment_failed lapses the plan instead. */
async function onActionRequired(tx: Tx, deps: BillingEventDeps, invoice: Stripe.Invoice, now: Date): Promise<Outcome> {
  const sub = await lockByRef(tx, subscriptionOf(invoice));
  if (!sub || sub.endedAt || invoice.billing_reason !== 'subscription_cycle' || invoice.status !== 'open' || !invoice.next_payment_attempt) return 'ignored';
  // A report of an earlier try, arriving late, changes nothing.
  if (sub.status === 'past_due' && sub.failedAttempts >= invoice.attempt_count) return 'ignored';
  return awaitBank(tx, deps, sub, invoice, at(invoice.next_payment_attempt), now);
}

async function onSubscriptionDeleted(tx: Tx, deps: BillingEventDeps, subscription: Stripe.Subscription, now: Date): Promise<Outcome> {
  const sub = await lockByRef(tx, subscription.id);
  if (!sub || sub.endedAt) return 'ignored';
  if (sub.cancelAtPeriodEnd) await endWithPeriod(tx, deps, sub, now);
  else if (sub.status === 'past_due') {
    // Stripe ended it before its last retry's word: it lapses, and the renewal's invoice left open is voided.
    await recordFailedRenewal(tx, deps, sub, sub.failedAttempts, null, now);
    await stopRenewals(tx, deps, sub, 'now', `plan-lapse:${sub.id}`, now);
  } else await endSubscriptionNow(tx, deps, sub, 'team', null, 'ended at the payment processor', now);
  return 'applied';
}

/** A card dispute of a month's charge `intentId`; null when the charge is no plan's. */
async function onDispute(tx: Tx, deps: BillingEventDeps, dispute: Stripe.Dispute, now: Date): Promise<Outcome | null> {
  const intentId = idOf(dispute.payment_intent);
  if (!intentId) return null;
  const [month] = await tx.select().from(planPeriods).where(eq(planPeriods.providerRef, intentId)).for('update');
  if (!month) return null;
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, month.subscriptionId)).for('update');
  const note = `card dispute ${dispute.id}: ${dispute.reason}`;
  if (!month.settledAt) {
    // The network holds the money: the unbooked shares move nothing at Stripe and are counted as given back.
    await settlePrepaid(
      tx,
      deps.provider,
      { periodId: month.id, providerRef: null, platformFeeBps: sub!.platformFeeBps },
      { kind: 'refund', key: `plan-dispute:${dispute.id}`, actorId: null, note },
      now,
    );
    await tx.update(planPeriods).set({ settledAt: now }).where(eq(planPeriods.id, month.id));
  }
  await recordChargebacksOfCharge(tx, 'stripe', intentId, note, now);
  await endSubscriptionNow(tx, deps, sub!, 'team', null, 'the card payment was disputed', now);
  return 'applied';
}

/**
 * Applies `event` when it is Stripe Billing's for a plan, in `tx` (the event id already recorded there). Returns
 * 'applied' or 'ignored', or null for an event that is no plan's (the payments module applies it). Throws when Stripe
 * cannot be reached, so that Stripe delivers the event again.
 */
export async function applyBillingEvent(tx: Tx, deps: BillingEventDeps, event: Stripe.Event, now: Date): Promise<Outcome | null> {
  switch (event.type) {
    case 'invoice.paid':
      return onInvoicePaid(tx, deps, event.data.object, now);
    case 'invoice.payment_failed':
      return onInvoiceFailed(tx, deps, event.data.object, now);
    case 'invoice.payment_action_required':
      return onActionRequired(tx, deps, event.data.object, now);
    case 'customer.subscription.deleted':
      return onSubscriptionDeleted(tx, deps, event.data.object, now);
    // A start awaiting the bank that Stripe let expire (23 hours without its first payment) starts nothing.
    case 'customer.subscription.updated':
      return event.data.object.status === 'incomplete_expired' && (await settlePlanStartByRef(tx, deps, event.data.object.id, now)) ? 'applied' : null;
    case 'charge.dispute.created':
      return onDispute(tx, deps, event.data.object, now);
    case 'charge.refunded': {
      const intentId = idOf(event.data.object.payment_intent);
      const [month] = intentId ? await tx.select({ id: planPeriods.id }).from(planPeriods).where(eq(planPeriods.providerRef, intentId)) : [];
      return month ? 'ignored' : null;
    }
    default:
      return null;
  }
}
