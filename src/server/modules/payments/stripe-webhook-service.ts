/**
 * Applies verified Stripe webhook events to our ledger (docs/product.md "Payments"). Each event is applied in ONE transaction
 * that also records its id in `stripe_events`, so a replayed event changes nothing; each change also starts
 * only from the state it expects, so events arriving twice under different ids or out of order are harmless.
 *   payment_intent.succeeded / amount_capturable_updated / payment_failed / canceled
 *       → a 3-D Secure reservation is settled by asking Stripe by id (booked, or expired and the slot freed), and so are
 *         an organisation's credit purchase, a package purchase and a plan's start awaiting 3-D Secure (paid, or failed);
 *   setup_intent.succeeded / setup_failed / canceled → a plan's free trial awaiting its card's 3-D Secure, likewise;
 *   payment_intent.canceled on a held payment (authorisation voided at Stripe) → recorded as a full refund;
 *   charge.refunded → refunds our ledger does not know yet (e.g. made in Stripe's dashboard) of a session's or seat's
 *       own charge (a package's charge, paying several sessions, is refunded by Mentora only);
 *   charge.dispute.created → payment status disputed + a 'dispute' ledger event; the team is e-mailed; on a package's
 *       charge the package ends and every session payment drawn from it is disputed (packages/use-cases/dispute-package-charge.ts);
 *   invoice.paid / invoice.payment_failed / invoice.payment_action_required / customer.subscription.deleted, and the disputes and refunds of a monthly
 *       plan's charges → Stripe Billing's for plans (plans/billing-event-service.ts).
 * Other event types are acknowledged and ignored.
 */
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { formatMoney } from '../../../shared/pricing.js';
import type { Tx } from '../../db/client.js';
import { packagePurchases, payments, stripeEvents, user as userTable } from '../../db/schema.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import { actionEmail } from '../../infra/mail/templates.js';
import { settleCreditPurchaseByRef } from '../partners/credit-purchase-service.js';
import { disputePackageCharge } from '../packages/use-cases/dispute-package-charge.js';
import { settlePackagePaymentByRef } from '../packages/use-cases/settle-package-payment.js';
import { applyBillingEvent } from '../plans/billing-event-service.js';
import { settlePlanStartByRef } from '../plans/use-cases/settle-plan-start.js';
import { settleReservationIn } from '../sessions/use-cases/settle-reservation.js';
import { lockPaymentByRef, recordChargeback, recordProviderRefund } from './authorisation-service.js';
import { clock } from '../../clock.js';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';
/** What settling a reservation needs (the sessions module's deps: database, provider, links for the e-mails). */
export type WebhookDeps = Parameters<typeof settleReservationIn>[1];

const intentEvents = new Set([
  'payment_intent.succeeded',
  'payment_intent.amount_capturable_updated',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

const setupEvents = new Set(['setup_intent.succeeded', 'setup_intent.setup_failed', 'setup_intent.canceled']);

const idOf = (ref: string | { id: string } | null | undefined): string | null => (typeof ref === 'string' ? ref : (ref?.id ?? null));

async function onIntent(tx: Tx, deps: WebhookDeps, event: Stripe.Event, now: Date): Promise<WebhookOutcome> {
  const intent = event.data.object as Stripe.PaymentIntent;
  // Read without a lock first: settling locks the session, then its payment (the order every path uses).
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'stripe'), eq(payments.providerRef, intent.id)));
  // Not a booking's: perhaps an organisation's credit (docs/product.md "Partners") or a package bought by card, awaiting the bank.
  if (!payment)
    return (await settleCreditPurchaseByRef(tx, deps, 'stripe', intent.id, now)) ||
      (await settlePackagePaymentByRef(tx, deps, 'stripe', intent.id, now)) ||
      (await settlePlanStartByRef(tx, deps, intent.id, now))
      ? 'applied'
      : 'ignored';
  if (payment.status === 'pending') {
    await settleReservationIn(tx, deps, payment.sessionId, now);
    return 'applied';
  }
  if (event.type === 'payment_intent.canceled') {
    const locked = await lockPaymentByRef(tx, 'stripe', intent.id);
    if (locked?.status === 'held' && (await recordProviderRefund(tx, deps.baseUrl, locked, locked.amountCents, 'authorisation cancelled at Stripe', now)) > 0)
      return 'applied';
  }
  return 'ignored';
}

async function onRefund(tx: Tx, deps: WebhookDeps, charge: Stripe.Charge, now: Date): Promise<WebhookOutcome> {
  const intentId = idOf(charge.payment_intent);
  // A package's charge pays each of its sessions: the refunds Mentora makes on it are in the ledger as it makes them,
  // and the charge's total refunded cannot say whose they were (it would be counted against the first session found).
  if (intentId && (await tx.select({ id: packagePurchases.id }).from(packagePurchases).where(eq(packagePurchases.providerRef, intentId))).length > 0)
    return 'ignored';
  const payment = intentId ? await lockPaymentByRef(tx, 'stripe', intentId) : null;
  if (!payment) return 'ignored';
  return (await recordProviderRefund(tx, deps.baseUrl, payment, charge.amount_refunded, 'refund reported by Stripe', now)) > 0 ? 'applied' : 'ignored';
}

async function onDispute(tx: Tx, deps: WebhookDeps, dispute: Stripe.Dispute, now: Date): Promise<WebhookOutcome> {
  const intentId = idOf(dispute.payment_intent);
  if (!intentId) return 'ignored';
  const note = `card dispute ${dispute.id}: ${dispute.reason}`;
  // A package's charge pays each of its sessions: the dispute ends the package and covers every one of them.
  const pack = await disputePackageCharge(tx, deps, { provider: 'stripe', providerRef: intentId, disputeId: dispute.id }, note, now);
  if (pack) {
    if (pack === 'applied') await tellTeamOfDispute(tx, deps, dispute, 'a package payment');
    return pack;
  }
  const payment = await lockPaymentByRef(tx, 'stripe', intentId);
  if (!payment || !(await recordChargeback(tx, payment, dispute.amount, note, now))) return 'ignored';
  await tellTeamOfDispute(tx, deps, dispute, 'a session payment');
  return 'applied';
}

/** E-mails the team that `dispute` was opened on `what` ('a session payment', 'a package payment', 'a monthly plan payment'). */
async function tellTeamOfDispute(tx: Tx, deps: WebhookDeps, dispute: Stripe.Dispute, what: string): Promise<void> {
  const team = await tx.select({ email: userTable.email }).from(userTable).where(eq(userTable.role, 'admin'));
  for (const { email: to } of team) {
    await enqueueEmail(
      tx,
      actionEmail({
        to,
        subject: `Card dispute opened on ${what}`,
        paragraphs: [
          `The cardholder disputed a payment of ${formatMoney(dispute.amount, dispute.currency.toUpperCase())} (reason: ${dispute.reason}).`,
          'The money is frozen until the card network decides; please answer the dispute in Stripe.',
        ],
        actionLabel: 'Open the team console',
        url: `${deps.baseUrl}/admin`,
      }),
    );
  }
}

/**
 * Applies one event whose signature was already verified. Returns 'duplicate' for an event id seen before,
 * 'ignored' when it changes nothing, else 'applied'. Throws (and records nothing) when Stripe cannot be
 * reached, so Stripe delivers the event again later.
 */
export async function applyStripeEvent(deps: WebhookDeps, event: Stripe.Event, now = clock.now()): Promise<WebhookOutcome> {
  return deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return 'duplicate';
    const plan = await applyBillingEvent(tx, deps, event, now);
    if (plan) {
      if (plan === 'applied' && event.type === 'charge.dispute.created') await tellTeamOfDispute(tx, deps, event.data.object, 'a monthly plan payment');
      return plan;
    }
    if (intentEvents.has(event.type)) return onIntent(tx, deps, event, now);
    if (setupEvents.has(event.type)) return (await settlePlanStartByRef(tx, deps, (event.data.object as Stripe.SetupIntent).id, now)) ? 'applied' : 'ignored';
    if (event.type === 'charge.refunded') return onRefund(tx, deps, event.data.object, now);
    if (event.type === 'charge.dispute.created') return onDispute(tx, deps, event.data.object, now);
    return 'ignored';
  });
}
