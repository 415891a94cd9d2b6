/**
 * Moving a booked session to another free time (docs/product.md "Reschedule"): by the client themselves
 * (reschedule-session.ts) or when the client accepts the expert's proposed time. The payment stays as it is.
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import { pgError } from '../../db/errors.js';
import type { Tx } from '../../db/client.js';
import { sessionMoves, sessions } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { outboxInsert } from '../../infra/mail/outbox.js';
import { securePayment } from '../payments/service.js';
import type { SessionDeps } from './deps.js';
import { inviteUpdateEmails } from './emails.js';
import { partiesOf } from './parties.js';
import { moveTimeStatus } from './reschedule-slots.js';
import type { SessionRow } from './session-view.js';

/**
 * Moves the booked session `s` (locked in `tx` with lockSession by the caller, who checked who may move it) to start
 * at `newStartsAt`, keeping its duration, at `now`: `newStartsAt` must be one of the session's free times
 * (rescheduleSlots: the expert's availability, 2-hour notice, buffers, daily maximum; the session itself not busy).
 * Raises the invite's SEQUENCE, clears both reminders' sent marks (they go again before the new time), records the
 * move (session_moves, `movedBy`: 'client', or 'expert' when the client accepts the expert's proposal) and queues
 * both parties' e-mails with the updated invite, each in their own zone. The payment row is untouched: the hold stays
 * with the session and nothing is charged again; a move to a later time charges a card authorisation now so it cannot
 * lapse before the release (the money stays held).
 * Errors: 409 not booked; 422 a time the expert does not offer (outside availability, under the 2-hour notice, off
 * the grid) or the session's own time; 409 `messages.reschedule.notFree` when the new time is taken by another live
 * session of the expert (with buffers) or of the client, or would exceed the expert's daily maximum (the database's
 * exclusion constraints and daily-maximum trigger decide, under races too: migrations 0009, 0017).
 */
export async function moveSession(tx: Tx, deps: SessionDeps, s: SessionRow, newStartsAt: Date, movedBy: 'client' | 'expert', now: Date): Promise<void> {
  if (s.status !== 'booked') throw new AppError('CONFLICT', messages.reschedule.notUpcoming);
  if (newStartsAt.getTime() === s.startsAt.getTime()) throw new AppError('UNPROCESSABLE', messages.reschedule.sameTime);
  const status = await moveTimeStatus(tx, s, newStartsAt, now);
  if (status === 'offered-never') throw new AppError('UNPROCESSABLE', messages.reschedule.notSlot);
  if (status === 'taken') throw new AppError('CONFLICT', messages.reschedule.notFree);

  const moved = { ...s, startsAt: newStartsAt, endsAt: new Date(newStartsAt.getTime() + s.durationMinutes * 60_000), inviteSequence: s.inviteSequence + 1 };
  try {
    await tx
      .update(sessions)
      .set({
        startsAt: moved.startsAt,
        endsAt: moved.endsAt,
        inviteSequence: moved.inviteSequence,
        reminderSentAt: null,
        hourReminderSentAt: null,
        updatedAt: now,
      })
      .where(eq(sessions.id, s.id));
  } catch (err) {
    const { code, constraint } = pgError(err);
    if (code === '23P01' || (code === '23514' && constraint === 'sessions_expert_daily_limit')) throw new AppError('CONFLICT', messages.reschedule.notFree);
    throw err;
  }
  await tx.insert(sessionMoves).values({ sessionId: s.id, fromStartsAt: s.startsAt, toStartsAt: newStartsAt, movedBy, movedAt: now });
  // A card authorisation lapses a fixed time after booking (Stripe: 7 days) and was sized for the old time: a later
  // time could outlast it, so the card is charged now and the money stays held in escrow (as for a dispute).
  if (newStartsAt > s.startsAt) await securePayment(tx, deps.provider, s.id);
  const mails = inviteUpdateEmails(moved, s.startsAt, await partiesOf(tx, s), deps);
  if (mails.length) await outboxInsert(tx, mails);
}
