/**
 * POST /api/me/workshops/{id}/publish (docs/product.md "Workshops"): the expert's draft goes live, bookable by
 * clients, and the expert gets the workshop's calendar invite in the same transaction (expert-mail.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { MyWorkshopView } from '../../../../shared/schemas/workshops.js';
import { workshopMessages } from '../../../../shared/workshops.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { workshops } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import type { SessionDeps } from '../../sessions/booking-service.js';
import { mailExpertWorkshopChange } from '../expert-mail.js';
import { ownExpert, workshopWriteConflict } from '../workshop-rows.js';
import { getMyWorkshop } from './get-my-workshop.js';
import { clock } from '../../../clock.js';

/**
 * Publishes the signed-in expert's draft workshop `id` (status published, published_at = `now`). Errors: 403 not
 * an expert, 404 not theirs, 409 already published or cancelled or its day is past the expert's daily maximum
 * (lowered since the draft was saved; migration 0034), 400 its start has passed.
 */
export async function publishWorkshop(
  deps: Pick<SessionDeps, 'db' | 'baseUrl' | 'mailFrom'>,
  user: CurrentUser,
  id: string,
  now = clock.now(),
): Promise<MyWorkshopView> {
  const { db } = deps;
  const expert = await ownExpert(db, user);
  const current = await getMyWorkshop(db, user, id);
  if (current.status === 'cancelled') throw new AppError('CONFLICT', workshopMessages.cancelled);
  if (current.status === 'published') throw new AppError('CONFLICT', workshopMessages.alreadyPublished);
  if (new Date(current.startsAt).getTime() <= now.getTime()) throw new AppError('VALIDATION', workshopMessages.future);
  await db
    .transaction(async (tx) => {
      const [w] = await tx
        .update(workshops)
        .set({ status: 'published', publishedAt: now, updatedAt: now })
        .where(and(eq(workshops.id, id), eq(workshops.expertId, expert.id), eq(workshops.status, 'draft')))
        .returning();
      if (!w) throw new AppError('CONFLICT', workshopMessages.alreadyPublished);
      await mailExpertWorkshopChange(tx, deps, w, { kind: 'published' });
    })
    .catch((err: unknown) => {
      throw workshopWriteConflict(err) ?? err;
    });
  return getMyWorkshop(db, user, id);
}
