/**
 * Funding an organisation's credit (docs/product.md "Partners"): the team records a bank transfer for an invoice,
 * grants free credit until a date, or adjusts the balance with a reason — each audited; and how any paid purchase (this
 * transfer, or a manager's card: credit-purchase-service.ts) becomes credit, with its numbered receipt e-mailed as a PDF.
 */
import type { z } from 'zod';
import { grantExpiry, partnerMessages as m } from '../../../shared/partners.js';
import type { adjustmentInput, grantInput, invoicePaymentInput } from '../../../shared/schemas/partners.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import { creditGrants, creditPurchases } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import { requestHash } from '../../infra/request-hash.js';
import { recordAudit } from '../admin/audit-service.js';
import { creditReceiptPdf } from './credit-receipt-pdf.js';
import { creditReceiptOf } from './credit-receipt-service.js';
import { creditReceiptEmail } from './emails.js';
import { assertOrganisationId, getOrganisation } from './organisation-service.js';
import { drawFromGrants, lockOrganisation, moveCredit } from './wallet-service.js';
import { clock } from '../../clock.js';

export type PurchaseRow = typeof creditPurchases.$inferSelect;

async function lockedOrganisation(tx: Tx, id: string) {
  assertOrganisationId(id);
  const o = await lockOrganisation(tx, id);
  if (!o) throw new AppError('NOT_FOUND', m.organisationNotFound);
  return o;
}

/**
 * Adds the credit of purchase `row`, just paid (its receipt number given by the database, migration 0049): its
 * 'purchase' ledger entry — once per purchase, which the database holds to — and its receipt e-mails, the PDF attached,
 * to the billing address and, for a card, to the manager who paid (`buyerEmail`). Answers the balance after it (cents).
 */
export async function addPaidCredit(
  tx: Tx,
  row: PurchaseRow,
  o: { id: string; name: string; billingEmail: string },
  buyer: { id: string | null; email: string | null },
  baseUrl: string,
): Promise<number> {
  const balanceCents = await moveCredit(tx, { organisationId: o.id, kind: 'purchase', amountCents: row.amountCents, purchaseId: row.id, actorId: buyer.id });
  const receipt = creditReceiptOf(row, o.name, balanceCents);
  const pdf = await creditReceiptPdf(receipt);
  const to = new Set([o.billingEmail.toLowerCase(), ...(row.method === 'card' && buyer.email ? [buyer.email.toLowerCase()] : [])]);
  for (const address of to) await enqueueEmail(tx, creditReceiptEmail(address, { ...receipt, organisationId: o.id, pdf }, baseUrl));
  return balanceCents;
}

/** Writes a purchase paid now: its row (numbered by the database), its credit and its receipts (addPaidCredit). */
export async function writePaidPurchase(
  tx: Tx,
  purchase: Omit<typeof creditPurchases.$inferInsert, 'status' | 'paidAt'>,
  o: { id: string; name: string; billingEmail: string },
  buyer: CurrentUser,
  baseUrl: string,
  now = clock.now(),
): Promise<PurchaseRow> {
  const [row] = await tx
    .insert(creditPurchases)
    .values({ ...purchase, status: 'paid', createdAt: purchase.createdAt ?? now, paidAt: purchase.createdAt ?? now })
    .returning();
  await addPaidCredit(tx, row!, o, buyer, baseUrl);
  return row!;
}

/**
 * POST /api/admin/organisations/{id}/invoice-payments `{ amountCents, reference }`: a bank transfer received for an
 * invoice becomes credit ('purchase' entry), receipt e-mailed to the billing address; audited ('credit.invoice'). A
 * reference is recorded once per organisation (409 'A payment with this reference is already recorded'). 404 unknown.
 */
export async function recordInvoicePayment(db: Db, admin: CurrentUser, id: string, input: z.output<typeof invoicePaymentInput>, baseUrl: string) {
  return db
    .transaction(async (tx) => {
      const o = await lockedOrganisation(tx, id);
      const row = await writePaidPurchase(
        tx,
        {
          organisationId: id,
          amountCents: input.amountCents,
          method: 'invoice',
          invoiceReference: input.reference,
          idempotencyKey: `invoice:${input.reference.toLowerCase()}`,
          requestHash: requestHash(input),
          buyerId: admin.id,
        },
        o,
        admin,
        baseUrl,
      );
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'credit.invoice',
        targetType: 'organisation',
        targetId: id,
        detail: { amountCents: input.amountCents, reference: input.reference, purchaseId: row.id },
      });
      return getOrganisation(tx, id);
    })
    .catch((err: unknown) => {
      if (pgError(err).constraint === 'credit_purchases_idempotency_unique') throw new AppError('CONFLICT', m.invoiceRecorded);
      throw err;
    });
}

/**
 * POST /api/admin/organisations/{id}/grants `{ amountCents, expiresOn, note }`: free credit ('grant' entry) whose
 * unspent part expires at the end of the UTC day `expiresOn` (grant-expiry.ts); audited ('credit.grant'). 400 a
 * day not in the future; 404 unknown.
 */
export async function grantCredit(db: Db, admin: CurrentUser, id: string, input: z.output<typeof grantInput>, now = clock.now()) {
  const expiresAt = grantExpiry(input.expiresOn);
  // The last day of the grant is tomorrow (UTC) at the earliest.
  if (expiresAt.getTime() <= now.getTime() + 86_400_000) throw new AppError('VALIDATION', m.grantExpiry);
  return db.transaction(async (tx) => {
    await lockedOrganisation(tx, id);
    const [grant] = await tx
      .insert(creditGrants)
      .values({ organisationId: id, amountCents: input.amountCents, remainingCents: input.amountCents, expiresAt, note: input.note, createdBy: admin.id })
      .returning({ id: creditGrants.id });
    await moveCredit(tx, { organisationId: id, kind: 'grant', amountCents: input.amountCents, grantId: grant!.id, note: input.note, actorId: admin.id });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'credit.grant',
      targetType: 'organisation',
      targetId: id,
      detail: { amountCents: input.amountCents, expiresAt: expiresAt.toISOString(), note: input.note, grantId: grant!.id },
    });
    return getOrganisation(tx, id, now);
  });
}

/**
 * POST /api/admin/organisations/{id}/adjustments `{ amountCents, reason }`: adds (positive) or takes (negative)
 * credit ('adjustment' entry), never more than is available — credit reserved for bookings is never taken (409 with
 * the most that can be taken); audited ('credit.adjust'). A negative adjustment is drawn from grants first. 404 unknown.
 */
export async function adjustBalance(db: Db, admin: CurrentUser, id: string, input: z.output<typeof adjustmentInput>) {
  return db.transaction(async (tx) => {
    const o = await lockedOrganisation(tx, id);
    if (o.balanceCents + input.amountCents < 0) throw new AppError('CONFLICT', m.belowReserved(o.balanceCents));
    if (input.amountCents < 0) await drawFromGrants(tx, id, -input.amountCents);
    await moveCredit(tx, { organisationId: id, kind: 'adjustment', amountCents: input.amountCents, note: input.reason, actorId: admin.id });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'credit.adjust',
      targetType: 'organisation',
      targetId: id,
      detail: { amountCents: input.amountCents, reason: input.reason },
    });
    return getOrganisation(tx, id);
  });
}
