/**
 * Settling a 3-D Secure reservation (docs/product.md "Payments"). When the card needs extra authentication,
 * book-session.ts writes the session as pending_payment with `reserved_until` = now + 15 minutes (the exclusion
 * constraints count it, so nobody else can take the slot) and a pending payment. A reservation is settled from
 * what the payment processor says, by the payment's id, never from what the browser says:
 *   held (authorised or charged) → booked; payment held + 'hold' event; both booking e-mails
 *   failed (declined / cancelled)  → expired; payment failed; the intent is cancelled (when the processor fails, by
 *                                    the payment retries job: payment-retry-service.ts); the slot is free
 *   still pending                  → unchanged until `reserved_until`, then cancelled + expired as above
 * Each settlement locks the session row and runs in one transaction, so the browser's call
 * (complete-reservation.ts), the webhook and the expiry job (expire-reservations.ts), on any number of servers,
 * settle a reservation once.
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../../../shared/messages.js';
import { reservationWords } from '../../../../shared/reservation-words.js';
import type { Tx } from '../../../db/client.js';
import { sessions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { outboxInsert } from '../../../infra/mail/outbox.js';
import { confirmPendingHold, failPendingHold, lockPaymentOfSession } from '../../payments/authorisation-service.js';
import { settleCredit } from '../../partners/credit-escrow-service.js';
import { queueGiveBack } from '../../payments/payment-retry-service.js';
import type { SessionDeps } from '../deps.js';
import { bookingEmails } from '../emails.js';
import { partiesOf } from '../parties.js';
import type { SessionRow } from '../session-view.js';
import { clock } from '../../../clock.js';

export type ReservationOutcome = 'booked' | 'expired' | 'pending_payment';

/** Settles the locked pending_payment session `s` inside `tx`, at `now` (see the file comment). */
export async function settleLocked(tx: Tx, deps: SessionDeps, s: SessionRow, now: Date): Promise<ReservationOutcome> {
  const payment = await lockPaymentOfSession(tx, s.id);
  if (!payment) throw new Error(`reservation ${s.id} has no payment`);
  let voided = false;
  let voidFailure: unknown;
  const voidIntent = async () => {
    voided = true;
    await deps.provider.cancel({ providerRef: payment.providerRef, idempotencyKey: `expire:${payment.id}` }).catch((err: unknown) => {
      voidFailure = err ?? new Error('void failed');
    });
  };
  let answer = await deps.provider.check(payment.providerRef);
  const timeUp = Boolean(s.reservedUntil && s.reservedUntil.getTime() <= now.getTime());
  if (answer.state === 'pending' && timeUp) {
    // Void the authorisation. If the customer completed it meanwhile, the processor refuses the
    // cancellation and the fresh answer books the session after all.
    await voidIntent();
    answer = await deps.provider.check(payment.providerRef);
  }
  if (answer.state === 'held') {
    await tx.update(sessions).set({ status: 'booked', reservedUntil: null, updatedAt: now }).where(eq(sessions.id, s.id));
    await confirmPendingHold(tx, deps.baseUrl, payment, answer, s.clientId, now);
    const mails = bookingEmails(s, await partiesOf(tx, s), deps);
    if (mails.length) await outboxInsert(tx, mails);
    return 'booked';
  }
  if (answer.state === 'pending') {
    // Still reserved: the reservation expiry job tries the void again in 30 seconds.
    if (voidFailure)
      deps.report?.('payment_action', { err: voidFailure, sessionId: s.id }, 'lapsed reservation not voided; retried by the reservation expiry job');
    return 'pending_payment';
  }
  if (!voided) await voidIntent();
  // The session expires now, so the authorisation must not outlive it: voided (or refunded) by the payment retries job.
  if (voidFailure) {
    const giveBack = { providerRef: payment.providerRef, amountCents: payment.amountCents, idempotencyKey: `expire:${payment.id}`, why: 'reservation expired' };
    await queueGiveBack(tx, deps, giveBack, voidFailure, now);
  }
  await tx
    .update(sessions)
    .set({ status: 'expired', reservedUntil: null, cancelReason: reservationWords(s.kind).expired, updatedAt: now })
    .where(eq(sessions.id, s.id));
  await failPendingHold(tx, payment, now);
  // The organisation's credit reserved with it goes back to the wallet (docs/product.md "Booking with credit").
  await settleCredit(tx, s.id, payment.creditCents, null, reservationWords(s.kind).expired);
  return 'expired';
}

/**
 * Settles the reservation of session `sessionId` inside the caller's `tx`, at `now` (used by the payment
 * webhooks), and returns its status afterwards; a session that is not pending_payment is left as it is.
 * 404 'Session not found'.
 */
export async function settleReservationIn(tx: Tx, deps: SessionDeps, sessionId: string, now = clock.now()): Promise<string> {
  const [s] = await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update');
  if (!s) throw new AppError('NOT_FOUND', messages.session.notFound);
  return s.status === 'pending_payment' ? settleLocked(tx, deps, s, now) : s.status;
}
