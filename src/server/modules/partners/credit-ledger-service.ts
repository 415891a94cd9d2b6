/**
 * An organisation's credit ledger read a page at a time (docs/product.md "Partners"), for its page in the team console
 * and for its managers at /partner/{id}; the whole of it is the CSV export (export-service.ts). Money integer cents,
 * instants UTC.
 */
import { count, desc, eq } from 'drizzle-orm';
import { partnerMessages as m } from '../../../shared/partners.js';
import type { CreditEntry, CreditLedgerPage } from '../../../shared/schemas/partners.js';
import type { Db } from '../../db/client.js';
import { creditLedger, creditPurchases, organisations, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { PageQuery } from '../admin/audit-service.js';
import { assertOrganisationId, paidWithColumns, paidWithOf } from './organisation-service.js';

/**
 * GET /api/admin/organisations/{id}/ledger and /api/partner/organisations/{id}/ledger, `?page=&pageSize=`: the
 * organisation's ledger entries newest first, a page at a time with their total — the kind, the change of the
 * available and of the reserved credit (cents, signed), the balance after, the note, who made it and how a purchase
 * was paid. 404 'Organisation not found' for an unknown id; whether the caller may read it is the route's to check.
 */
export async function listCreditLedger(db: Db, id: string, { page, pageSize }: PageQuery): Promise<CreditLedgerPage> {
  assertOrganisationId(id);
  const ofOrganisation = eq(creditLedger.organisationId, id);
  // On the ledger's (organisation_id, created_at) index (migration 0040).
  const [[organisation], rows, [total]] = await Promise.all([
    db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, id)),
    db
      .select({
        e: creditLedger,
        actorName: userTable.name,
        purchase: paidWithColumns,
      })
      .from(creditLedger)
      .leftJoin(userTable, eq(userTable.id, creditLedger.actorId))
      .leftJoin(creditPurchases, eq(creditPurchases.id, creditLedger.purchaseId))
      .where(ofOrganisation)
      .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(creditLedger).where(ofOrganisation),
  ]);
  if (!organisation) throw new AppError('NOT_FOUND', m.organisationNotFound);
  return {
    items: rows.map(({ e, actorName, purchase }): CreditEntry => ({
      id: e.id,
      kind: e.kind as CreditEntry['kind'],
      amountCents: e.amountCents,
      reservedChangeCents: e.reservedChangeCents,
      balanceAfterCents: e.balanceAfterCents,
      note: e.note,
      actorName,
      paidWith: e.purchaseId && purchase ? paidWithOf(purchase) : null,
      createdAt: e.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
