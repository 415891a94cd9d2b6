/**
 * Reading package purchases (docs/product.md "Plans and packages"): the client's own (dashboard), the expert's sales
 * (dashboard), one user's for the team (console).
 */
import { eq, inArray, or } from 'drizzle-orm';
import type { PurchaseView } from '../../../../shared/schemas/packages.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { messages } from '../../../../shared/messages.js';
import { experts, packagePurchases, user as userTable } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { sellerOf } from '../../experts/service.js';
import { ofClient, ofExpert, purchaseViews } from '../purchase-views.js';
import { clock } from '../../../clock.js';

/** GET /api/me/package-purchases: the signed-in client's purchases, newest first (none for other accounts). */
export function listMyPurchases(db: Db, user: CurrentUser, now = clock.now()): Promise<PurchaseView[]> {
  return purchaseViews(db, ofClient(user.id), now);
}

/** GET /api/me/package-sales: the purchases of the signed-in expert's packages, newest first (none without a profile). */
export async function listMySales(db: Db, user: CurrentUser, now = clock.now()): Promise<PurchaseView[]> {
  const expert = await sellerOf(db, user.id);
  return expert ? purchaseViews(db, ofExpert(expert.id), now) : [];
}

/** GET /api/admin/users/{id}/package-purchases: the packages an account bought or sold, newest first. 404 unknown account. */
export async function listPurchasesOfUser(db: Db, userId: string, now = clock.now()): Promise<PurchaseView[]> {
  const [account] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.id, userId));
  if (!account) throw new AppError('NOT_FOUND', messages.admin.userNotFound);
  const sold = db.select({ id: experts.id }).from(experts).where(eq(experts.userId, userId));
  return purchaseViews(db, or(eq(packagePurchases.clientId, userId), inArray(packagePurchases.expertId, sold))!, now);
}
