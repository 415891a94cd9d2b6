/**
 * POST /api/me/workshops/{id}/cancel (docs/product.md "Workshops"): the expert cancels their workshop before it
 * starts. In one transaction the workshop is cancelled (its time is free again) and every booked seat is cancelled
 * by the expert with a full refund and the attendee's CANCEL invite (sessions' cancelSeatsOf); the expert's own
 * event of a published workshop gets its CANCEL too (expert-mail.ts); the waitlist is closed
 * and every waiting client told (closeWaitlist).
 */
import { eq } from 'drizzle-orm';
import { isUuid } from '../../../../shared/ids.js';
import type { MyWorkshopView } from '../../../../shared/schemas/workshops.js';
import { workshopMessages } from '../../../../shared/workshops.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { workshops } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import type { SessionDeps } from '../../sessions/booking-service.js';
import { cancelSeatsOf } from '../../sessions/use-cases/cancel-session.js';
import { mailExpertWorkshopChange } from '../expert-mail.js';
import { closeWaitlist } from '../waitlist-service.js';
import { lockOwnWorkshop, ownExpert } from '../workshop-rows.js';
import { getMyWorkshop } from './get-my-workshop.js';
import { clock } from '../../../clock.js';

/**
 * Cancels the signed-in expert's workshop `id` with `reason` at `now`; returns the expert's view (status cancelled,
 * no seats sold). Errors: 403 not an expert, 404 not theirs, 409 already cancelled or started.
 */
export async function cancelWorkshop(deps: SessionDeps, user: CurrentUser, id: string, reason: string, now = clock.now()): Promise<MyWorkshopView> {
  const expert = await ownExpert(deps.db, user);
  if (!isUuid(id)) throw new AppError('NOT_FOUND', workshopMessages.notFound);
  await deps.db.transaction(async (tx) => {
    const w = await lockOwnWorkshop(tx, expert.id, id);
    if (w.startsAt.getTime() <= now.getTime()) throw new AppError('CONFLICT', workshopMessages.started);
    const [cancelled] = await tx
      .update(workshops)
      .set({ status: 'cancelled', cancelledAt: now, cancelledBy: 'expert', cancelReason: reason, inviteSequence: w.inviteSequence + 1, updatedAt: now })
      .where(eq(workshops.id, id))
      .returning();
    await cancelSeatsOf(tx, deps, id, user.id, reason, now);
    // A draft never had an invite to withdraw.
    if (w.status === 'published') await mailExpertWorkshopChange(tx, deps, cancelled!, { kind: 'cancelled', reason });
    await closeWaitlist(tx, deps, id, reason, now);
  });
  return getMyWorkshop(deps.db, user, id);
}
