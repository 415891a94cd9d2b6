/**
 * PATCH /api/me/workshops/{id} (docs/product.md "Workshops", "Editing"): the expert edits their workshop, attendees
 * or not. Its seats follow the time, length and title, each attendee told what changed with their seat's updated
 * invite (sessions' updateWorkshopSeats); a new price is for seats booked from then on; the capacity never drops below
 * the seats taken (src/shared/workshops.ts `editRefusal`). The row is locked while the rule is checked, so a seat sold
 * meanwhile is counted. A published workshop whose time, length or title changes sends its expert the updated invite
 * (same UID, SEQUENCE raised) in the same transaction. Seats a larger capacity frees go to the waitlist at once.
 */
import { eq } from 'drizzle-orm';
import { workshopPatch, type MyWorkshopView, type WorkshopPatch } from '../../../../shared/schemas/workshops.js';
import { editRefusal, workshopMessages } from '../../../../shared/workshops.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { workshops } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { isUuid } from '../../../../shared/ids.js';
import type { SessionDeps } from '../../sessions/booking-service.js';
import { updateWorkshopSeats } from '../../sessions/use-cases/update-workshop-seats.js';
import { mailExpertWorkshopChange } from '../expert-mail.js';
import { keepOffersBeforeStart, offerFreeSeats } from '../waitlist-service.js';
import { lockOwnWorkshop, ownExpert, workshopWriteConflict } from '../workshop-rows.js';
import { startFromLocal } from '../workshop-times.js';
import { getMyWorkshop } from './get-my-workshop.js';
import { clock } from '../../../clock.js';

/**
 * Applies `rawPatch` (`workshopPatch`: any of title, description, topic, startsAtLocal in the expert's zone,
 * durationMinutes, capacity, priceCents, minAttendance) to the signed-in expert's workshop `id` at `now`; returns the
 * expert's view. Errors: 400 invalid input or a past start, 403 not an expert, 404 not theirs, 409 cancelled, a
 * published workshop already started, a capacity below the seats sold, offered or sponsored, a minimum above the
 * capacity, a new time that overlaps the expert's sessions or workshops or an attendee's session, or lands on a day
 * at the expert's daily maximum (migration 0034). Seats the change frees are offered to the waitlist (offerFreeSeats).
 */
export async function updateWorkshop(deps: SessionDeps, user: CurrentUser, id: string, rawPatch: WorkshopPatch, now = clock.now()): Promise<MyWorkshopView> {
  const patch = workshopPatch.parse(rawPatch);
  const { db } = deps;
  const expert = await ownExpert(db, user);
  if (!isUuid(id)) throw new AppError('NOT_FOUND', workshopMessages.notFound);
  const startsAt = patch.startsAtLocal === undefined ? undefined : startFromLocal(patch.startsAtLocal, expert.timezone, now);
  try {
    await db.transaction(async (tx) => {
      const w = await lockOwnWorkshop(tx, expert.id, id);
      const refusal = editRefusal(w, patch.capacity, now);
      if (refusal) throw new AppError('CONFLICT', refusal);
      const capacity = patch.capacity ?? w.capacity;
      const minAttendance = patch.minAttendance === undefined ? w.minAttendance : patch.minAttendance;
      if (minAttendance !== null && minAttendance > capacity) throw new AppError('VALIDATION', workshopMessages.minAttendance);
      const start = startsAt ?? w.startsAt;
      const duration = patch.durationMinutes ?? w.durationMinutes;
      const title = patch.title ?? w.title;
      const moved = start.getTime() !== w.startsAt.getTime();
      // What the expert's calendar event shows: a change of it on a published workshop updates their invite.
      const eventChanged = moved || duration !== w.durationMinutes || title !== w.title;
      const reinvite = w.status === 'published' && eventChanged;
      const [updated] = await tx
        .update(workshops)
        .set({
          title: patch.title,
          description: patch.description,
          topic: patch.topic,
          startsAt: start,
          durationMinutes: duration,
          endsAt: new Date(start.getTime() + duration * 60_000),
          capacity,
          // Seats already booked keep the price they were booked at (their own total_amount_cents).
          priceCents: patch.priceCents,
          minAttendance,
          inviteSequence: reinvite ? w.inviteSequence + 1 : w.inviteSequence,
          // The expert's reminders go again before a new start.
          ...(moved ? { reminderSentAt: null, hourReminderSentAt: null } : {}),
          updatedAt: now,
        })
        .where(eq(workshops.id, id))
        .returning();
      await updateWorkshopSeats(tx, deps, w, updated!, now);
      if (reinvite) await mailExpertWorkshopChange(tx, deps, updated!, { kind: 'moved', previousStartsAt: w.startsAt });
      if (moved) await keepOffersBeforeStart(tx, id, start);
      await offerFreeSeats(tx, deps, id, now);
    });
  } catch (err) {
    throw workshopWriteConflict(err) ?? err;
  }
  return getMyWorkshop(db, user, id);
}
