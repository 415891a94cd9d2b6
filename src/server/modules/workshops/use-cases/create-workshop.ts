/**
 * POST /api/me/workshops (docs/product.md "Workshops"): an approved expert creates a workshop, as a draft or
 * published at once. The start is typed in the expert's zone (their profile's) and stored in UTC; the workshop
 * takes the expert's time from now on, refused by the database when it overlaps one of their live sessions or
 * workshops (expert_busy_no_overlap, migration 0028). Published at once, the expert gets the workshop's calendar
 * invite (expert-mail.ts) in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { workshopInput, type MyWorkshopView, type WorkshopInput } from '../../../../shared/schemas/workshops.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { workshops } from '../../../db/schema.js';
import { meetingUrl, type SessionDeps } from '../../sessions/booking-service.js';
import { mailExpertWorkshopChange } from '../expert-mail.js';
import { getMyWorkshop } from './get-my-workshop.js';
import { ownExpert, workshopWriteConflict } from '../workshop-rows.js';
import { startFromLocal } from '../workshop-times.js';
import { clock } from '../../../clock.js';

/**
 * Creates the signed-in expert's workshop from `input` (`workshopInput`): title, description, catalogue topic,
 * wall-clock start in the expert's zone, 30–180 minutes, 2–50 seats, price per seat 0–10 000 cents, optional
 * minimum attendance, `publish`. Returns the expert's view (201). Errors: 400 invalid input or a start not in the
 * future, 403 not an expert with a profile (or suspended), 409 the expert is busy then or that day already holds their daily maximum of sessions (a workshop counts as
 * one; migration 0034).
 */
export async function createWorkshop(
  deps: Pick<SessionDeps, 'db' | 'meetingUrlTemplate' | 'baseUrl' | 'mailFrom'>,
  user: CurrentUser,
  rawInput: WorkshopInput,
  now = clock.now(),
): Promise<MyWorkshopView> {
  const input = workshopInput.parse(rawInput);
  const expert = await ownExpert(deps.db, user);
  const startsAt = startFromLocal(input.startsAtLocal, expert.timezone, now);
  const id = randomUUID();
  try {
    await deps.db.transaction(async (tx) => {
      const [w] = await tx
        .insert(workshops)
        .values({
          id,
          expertId: expert.id,
          title: input.title,
          description: input.description,
          topic: input.topic,
          startsAt,
          endsAt: new Date(startsAt.getTime() + input.durationMinutes * 60_000),
          durationMinutes: input.durationMinutes,
          capacity: input.capacity,
          priceCents: input.priceCents,
          currency: expert.currency,
          minAttendance: input.minAttendance,
          status: input.publish ? 'published' : 'draft',
          publishedAt: input.publish ? now : null,
          meetingUrl: meetingUrl(deps.meetingUrlTemplate),
        })
        .returning();
      // Published at once: the expert's calendar invite for the workshop goes with it (docs/product.md "Workshops").
      if (w!.status === 'published') await mailExpertWorkshopChange(tx, deps, w!, { kind: 'published' });
    });
  } catch (err) {
    throw workshopWriteConflict(err) ?? err;
  }
  return getMyWorkshop(deps.db, user, id);
}
