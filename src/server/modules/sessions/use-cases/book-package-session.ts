/**
 * POST /api/package-purchases/{id}/sessions (docs/product.md "Plans and packages"): a client books a session from a
 * package they bought, with no card step (prepaid-booking.ts). Its price is its prepaid session's share of the
 * package, held on the package's charge; the purchase's row lock makes two bookings of its last session settle one
 * at a time.
 */
import { packageMessages } from '../../../../shared/packages.js';
import type { PackageBookingInput } from '../../../../shared/schemas/packages.js';
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { clock } from '../../../clock.js';
import { AppError } from '../../../errors.js';
import { lockPurchase, takePrepaidSession } from '../../packages/prepaid-service.js';
import type { SessionDeps } from '../deps.js';
import { bookPrepaidSession } from '../prepaid-booking.js';

/**
 * Books a session of the package's length at `input.startsAt` from purchase `purchaseId` of `client`, under
 * `idempotencyKey` (the same key and body answer the first session, `replayed`; another body 422). Errors: 403 not a
 * client with a complete profile; 404 not the client's purchase; 400 past time; 409 expired, starting after the
 * expiry, no session left, time not offered or taken (expert or client clash), the expert no longer published.
 */
export async function bookPackageSession(
  deps: SessionDeps,
  client: CurrentUser,
  purchaseId: string,
  rawInput: PackageBookingInput,
  idempotencyKey: string,
  now = clock.now(),
): Promise<{ session: SessionView; replayed: boolean }> {
  const source = {
    id: purchaseId,
    async peek(tx: Parameters<typeof lockPurchase>[0]) {
      const purchase = await lockPurchase(tx, purchaseId);
      if (!purchase || purchase.clientId !== client.id) throw new AppError('NOT_FOUND', packageMessages.purchaseNotFound);
      return purchase;
    },
    async take(tx: Parameters<typeof lockPurchase>[0], startsAt: Date, at: Date) {
      const { purchase: p, prepaid } = await takePrepaidSession(tx, purchaseId, client.id, startsAt, at);
      // The package's price an hour, as the session's rate: its price is the prepaid session's share.
      const hourlyRateCents = Math.round((p.priceCents * 60) / (p.sessionCount * p.durationMinutes));
      return { prepaid, terms: { ...p, count: p.sessionCount, hourlyRateCents } };
    },
  };
  return bookPrepaidSession(deps, client, source, rawInput, idempotencyKey, now);
}
