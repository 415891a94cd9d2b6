/**
 * POST /api/admin/package-purchases/{id}/refund (docs/product.md "Team console", "Plans and packages"): the team
 * refunds a package's unused sessions to the client's card and ends the package (ended by the team), like a session's
 * refund: audited, the client e-mailed, and with an Idempotency-Key a replay answers the purchase as it is and moves
 * no money. What was refunded can no longer be booked, and nothing goes back to the package after: a booked session
 * later cancelled with a full refund goes back to the card. Sessions already booked from the package keep their own
 * payments (the team refunds those as sessions).
 */
import { eq } from 'drizzle-orm';
import { packageMessages as m } from '../../../../shared/packages.js';
import type { PurchaseView } from '../../../../shared/schemas/packages.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { packagePurchases } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import type { PaymentProvider } from '../../../infra/payments/provider.js';
import { requestHash } from '../../../infra/request-hash.js';
import { isReplay, recordAudit } from '../../admin/audit-service.js';
import { lockPurchase, markEnded, settleUnused } from '../prepaid-service.js';
import { purchaseViews } from '../purchase-views.js';
import { clock } from '../../../clock.js';

/**
 * Refunds every unused prepaid session of purchase `id` (cents) for `reason` by `admin` and ends it. Returns the
 * purchase as the team sees it (status `ended`, `endedBy` team). 404 unknown; 409 the package has ended or expired, or
 * 'This package has no unused sessions to refund.'; 422 the key used for another request.
 */
export async function refundPackageForTeam(
  db: Db,
  deps: { provider: PaymentProvider; baseUrl: string },
  admin: CurrentUser,
  id: string,
  reason: string,
  idempotencyKey?: string,
  now = clock.now(),
): Promise<PurchaseView> {
  const hash = requestHash({ purchaseId: id, reason });
  return db.transaction(async (tx) => {
    const purchase = await lockPurchase(tx, id);
    if (!purchase) throw new AppError('NOT_FOUND', m.purchaseNotFound);
    if (!(await isReplay(tx, 'package.refund', idempotencyKey, id, hash))) {
      if (purchase.endedBy) throw new AppError('CONFLICT', m.ended);
      // Past its expiry the expiry job settles it by its own rule.
      if (purchase.settledAt || purchase.expiresAt.getTime() <= now.getTime()) throw new AppError('CONFLICT', m.expired);
      const key = `package-refund:${id}:${idempotencyKey ?? now.toISOString()}`;
      const note = `refunded by the team: ${reason}`;
      const { unused, cents } = await settleUnused(tx, deps, purchase, { kind: 'refund', by: 'team', key, actorId: admin.id, note }, now);
      if (unused === 0) throw new AppError('CONFLICT', m.nothingToRefund);
      await markEnded(tx, purchase, 'team', now);
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'package.refund',
        targetType: 'package_purchase',
        targetId: id,
        detail: { refundCents: cents, reason, clientId: purchase.clientId, ...(idempotencyKey ? { idempotencyKey, requestHash: hash } : {}) },
      });
    }
    const [view] = await purchaseViews(tx, eq(packagePurchases.id, id), now, 1);
    return view!;
  });
}
