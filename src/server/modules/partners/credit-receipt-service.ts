/**
 * Credit purchases and their receipts for managers (docs/product.md "Partners"): the organisation's purchases, paid or
 * not, and a paid one's receipt drawn again as the PDF its e-mail carried (credit-receipt-pdf.ts). Money integer cents,
 * instants UTC.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { partnerMessages as m } from '../../../shared/partners.js';
import type { CreditPurchaseList } from '../../../shared/schemas/partners.js';
import { isUuid } from '../../../shared/ids.js';
import type { Db } from '../../db/client.js';
import { creditLedger, creditPurchases, organisations } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { PageQuery } from '../admin/audit-service.js';
import { creditReceiptPdf, type CreditReceipt } from './credit-receipt-pdf.js';
import { paidWithOf } from './organisation-service.js';

type PaidPurchase = Pick<
  typeof creditPurchases.$inferSelect,
  'amountCents' | 'method' | 'cardBrand' | 'cardLast4' | 'invoiceReference' | 'receiptNumber' | 'paidAt'
>;

/** What the receipt of paid purchase `p` says, billed to `organisation`, with the available balance after it (cents). */
export function creditReceiptOf(p: PaidPurchase, organisation: string, balanceCents: number): CreditReceipt {
  return { receiptNumber: p.receiptNumber!, organisation, amountCents: p.amountCents, paidWith: paidWithOf(p), paidAt: p.paidAt!, balanceCents };
}

/**
 * GET /api/partner/organisations/{id}/credit-purchases?page=&pageSize=: the organisation's purchases of credit, by
 * card or bank transfer, newest first, a page at a time with their total — amount (cents), status (pending, paid,
 * failed, expired), how it was paid and, once paid, its receipt number and time. The caller checked the manager.
 */
export async function listCreditPurchases(db: Db, organisationId: string, { page, pageSize }: PageQuery): Promise<CreditPurchaseList> {
  const ofOrganisation = eq(creditPurchases.organisationId, organisationId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(creditPurchases)
      .where(ofOrganisation)
      .orderBy(desc(creditPurchases.createdAt), desc(creditPurchases.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(creditPurchases).where(ofOrganisation),
  ]);
  return {
    items: rows.map((p) => ({
      purchaseId: p.id,
      createdAt: p.createdAt.toISOString(),
      amountCents: p.amountCents,
      status: p.status,
      // A card is known once the bank confirmed it.
      paidWith: p.status !== 'paid' && p.method === 'card' ? 'Card' : paidWithOf(p),
      receiptNumber: p.receiptNumber,
      paidAt: p.paidAt?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

/**
 * GET /api/partner/organisations/{id}/credit-purchases/{purchaseId}/receipt.pdf: a paid purchase's receipt, drawn again
 * from the purchase and its ledger entry (append-only), so it says what the e-mailed one said (under the organisation's
 * name of today). Answers its number and PDF bytes. 404 'Receipt not found' for a purchase of another organisation,
 * unknown, or not paid. The caller checked the manager.
 */
export async function creditReceiptPdfOf(db: Db, organisationId: string, purchaseId: string): Promise<{ receiptNumber: string; pdf: Buffer }> {
  const [row] = isUuid(purchaseId)
    ? await db
        .select({ p: creditPurchases, name: organisations.name, balanceCents: creditLedger.balanceAfterCents })
        .from(creditPurchases)
        .innerJoin(organisations, eq(organisations.id, creditPurchases.organisationId))
        .innerJoin(creditLedger, and(eq(creditLedger.purchaseId, creditPurchases.id), eq(creditLedger.kind, 'purchase')))
        .where(and(eq(creditPurchases.id, purchaseId), eq(creditPurchases.organisationId, organisationId), eq(creditPurchases.status, 'paid')))
    : [];
  if (!row) throw new AppError('NOT_FOUND', m.receiptNotFound);
  return { receiptNumber: row.p.receiptNumber!, pdf: await creditReceiptPdf(creditReceiptOf(row.p, row.name, row.balanceCents)) };
}
