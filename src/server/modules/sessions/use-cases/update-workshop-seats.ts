/**
 * A workshop's seats follow its edit (docs/product.md "Workshops", "Editing"): a seat is a session that keeps its
 * workshop's time, length and title, so the expert's change of them moves every live seat in the edit's own
 * transaction, and each attendee is e-mailed what changed with the seat's updated invite.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { workshopMessages } from '../../../../shared/workshops.js';
import type { Tx } from '../../../db/client.js';
import { pgError } from '../../../db/errors.js';
import { sessionMoves, sessions, type workshops } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { outboxInsert } from '../../../infra/mail/outbox.js';
import { securePayment } from '../../payments/service.js';
import type { SessionDeps } from '../deps.js';
import { partiesOf } from '../parties.js';
import { seatChangeEmail, type WorkshopFacts } from '../seat-change-email.js';

type Workshop = Pick<typeof workshops.$inferSelect, 'id' | 'endsAt'> & WorkshopFacts;

/**
 * Moves the live seats (a 3-D Secure reservation too) of workshop `before.id`, locked in `tx` by the caller, to
 * `after` at `now`: start, end, length and title (the seat's topic), the invite's SEQUENCE raised (RFC 5545
 * §3.8.7.4), the reminders due again before a new start, and a new start recorded in the seat's history of moves
 * (`session_moves`, by the expert). Each booked seat's attendee is e-mailed what changed, in their own zone, with the
 * updated invite when the event changed; a description alone changes no invite. A later start charges each held
 * card authorisation now, as a session's move does (Stripe's lapse after 7 days); the money stays held, and the
 * charges come after every write so a refused move charges nothing. The price and the cancellation policy a seat
 * was booked with never change. Returns how many attendees were e-mailed. Errors: 409
 * `workshopMessages.attendeeClash` when the new time overlaps another live session of an attendee (the database's
 * `sessions_client_no_overlap` decides, under races too).
 */
export async function updateWorkshopSeats(tx: Tx, deps: SessionDeps, before: Workshop, after: Workshop, now: Date): Promise<number> {
  const moved = before.startsAt.getTime() !== after.startsAt.getTime();
  const inviteChanged = moved || before.durationMinutes !== after.durationMinutes || before.title !== after.title;
  if (!inviteChanged && before.description === after.description) return 0;
  const seats = await tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.workshopId, before.id), inArray(sessions.status, ['pending_payment', 'booked'])))
    .for('update');
  if (seats.length === 0) return 0;
  if (inviteChanged) {
    try {
      await tx
        .update(sessions)
        .set({
          startsAt: after.startsAt,
          endsAt: after.endsAt,
          durationMinutes: after.durationMinutes,
          topic: after.title,
          inviteSequence: sql`${sessions.inviteSequence} + 1`,
          ...(moved ? { reminderSentAt: null, hourReminderSentAt: null } : {}),
          updatedAt: now,
        })
        .where(
          inArray(
            sessions.id,
            seats.map((s) => s.id),
          ),
        );
    } catch (err) {
      const { code, constraint } = pgError(err);
      if (code === '23P01' && constraint === 'sessions_client_no_overlap') throw new AppError('CONFLICT', workshopMessages.attendeeClash);
      throw err;
    }
    if (moved)
      await tx
        .insert(sessionMoves)
        .values(seats.map((s) => ({ sessionId: s.id, fromStartsAt: before.startsAt, toStartsAt: after.startsAt, movedBy: 'expert' as const, movedAt: now })));
  }
  const booked = seats.filter((s) => s.status === 'booked');
  const mails = [];
  for (const s of booked) {
    const { client } = await partiesOf(tx, s);
    if (!client) continue;
    const seat = {
      ...s,
      startsAt: after.startsAt,
      durationMinutes: after.durationMinutes,
      topic: after.title,
      inviteSequence: inviteChanged ? s.inviteSequence + 1 : s.inviteSequence,
    };
    mails.push(seatChangeEmail(seat, before, after, client, inviteChanged, deps));
  }
  if (mails.length) await outboxInsert(tx, mails);
  if (after.startsAt > before.startsAt) for (const s of booked) await securePayment(tx, deps.provider, s.id);
  return mails.length;
}
