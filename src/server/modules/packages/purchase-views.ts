/**
 * How a package purchase is shown (docs/product.md "Plans and packages"): to its client (their dashboard), its expert
 * (packages sold) and the team (a person's packages). Read from the purchase, its prepaid sessions and its ledger.
 */
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PurchaseView } from '../../../shared/schemas/packages.js';
import type { Db, Tx } from '../../db/client.js';
import { experts, packageEvents, packagePurchases, prepaidSessions } from '../../db/schema.js';
import { clock } from '../../clock.js';
import { prepaidEventSums } from './prepaid-service.js';

/** The purchases matching `where`, newest first, at most `limit`, as PurchaseView (`now` decides active / expired). */
export async function purchaseViews(db: Db | Tx, where: SQL, now = clock.now(), limit = 100): Promise<PurchaseView[]> {
  const rows = await db
    .select({ p: packagePurchases, slug: experts.slug })
    .from(packagePurchases)
    .innerJoin(experts, eq(experts.id, packagePurchases.expertId))
    .where(where)
    .orderBy(desc(packagePurchases.createdAt), desc(packagePurchases.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.p.id);
  // One after the other: `db` may be a transaction, one connection that runs one statement at a time.
  const prepaid = await db.select().from(prepaidSessions).where(inArray(prepaidSessions.purchaseId, ids)).orderBy(asc(prepaidSessions.number));
  const money = await db
    .select({ id: packageEvents.purchaseId, ...prepaidEventSums })
    .from(packageEvents)
    .where(inArray(packageEvents.purchaseId, ids))
    .groupBy(packageEvents.purchaseId);
  return rows.map(({ p, slug }) => {
    const mine = prepaid.filter((s) => s.purchaseId === p.id);
    const sums = money.find((x) => x.id === p.id);
    const expired = p.expiresAt.getTime() <= now.getTime() || p.settledAt !== null;
    // Ended by someone before its expiry (the database keeps ended_by set exactly when it was settled before then).
    const endedAt = p.endedBy ? p.settledAt : null;
    return {
      id: p.id,
      packageId: p.packageId,
      clientId: p.clientId,
      clientName: p.clientName,
      expertId: p.expertId,
      expertSlug: slug,
      expertName: p.expertName,
      sessionCount: p.sessionCount,
      durationMinutes: p.durationMinutes,
      priceCents: p.priceCents,
      currency: p.currency,
      validityMonths: p.validityMonths,
      expiryRule: p.expiryRule,
      platformFeeBps: p.platformFeeBps,
      cardBrand: p.cardBrand,
      cardLast4: p.cardLast4,
      receiptNumber: p.receiptNumber!,
      createdAt: p.createdAt.toISOString(),
      expiresAt: p.expiresAt.toISOString(),
      status: endedAt ? 'ended' : expired ? 'expired' : 'active',
      endedAt: endedAt?.toISOString() ?? null,
      endedBy: p.endedBy,
      sessionsLeft: expired ? 0 : mine.filter((s) => s.status === 'available').length,
      refundedCents: sums?.refunded ?? 0,
      releasedCents: sums?.released ?? 0,
      sessions: mine.map((s) => ({ number: s.number, shareCents: s.shareCents, status: s.status, sessionId: s.sessionId })),
    };
  });
}

/** The client's purchases (GET /api/me/package-purchases). */
export const ofClient = (clientId: string) => eq(packagePurchases.clientId, clientId);
/** The expert's sales (GET /api/me/package-sales). */
export const ofExpert = (expertId: string) => eq(packagePurchases.expertId, expertId);
/** One purchase of one client. */
export const oneOfClient = (id: string, clientId: string) => and(eq(packagePurchases.id, id), eq(packagePurchases.clientId, clientId))!;

/** The purchase `id` of client `clientId` as they see it (the caller knows it exists). */
export async function purchaseOfClient(db: Db | Tx, id: string, clientId: string, now: Date): Promise<PurchaseView> {
  const [view] = await purchaseViews(db, oneOfClient(id, clientId), now, 1);
  return view!;
}
