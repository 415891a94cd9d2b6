/**
 * POST /api/package-purchases/{id}/sessions (docs/product.md "Plans and packages"): a client books a session from a
 * package they bought, with no card step (prepaid-booking.ts). Its price is its prepaid session's share of the
 * package, held on the package's charge; the purchase's row lock makes two bookings of its last session settle one
 * at a time.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { packageMessages as m } from '../../../../shared/packages.js';
import type { PackageBookingInput } from '../../../../shared/schemas/packages.js';
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { clock } from '../../../clock.js';
import type { Db } from '../../../db/client.js';
import { qualified as q } from '../../../db/qualified.js';
import { packagePurchases, prepaidSessions } from '../../../db/schema.js';
import { nextAvailableSql } from '../../packages/prepaid-service.js';
import type { SessionDeps } from '../deps.js';
import { bookPrepaidSession, sourceContext, prepaidHourlyRateCents, sourceReader, type PrepaidState } from '../prepaid-booking.js';

/**
 * What a package booking reads first, as one prepared statement per database (placeholders `id`, `clientId`, `key`):
 * the client's purchase `id`, its next available prepaid session, the expert, and the client's session already booked
 * with the Idempotency-Key. No row when the purchase is not the client's.
 */
function contextStatement(db: Db) {
  return sourceContext(db, packagePurchases, {
    purchase: {
      providerRef: packagePurchases.providerRef,
      expiresAt: packagePurchases.expiresAt,
      settledAt: packagePurchases.settledAt,
      endedBy: packagePurchases.endedBy,
    },
    next: nextAvailableSql(sql`${q(prepaidSessions.purchaseId)} = ${q(packagePurchases.id)}`),
  })
    .where(and(eq(packagePurchases.id, sql.placeholder('id')), eq(packagePurchases.clientId, sql.placeholder('clientId'))))
    .prepare('package_booking_context');
}

type PackageState = PrepaidState & { purchase: { id: string; expiresAt: Date; settledAt: Date | null; endedBy: string | null } };

/** The client's purchase as it is now (null when unknown or not theirs) and the session booked with the key. */
const readPackage = sourceReader(contextStatement, ({ terms, purchase, next, expert }): PackageState => ({
  purchase: { ...purchase, id: terms.id },
  next,
  expert,
  owner: { purchaseId: terms.id },
  terms: {
    ...terms,
    providerRef: purchase.providerRef,
    count: terms.sessionCount,
    hourlyRateCents: prepaidHourlyRateCents(terms.priceCents, terms.sessionCount, terms.durationMinutes),
  },
}));

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
    notFound: m.purchaseNotFound,
    read: (db: Db, clientId: string, key: string) => readPackage(db, purchaseId, clientId, key),
    refusal({ purchase: p, next }: PackageState, startsAt: Date, at: Date) {
      if (p.endedBy) return m.ended;
      if (p.expiresAt.getTime() <= at.getTime() || p.settledAt) return m.expired;
      if (startsAt.getTime() >= p.expiresAt.getTime()) return m.startsAfterExpiry;
      return next ? null : m.noneLeft;
    },
    // The package's sessions are drawn while it is neither settled (expired, refunded, ended) nor past its expiry:
    // each settlement locks this row first.
    gate: (db: Db, s: PackageState, startsAt: Date, at: Date) =>
      db
        .select({ id: packagePurchases.id })
        .from(packagePurchases)
        .where(
          and(
            eq(packagePurchases.id, s.purchase.id),
            isNull(packagePurchases.settledAt),
            gt(packagePurchases.expiresAt, at),
            gt(packagePurchases.expiresAt, startsAt),
          ),
        )
        .for('update'),
  };
  return bookPrepaidSession(deps, client, source, rawInput, idempotencyKey, now);
}
