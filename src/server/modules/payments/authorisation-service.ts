/**
 * Payments that wait for the card's extra authentication (3-D Secure; docs/product.md "Payments") and payment facts
 * reported by the processor's webhooks. Like the ledger in service.ts, every function runs inside the
 * caller's transaction and changes a payment only from the state it expects, so a repeat changes nothing.
 * Amounts are integer cents.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { paymentEvents, payments } from '../../db/schema.js';
import { enqueueReceipt } from '../sessions/use-cases/send-receipt.js';
import type { PaymentRow } from './service.js';

/** The session's payment, row locked; null for a free session. */
export async function lockPaymentOfSession(tx: Tx, sessionId: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.sessionId, sessionId)).for('update');
  return row ?? null;
}

/** The payment with this processor reference (e.g. a Stripe PaymentIntent id), row locked; null when unknown. */
export async function lockPaymentByRef(tx: Tx, provider: string, providerRef: string): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
    .for('update');
  return row ?? null;
}

/**
 * pending → held once the card is authenticated: stores brand + last four, appends the 'hold' event and e-mails the
 * client the payment's receipt (links to `baseUrl`).
 */
export async function confirmPendingHold(
  tx: Tx,
  baseUrl: string,
  payment: PaymentRow,
  card: { cardBrand: string; cardLast4: string },
  actorId: string | null,
  now: Date,
): Promise<void> {
  if (payment.status !== 'pending') return;
  // Paid now: the database gives the receipt its number (migration 0047).
  const [paid] = await tx
    .update(payments)
    .set({ status: 'held', cardBrand: card.cardBrand, cardLast4: card.cardLast4, updatedAt: now })
    .where(eq(payments.id, payment.id))
    .returning({ receiptNumber: payments.receiptNumber });
  await tx
    .insert(paymentEvents)
    .values({ paymentId: payment.id, type: 'hold', amountCents: payment.amountCents, actorId, note: 'card authentication completed' });
  await enqueueReceipt(tx, baseUrl, { ...payment, ...card, receiptNumber: paid!.receiptNumber }, { type: 'payment' }, now);
}

/** pending → failed: the authentication failed or was abandoned; nothing was ever held, so no ledger event. */
export async function failPendingHold(tx: Tx, payment: PaymentRow, now: Date): Promise<void> {
  if (payment.status !== 'pending') return;
  await tx.update(payments).set({ status: 'failed', updatedAt: now }).where(eq(payments.id, payment.id));
}

/**
 * The processor reports `totalRefundedCents` refunded so far (e.g. a refund made in its dashboard). Records
 * only what our ledger does not know yet, as one 'refund' event, and e-mails the client its receipt (links to
 * `baseUrl`); status refunded or partially_refunded. Returns the newly recorded cents (0 when already known).
 */
export async function recordProviderRefund(tx: Tx, baseUrl: string, payment: PaymentRow, totalRefundedCents: number, note: string, now: Date): Promise<number> {
  if (!['held', 'released', 'partially_refunded', 'disputed'].includes(payment.status)) return 0;
  const total = Math.min(totalRefundedCents, payment.amountCents);
  const added = total - payment.refundedCents;
  if (added <= 0) return 0;
  const status = payment.status === 'disputed' ? 'disputed' : total === payment.amountCents ? 'refunded' : 'partially_refunded';
  await tx.update(payments).set({ status, refundedCents: total, updatedAt: now }).where(eq(payments.id, payment.id));
  await tx.insert(paymentEvents).values({ paymentId: payment.id, type: 'refund', amountCents: added, note });
  await enqueueReceipt(tx, baseUrl, { ...payment, refundedCents: total }, { type: 'refund', amountCents: added }, now);
  return added;
}

/**
 * The cardholder opened a chargeback: status disputed and a 'dispute' event of `amountCents`. The money is
 * frozen by the card network, so later releases and refunds of this payment move nothing. Once only.
 */
export async function recordChargeback(tx: Tx, payment: PaymentRow, amountCents: number, note: string, now: Date): Promise<boolean> {
  if (payment.status === 'disputed' || payment.status === 'pending' || payment.status === 'failed') return false;
  await tx.update(payments).set({ status: 'disputed', updatedAt: now }).where(eq(payments.id, payment.id));
  await tx.insert(paymentEvents).values({ paymentId: payment.id, type: 'dispute', amountCents: Math.min(amountCents, payment.amountCents), note });
  return true;
}

/**
 * The cardholder disputed charge `providerRef` at `provider`, which paid several sessions (a package's, or a plan
 * month's; docs/product.md "Plans and packages"): every session payment drawn from it whose money the dispute covers
 * — still held, or released, or refunded in part — is disputed for what was not refunded of it (recordChargeback),
 * each row locked. A payment given back to its package, or refunded in full, is not the dispute's. Returns how many
 * were disputed now (0 when the same dispute was already recorded).
 */
export async function recordChargebacksOfCharge(tx: Tx, provider: string, providerRef: string, note: string, now: Date): Promise<number> {
  const covered = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef), inArray(payments.status, ['held', 'released', 'partially_refunded'])))
    .orderBy(payments.createdAt, payments.id)
    .for('update');
  for (const payment of covered) await recordChargeback(tx, payment, payment.amountCents - payment.refundedCents, note, now);
  return covered.length;
}
