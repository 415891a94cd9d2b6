/**
 * PATCH /api/me/workshops/{id} (docs/product.md "Workshops"): the expert edits their workshop. Once a seat is sold
 * the start, duration and price are fixed and the capacity only grows (src/shared/workshops.ts `editRefusal`); the
 * row is locked while the rule is checked, so a seat sold meanwhile is counted. A published workshop whose time,
 * length or title changes sends its expert the updated invite (same UID, SEQUENCE raised) in the same transaction.
 * Seats a larger capacity frees go to the waitlist at once.
 */
import { eq } from 'drizzle-orm';
import { workshopPatch, type MyWorkshopView, type WorkshopPatch } from '../../../../shared/schemas/workshops.js';
import { editRefusal, workshopMessages } from '../../../../shared/workshops.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { workshops } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { isUuid } from '../../../../shared/ids.js';
import type { SessionDeps } from '../../sessions/booking-service.js';
import { mailExpertWorkshopChange } from '../expert-mail.js';
import { offerFreeSeats } from '../waitlist-service.js';
import { lockOwnWorkshop, ownExpert, workshopWriteConflict } from '../workshop-rows.js';
import { startFromLocal } from '../workshop-times.js';
import { getMyWorkshop } from './get-my-workshop.js';
import { clock } from '../../../clock.js';

/**
 * Applies `rawPatch` (`workshopPatch`: any of title, description, topic, startsAtLocal in the expert's zone,
 * durationMinutes, capacity, priceCents, minAttendance) to the signed-in expert's workshop `id`; returns the
 * expert's view. Errors: 400 invalid input or a past start, 403 not an expert, 404 not theirs, 409 cancelled,
 * seats sold (time, length, price; capacity below the current one), minimum above capacity, or the new time
 * overlaps the expert's sessions or workshops, or lands on a day at their daily maximum (migration 0034). Seats the
 * change frees are offered to the waitlist (offerFreeSeats).
 */
export async function updateWorkshop(
  deps: Pick<SessionDeps, 'db' | 'baseUrl' | 'mailFrom'>,
  user: CurrentUser,
  id: string,
  rawPatch: WorkshopPatch,
  now = clock.now(),
): Promise<MyWorkshopView> {
  const patch = workshopPatch.parse(rawPatch);
  const { db } = deps;
  const expert = await ownExpert(db, user);
  if (!isUuid(id)) throw new AppError('NOT_FOUND', workshopMessages.notFound);
  const startsAt = patch.startsAtLocal === undefined ? undefined : startFromLocal(patch.startsAtLocal, expert.timezone, now);
  try {
    await db.transaction(async (tx) => {
      const w = await lockOwnWorkshop(tx, expert.id, id);
      const refusal = editRefusal(w, { startsAt, durationMinutes: patch.durationMinutes, priceCents: patch.priceCents, capacity: patch.capacity });
      if (refusal) throw new AppError('CONFLICT', refusal);
      const capacity = patch.capacity ?? w.capacity;
      const minAttendance = patch.minAttendance === undefined ? w.minAttendance : patch.minAttendance;
      if (minAttendance !== null && minAttendance > capacity) throw new AppError('VALIDATION', workshopMessages.minAttendance);
      const start = startsAt ?? w.startsAt;
      const duration = patch.durationMinutes ?? w.durationMinutes;
      const title = patch.title ?? w.title;
      // What the expert's calendar event shows: a change of it on a published workshop updates their invite.
      const eventChanged = start.getTime() !== w.startsAt.getTime() || duration !== w.durationMinutes || title !== w.title;
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
          priceCents: patch.priceCents,
          minAttendance,
          inviteSequence: reinvite ? w.inviteSequence + 1 : w.inviteSequence,
          updatedAt: now,
        })
        .where(eq(workshops.id, id))
        .returning();
      if (reinvite) await mailExpertWorkshopChange(tx, deps, updated!, { kind: 'moved', previousStartsAt: w.startsAt });
      await offerFreeSeats(tx, deps, id, now);
    });
  } catch (err) {
    throw workshopWriteConflict(err) ?? err;
  }
  return getMyWorkshop(db, user, id);
}
