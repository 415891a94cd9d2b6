/**
 * POST /api/me/plans/{id}/end (docs/product.md "Plans and packages"): the expert ends one of their plans. It closes
 * to new subscribers and every current subscriber's plan ends now, the unused share of their current month refunded.
 */
import { and, eq } from 'drizzle-orm';
import { planMessages as m } from '../../../../shared/plans.js';
import { isUuid } from '../../../../shared/ids.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { plans } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { endSubscriptionsOf, type EndDeps } from '../ending-service.js';
import { ownExpert } from '../offer-service.js';
import { clock } from '../../../clock.js';

/** Ends plan `id` of the signed-in expert; answers how many subscriptions ended. 403 not an expert; 404 not theirs. */
export async function endPlan(db: Db, deps: EndDeps, user: CurrentUser, id: string, now = clock.now()): Promise<{ ended: number }> {
  const expert = await ownExpert(db, user);
  if (!isUuid(id)) throw new AppError('NOT_FOUND', m.notFound);
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .update(plans)
      .set({ open: false, updatedAt: now })
      .where(and(eq(plans.id, id), eq(plans.expertId, expert.id)))
      .returning({ id: plans.id });
    if (!plan) throw new AppError('NOT_FOUND', m.notFound);
    const ended = await endSubscriptionsOf(
      tx,
      deps,
      { expertId: expert.id, planId: id },
      { side: 'expert', actorId: user.id, reason: 'the expert ended the plan' },
      now,
    );
    return { ended };
  });
}
