/** POST /api/sessions/{id}/cancel (docs/product.md "Sessions", "Cancellation policies"): booked → cancelled. */
import { and, eq } from 'drizzle-orm';
import { messages } from '../../../../shared/messages.js';
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import { canCancel, refundCents } from '../../../../shared/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Tx } from '../../../db/client.js';
import { sessions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { outboxInsert } from '../../../infra/mail/outbox.js';
import { returnToPackage } from '../../packages/prepaid-service.js';
import { refundPayment } from '../../payments/service.js';
import { offerFreeSeats } from '../../workshops/waitlist-service.js';
import type { SessionDeps } from '../deps.js';
import { cancellationEmails } from '../emails.js';
import { loadForParty, lockSession, viewForParty } from '../load-session.js';
import { partiesOf } from '../parties.js';
import type { SessionRow } from '../session-view.js';
import { clock } from '../../../clock.js';

/**
 * The client or the expert cancels a booked session before its start (at `now`) with `reason`. The client's
 * refund (integer cents) follows the cancellation policy stored with the session at booking (an expert's later
 * change does not apply: docs/security.md, "Policy change after booking"); an expert's cancellation refunds in
 * full; the rest of a held payment is released. Both parties get an e-mail in their own zone with the invite's
 * CANCEL (SEQUENCE raised), all in one transaction; the slot is then free. Returns the session as the caller sees
 * it. 403 / 404; 409 when not booked or already started.
 */
export async function cancelSession(deps: SessionDeps, user: CurrentUser, id: string, reason: string, now = clock.now()): Promise<SessionView> {
  const { side } = await loadForParty(deps.db, user, id);
  await deps.db.transaction(async (tx) => {
    const s = await lockSession(tx, id);
    if (!canCancel(s, now)) throw new AppError('CONFLICT', messages.session.badTransition);
    const refund = refundCents({ amountCents: s.totalAmountCents, policy: s.cancellationPolicy, cancelledBy: side, startsAt: s.startsAt, now });
    await cancelLockedSession(tx, deps, s, { side, userId: user.id }, reason, refund, now);
  });
  return viewForParty(deps.db, user, id);
}

/**
 * Cancels the booked session `s`, locked in `tx` by the caller who checked it may be cancelled: status cancelled by
 * `by.side` with `reason`, `refund` cents of a held payment refunded (the rest released), and both parties e-mailed
 * in their own zone with the invite's CANCEL (SEQUENCE raised). Also used when the client declines the expert's
 * proposed new time (decline-reschedule-proposal.ts), which refunds in full whatever the policy. A workshop seat's
 * freed place goes to the first client on the workshop's waitlist at once (docs/product.md "Workshops").
 */
export async function cancelLockedSession(
  tx: Tx,
  deps: SessionDeps,
  s: SessionRow,
  by: { side: 'client' | 'expert'; userId: string | null },
  reason: string,
  refund: number,
  now: Date,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ status: 'cancelled', cancelledBy: by.side, cancelReason: reason, cancelledAt: now, inviteSequence: s.inviteSequence + 1, updatedAt: now })
    .where(eq(sessions.id, s.id));
  const note = `cancelled by the ${by.side}: ${reason}`;
  // A package session refunded in full goes back to its package rather than to the card (docs/product.md "Plans and packages").
  const returned = refund > 0 && refund >= s.totalAmountCents && (await returnToPackage(tx, s, by.userId, note));
  const refunded = returned ? 'package' : await refundPayment(tx, deps, s.id, refund, by.userId, note);
  const name = by.side === 'client' ? s.clientName : s.expertName;
  const mails = cancellationEmails({ ...s, inviteSequence: s.inviteSequence + 1 }, await partiesOf(tx, s), name, reason, refunded, deps);
  if (mails.length) await outboxInsert(tx, mails);
  if (s.workshopId) await offerFreeSeats(tx, deps, s.workshopId, now);
}

/**
 * Cancels every booked seat of workshop `workshopId` in `tx`, on the expert's side (their account `expertUserId` in
 * the ledger; null when the minimum-attendance job cancels) with `reason` (docs/product.md "Workshops"): each seat
 * locked, cancelled by the expert, refunded in full, and its attendee e-mailed with the invite's CANCEL, like an
 * expert's cancellation of a session. Returns how many seats.
 */
export async function cancelSeatsOf(tx: Tx, deps: SessionDeps, workshopId: string, expertUserId: string | null, reason: string, now: Date): Promise<number> {
  const seats = await tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.workshopId, workshopId), eq(sessions.status, 'booked')))
    .for('update');
  for (const seat of seats) await cancelLockedSession(tx, deps, seat, { side: 'expert', userId: expertUserId }, reason, seat.totalAmountCents, now);
  return seats.length;
}
