/**
 * Reading subscriptions (docs/product.md "Plans and packages"): the client's own (dashboard), the expert's
 * subscribers with their monthly recurring revenue (dashboard), one user's for the team (console).
 */
import { eq, inArray, or } from 'drizzle-orm';
import { messages } from '../../../../shared/messages.js';
import type { SubscriptionView } from '../../../../shared/schemas/plans.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { experts, subscriptions, user as userTable } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { sellerOf } from '../../experts/service.js';
import { ofClient, ofExpert, subscriptionViews } from '../subscription-views.js';
import { clock } from '../../../clock.js';

/** GET /api/me/subscriptions: the signed-in client's plans, newest first (none for other accounts). */
export function listMySubscriptions(db: Db, user: CurrentUser, now = clock.now()): Promise<SubscriptionView[]> {
  return subscriptionViews(db, ofClient(user.id), now);
}

/** The signed-in expert's subscribers, newest first, at most 500 (none without an expert profile). */
export async function listMySubscribers(db: Db, user: CurrentUser, now = clock.now()): Promise<SubscriptionView[]> {
  const expert = await sellerOf(db, user.id);
  return expert ? subscriptionViews(db, ofExpert(expert.id), now, 500) : [];
}

/** GET /api/admin/users/{id}/subscriptions: the plans an account subscribed to or sells, newest first. 404 unknown account. */
export async function listSubscriptionsOfUser(db: Db, userId: string, now = clock.now()): Promise<SubscriptionView[]> {
  const [account] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.id, userId));
  if (!account) throw new AppError('NOT_FOUND', messages.admin.userNotFound);
  const sold = db.select({ id: experts.id }).from(experts).where(eq(experts.userId, userId));
  return subscriptionViews(db, or(eq(subscriptions.clientId, userId), inArray(subscriptions.expertId, sold))!, now, 100, 'team');
}
