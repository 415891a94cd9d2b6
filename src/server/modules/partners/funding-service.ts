/**
 * Funding an organisation's credit (docs/product.md "Partners"): the team records a bank transfer for an invoice,
 * grants free credit until a date, or adjusts the balance with a reason — each audited — and a manager buys credit by
 * card through the payment provider bookings use. Each purchase e-mails a receipt.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import { grantExpiry, partnerMessages as m } from '../../../shared/partners.js';
import type { adjustmentInput, creditPurchaseInput, grantInput, invoicePaymentInput } from '../../../shared/schemas/partners.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import { creditGrants, creditPurchases, organisations } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import { requestHash } from '../../infra/request-hash.js';
import { recordAudit } from '../admin/audit-service.js';
import { creditReceiptEmail } from './emails.js';
import { assertOrganisationId, getOrganisation, paidWithOf } from './organisation-service.js';
import { drawFromGrants, lockOrganisation, moveCredit } from './wallet-service.js';
import { clock } from '../../clock.js';
import { cardRefusal } from '../../infra/payments/card-refusal.js';

type PurchaseRow = typeof creditPurchases.$inferSelect;

async function lockedOrganisation(tx: Tx, id: string) {
  assertOrganisationId(id);
  const o = await lockOrganisation(tx, id);
  if (!o) throw new AppError('NOT_FOUND', m.organisationNotFound);
  return o;
}

/** Writes a paid purchase: its row, its 'purchase' ledger entry and its receipt e-mails (the buyer and the billing address). */
async function writePurchase(
  tx: Tx,
  purchase: typeof creditPurchases.$inferInsert,
  o: { id: string; name: string; billingEmail: string },
  buyer: CurrentUser,
  baseUrl: string,
) {
  const [row] = await tx.insert(creditPurchases).values(purchase).returning();
  const balanceCents = await moveCredit(tx, { organisationId: o.id, kind: 'purchase', amountCents: row!.amountCents, purchaseId: row!.id, actorId: buyer.id });
  const facts = {
    organisationId: o.id,
    organisation: o.name,
    purchaseId: row!.id,
    amountCents: row!.amountCents,
    paidWith: paidWithOf(row!),
    paidAt: row!.createdAt,
    balanceCents,
  };
  const to = new Set([o.billingEmail.toLowerCase(), ...(purchase.method === 'card' ? [buyer.email.toLowerCase()] : [])]);
  for (const address of to) await enqueueEmail(tx, creditReceiptEmail(address, facts, baseUrl));
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
      const row = await writePurchase(
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

/**
 * POST /api/partner/organisations/{id}/credit-purchases `{ amountCents, card | paymentMethodId }` with an
 * Idempotency-Key: `buyer` (a manager; the caller checked) pays by card through `provider` — authorised and captured
 * at once — and the credit is added ('purchase' entry), receipts e-mailed to the buyer and the billing address. A
 * replay of the key with the same body answers the organisation and charges nothing; with another body 422. 402
 * declined or a card needing 3-D Secure (not supported for credit yet); 404 unknown. If the ledger cannot be written
 * after the charge, the charge is refunded.
 */
export async function buyCredit(
  db: Db,
  deps: { provider: PaymentProvider; baseUrl: string },
  buyer: CurrentUser,
  id: string,
  input: z.output<typeof creditPurchaseInput>,
  idempotencyKey: string,
  now = clock.now(),
) {
  assertOrganisationId(id);
  const hash = requestHash({
    organisationId: id,
    amountCents: input.amountCents,
    card: input.card?.number.replace(/\s+/g, '').slice(-4) ?? input.paymentMethodId,
  });
  const previous = await findPurchase(db, id, idempotencyKey);
  if (previous) return replay(db, id, previous, hash);
  const [o] = await db.select().from(organisations).where(eq(organisations.id, id));
  if (!o) throw new AppError('NOT_FOUND', m.organisationNotFound);
  const key = `credit:${id}:${idempotencyKey}`;
  const hold = await deps.provider.hold({
    amountCents: input.amountCents,
    currency: 'USD',
    card: input.card,
    paymentMethodId: input.paymentMethodId,
    releaseBy: now,
    now,
    idempotencyKey: key,
    description: `Mentora credit for ${o.name}`,
  });
  if (!hold.ok) {
    if (hold.reason === 'requires_action') {
      await deps.provider.cancel({ providerRef: hold.providerRef, idempotencyKey: `${key}:cancel` });
      throw new AppError('PAYMENT_DECLINED', m.purchaseNeedsAction);
    }
    throw cardRefusal(hold);
  }
  await deps.provider.release({ providerRef: hold.providerRef, amountCents: input.amountCents, transferCents: 0, idempotencyKey: `${key}:capture` });
  try {
    await db.transaction(async (tx) => {
      await writePurchase(
        tx,
        {
          organisationId: id,
          amountCents: input.amountCents,
          method: 'card',
          provider: deps.provider.name,
          providerRef: hold.providerRef,
          cardBrand: hold.cardBrand,
          cardLast4: hold.cardLast4,
          idempotencyKey,
          requestHash: hash,
          buyerId: buyer.id,
          createdAt: now,
        },
        o,
        buyer,
        deps.baseUrl,
      );
    });
  } catch (err) {
    // The same key at once from two requests: the processor charged once (same idempotency key); the first one wrote it.
    if (pgError(err).constraint === 'credit_purchases_idempotency_unique') {
      const first = await findPurchase(db, id, idempotencyKey);
      if (first) return replay(db, id, first, hash);
    }
    await deps.provider.refund({ providerRef: hold.providerRef, amountCents: input.amountCents, idempotencyKey: `${key}:refund` });
    throw err;
  }
  return getOrganisation(db, id);
}

async function findPurchase(db: Db, organisationId: string, idempotencyKey: string): Promise<PurchaseRow | null> {
  const [row] = await db
    .select()
    .from(creditPurchases)
    .where(and(eq(creditPurchases.organisationId, organisationId), eq(creditPurchases.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

async function replay(db: Db, id: string, previous: PurchaseRow, hash: string) {
  if (previous.requestHash !== hash) throw new AppError('UNPROCESSABLE', messages.common.idempotencyKeyReused);
  return getOrganisation(db, id);
}
