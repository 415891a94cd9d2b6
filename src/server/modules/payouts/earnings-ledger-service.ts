/**
 * The expert's earnings ledger read a page at a time (docs/product.md "Earnings"), for /dashboard/expert/payouts:
 * every movement of their clients' payments (from `payment_events`) and every release of unused prepaid sessions
 * (`prepaidReleases`), newest first. Its totals are earnings-service.ts's. Money integer cents, instants UTC.
 */
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { EarningsLedgerPage, LedgerEntry } from '../../../shared/schemas/payouts.js';
import type { CurrentUser } from '../../auth/plugin.js';
import { payments, paymentEvents, sessions } from '../../db/schema.js';
import type { PageQuery } from '../admin/audit-service.js';
import { prepaidReleases } from './earnings-service.js';
import { ownExpert, type PayoutDeps } from './service.js';

/** How a ledger event reads to the expert; a prepaid release is a 'release'. */
const entryType: Record<string, LedgerEntry['type']> = { hold: 'held', release: 'released', refund: 'refunded', dispute: 'disputed', return: 'returned' };

/**
 * GET /api/me/earnings/ledger?page=&pageSize=: the signed-in expert's ledger entries, newest first (ties by id, so
 * pages never overlap), a page at a time with their total — each entry's type, amount (cents, net of the commission),
 * currency, client, and the session, package purchase or plan month it belongs to. 403 without an expert profile
 * ('Payouts open once…'); a page past the last has no items.
 */
export async function listEarningsLedger({ db }: PayoutDeps, user: CurrentUser, { page, pageSize }: PageQuery): Promise<EarningsLedgerPage> {
  const { id } = await ownExpert(db, user);
  const releases = prepaidReleases(db, id);
  // The platform's commission is the platform's money, not a movement of the expert's.
  const ofExpert = and(eq(sessions.expertId, id), ne(paymentEvents.type, 'fee'));
  const [rows, [events], [released]] = await Promise.all([
    unionAll(
      db
        .select({
          id: paymentEvents.id,
          at: paymentEvents.createdAt,
          type: paymentEvents.type,
          amountCents: paymentEvents.amountCents,
          currency: payments.currency,
          // Named apart from the event's `id`, which the order below reads.
          sessionId: sql<string | null>`${sessions.id}`.as('session_id'),
          clientName: sessions.clientName,
          // Null in the other branch; read as drizzle reads a timestamptz column (nulls never reach a decoder).
          sessionStartsAt: sql`${sessions.startsAt}`.mapWith((v: string): Date | null => new Date(v)).as('session_starts_at'),
          packagePurchaseId: sql<string | null>`null::uuid`.as('package_purchase_id'),
          planPeriodId: sql<string | null>`null::uuid`.as('plan_period_id'),
        })
        .from(paymentEvents)
        .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
        .innerJoin(sessions, eq(sessions.id, payments.sessionId))
        .where(ofExpert),
      db
        .select({
          id: releases.id,
          at: releases.at,
          type: sql<string>`'release'`.as('type'),
          amountCents: releases.amountCents,
          currency: releases.currency,
          sessionId: sql<string | null>`null::uuid`.as('session_id'),
          clientName: releases.clientName,
          sessionStartsAt: sql<Date | null>`null::timestamptz`.as('session_starts_at'),
          packagePurchaseId: releases.packagePurchaseId,
          planPeriodId: releases.planPeriodId,
        })
        .from(releases),
    )
      // The union's columns, by the first branch's names: created_at, then id.
      .orderBy(desc(paymentEvents.createdAt), desc(paymentEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .innerJoin(sessions, eq(sessions.id, payments.sessionId))
      .where(ofExpert),
    db.select({ n: count() }).from(releases),
  ]);
  return {
    items: rows.map((r): LedgerEntry => ({
      ...r,
      type: entryType[r.type]!,
      at: r.at.toISOString(),
      sessionStartsAt: r.sessionStartsAt?.toISOString() ?? null,
    })),
    total: (events?.n ?? 0) + (released?.n ?? 0),
    page,
    pageSize,
  };
}
