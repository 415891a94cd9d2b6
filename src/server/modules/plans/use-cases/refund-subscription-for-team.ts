/**
 * POST /api/admin/subscriptions/{id}/refund (docs/product.md "Team console", "Plans and packages"): the team ends a
 * client's plan now and refunds the current month's unused sessions to the card, like a session's refund: audited,
 * and with an Idempotency-Key a replay answers the subscription as it is and moves no money. Sessions already booked
 * keep their own payments (the team refunds those as sessions).
 */
import { eq } from 'drizzle-orm';
import { planMessages as m } from '../../../../shared/plans.js';
import type { SubscriptionView } from '../../../../shared/schemas/plans.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { subscriptions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { requestHash } from '../../../infra/request-hash.js';
import { isReplay, recordAudit } from '../../admin/audit-service.js';
import { endSubscriptionNow, type EndDeps } from '../ending-service.js';
import { lockSubscription } from '../period-service.js';
import { subscriptionViews } from '../subscription-views.js';
import { clock } from '../../../clock.js';

/**
 * Ends subscription `id` for `reason` by `admin`, refunding its month's unused share. Returns the subscription as the
 * team sees it. 404 unknown; 409 'This plan has ended.' already ended; 422 the key used for another request.
 */
export async function refundSubscriptionForTeam(
  db: Db,
  deps: EndDeps,
  admin: CurrentUser,
  id: string,
  reason: string,
  idempotencyKey?: string,
  now = clock.now(),
): Promise<SubscriptionView> {
  const hash = requestHash({ subscriptionId: id, reason });
  return db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    if (!sub) throw new AppError('NOT_FOUND', m.subscriptionNotFound);
    if (!(await isReplay(tx, 'subscription.refund', idempotencyKey, id, hash))) {
      if (sub.endedAt) throw new AppError('CONFLICT', m.notLive);
      const cents = await endSubscriptionNow(tx, deps, sub, 'team', admin.id, reason, now);
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'subscription.refund',
        targetType: 'subscription',
        targetId: id,
        detail: { refundCents: cents, reason, clientId: sub.clientId, ...(idempotencyKey ? { idempotencyKey, requestHash: hash } : {}) },
      });
    }
    const [view] = await subscriptionViews(tx, eq(subscriptions.id, id), now, 1, 'team');
    return view!;
  });
}
