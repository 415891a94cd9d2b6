/**
 * A manager buys credit by card (docs/product.md "Partners"), through the payment provider bookings use, as a booking
 * pays (decision 006): the server creates and confirms the payment (the amount from the request, checked by zod), and
 * the card is charged at once. A card whose bank asks for 3-D Secure leaves a 'pending' purchase that adds nothing; the
 * browser runs the bank's step with the client secret, and the purchase is settled by asking the processor by id — from
 * the browser (`settleCreditPurchase`) or the processor's webhook (`settleCreditPurchaseByRef`), whichever comes first,
 * once. One still waiting `pendingPurchaseHours` after it was made is abandoned: the expiry job
 * (`expireAbandonedCreditPurchases`) cancels its payment and the purchase expires. Money integer cents.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import { partnerMessages as m, pendingPurchaseHours } from '../../../shared/partners.js';
import type { CreditPurchaseState, creditPurchaseInput } from '../../../shared/schemas/partners.js';
import type { CurrentUser } from '../../auth/plugin.js';
import { clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import { creditPurchases, organisations, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { cardRefusal } from '../../infra/payments/card-refusal.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import { requestHash } from '../../infra/request-hash.js';
import { isUuid } from '../../../shared/ids.js';
import { addPaidCredit, writePaidPurchase, type PurchaseRow } from './funding-service.js';
import { assertOrganisationId, getOrganisation } from './organisation-service.js';

type Deps = { provider: PaymentProvider; baseUrl: string };

/** What buying answers: the organisation once paid, or the bank's step still to run in the browser. */
export type CreditPurchaseOutcome =
  { status: 'paid'; organisation: Awaited<ReturnType<typeof getOrganisation>> } | { status: 'pending'; purchaseId: string; clientSecret: string };

/** The processor's idempotency keys of a purchase derive from the organisation and the request's Idempotency-Key. */
const keyOf = (p: { organisationId: string; idempotencyKey: string }) => `credit:${p.organisationId}:${p.idempotencyKey}`;

const stateOf = (p: PurchaseRow): CreditPurchaseState => ({
  purchaseId: p.id,
  status: p.status,
  amountCents: p.amountCents,
  receiptNumber: p.receiptNumber,
});

/**
 * POST /api/partner/organisations/{id}/credit-purchases `{ amountCents, card | paymentMethodId }` with an
 * Idempotency-Key: `buyer` (a manager; the caller checked) pays by card and the credit is added ('purchase' entry),
 * receipts e-mailed to the buyer and the billing address (funding-service.ts addPaidCredit). A card needing 3-D Secure
 * answers `pending` with the client secret, nothing added yet. A replay of the key with the same body answers the
 * first purchase and charges nothing (a pending one is asked about again: 409 while the bank still confirms, 402 when
 * it refused); with another body 422. 402 declined; 404 unknown. If the ledger cannot be written after the charge, the
 * charge is refunded.
 */
export async function buyCredit(
  db: Db,
  deps: Deps,
  buyer: CurrentUser,
  id: string,
  input: z.output<typeof creditPurchaseInput>,
  idempotencyKey: string,
  now = clock.now(),
): Promise<CreditPurchaseOutcome> {
  assertOrganisationId(id);
  // A digest of a card number is card data (PCI DSS 3.5.1): its last four digits still tell two cards apart.
  const hash = requestHash({
    organisationId: id,
    amountCents: input.amountCents,
    card: input.card?.number.replace(/\s+/g, '').slice(-4) ?? input.paymentMethodId,
  });
  const previous = await findPurchase(db, id, idempotencyKey);
  if (previous) return replay(db, deps, previous, hash, now);
  const [o] = await db.select().from(organisations).where(eq(organisations.id, id));
  if (!o) throw new AppError('NOT_FOUND', m.organisationNotFound);
  const key = keyOf({ organisationId: id, idempotencyKey });
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
  const purchase = {
    organisationId: id,
    amountCents: input.amountCents,
    method: 'card',
    provider: deps.provider.name,
    idempotencyKey,
    requestHash: hash,
    buyerId: buyer.id,
    createdAt: now,
  };
  if (!hold.ok && hold.reason === 'requires_action') {
    // Nothing is added until the bank confirms; the row keeps the payment's reference for the settling.
    const written = await db
      .insert(creditPurchases)
      .values({ ...purchase, status: 'pending', providerRef: hold.providerRef })
      .onConflictDoNothing()
      .returning({ id: creditPurchases.id });
    if (!written[0]) return replay(db, deps, (await findPurchase(db, id, idempotencyKey))!, hash, now);
    return { status: 'pending', purchaseId: written[0].id, clientSecret: hold.clientSecret };
  }
  if (!hold.ok) throw cardRefusal(hold);
  await deps.provider.release({ providerRef: hold.providerRef, amountCents: input.amountCents, transferCents: 0, idempotencyKey: `${key}:capture` });
  try {
    await db.transaction((tx) =>
      writePaidPurchase(tx, { ...purchase, providerRef: hold.providerRef, cardBrand: hold.cardBrand, cardLast4: hold.cardLast4 }, o, buyer, deps.baseUrl, now),
    );
  } catch (err) {
    // The same key at once from two requests: the processor charged once (same idempotency key); the first one wrote it.
    if (pgError(err).constraint === 'credit_purchases_idempotency_unique') {
      const first = await findPurchase(db, id, idempotencyKey);
      if (first) return replay(db, deps, first, hash, now);
    }
    await deps.provider.refund({ providerRef: hold.providerRef, amountCents: input.amountCents, idempotencyKey: `${key}:refund` });
    throw err;
  }
  return { status: 'paid', organisation: await getOrganisation(db, id) };
}

async function findPurchase(db: Db, organisationId: string, idempotencyKey: string): Promise<PurchaseRow | null> {
  const [row] = await db
    .select()
    .from(creditPurchases)
    .where(and(eq(creditPurchases.organisationId, organisationId), eq(creditPurchases.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

async function replay(db: Db, deps: Deps, previous: PurchaseRow, hash: string, now: Date): Promise<CreditPurchaseOutcome> {
  if (previous.requestHash !== hash) throw new AppError('UNPROCESSABLE', messages.common.idempotencyKeyReused);
  const status = previous.status === 'pending' ? await db.transaction((tx) => settleIn(tx, deps, previous.id, now)) : previous.status;
  if (status === 'pending') throw new AppError('CONFLICT', messages.payment.awaitingPayment);
  if (status === 'failed') throw new AppError('PAYMENT_DECLINED', messages.payment.failed);
  if (status === 'expired') throw new AppError('PAYMENT_DECLINED', m.purchaseExpired);
  return { status: 'paid', organisation: await getOrganisation(db, previous.organisationId) };
}

/**
 * Settles pending purchase `purchaseId` inside `tx` by asking the processor where its payment stands: authorised →
 * captured and paid (credit and receipts, funding-service.ts addPaidCredit); refused or cancelled → failed (the
 * authorisation voided); still waiting → unchanged, or with `expire` (the expiry job) its payment cancelled at the
 * processor as abandoned and the purchase 'expired', nothing added. The row is locked first, so the browser, the
 * webhook and the job settling at once change it once; the job skips a row another holds or has settled (null then).
 * Answers the purchase's status.
 */
async function settleIn(tx: Tx, deps: Deps, purchaseId: string, now: Date, expire = false): Promise<PurchaseRow['status'] | null> {
  const lock = tx
    .select()
    .from(creditPurchases)
    .where(and(eq(creditPurchases.id, purchaseId), expire ? eq(creditPurchases.status, 'pending') : undefined));
  const [p] = await (expire ? lock.for('update', { skipLocked: true }) : lock.for('update'));
  if (!p) return expire ? null : 'failed';
  if (p.status !== 'pending') return p.status;
  const state = await deps.provider.check(p.providerRef!);
  if (state.state === 'pending' && !expire) return 'pending';
  if (state.state === 'pending') {
    // Cancelled first: once the processor refuses the bank's late confirmation, no money can arrive for an expired row.
    await deps.provider.cancel({ providerRef: p.providerRef!, idempotencyKey: `${keyOf(p)}:expire`, reason: 'abandoned' });
    await tx.update(creditPurchases).set({ status: 'expired' }).where(eq(creditPurchases.id, p.id));
    return 'expired';
  }
  if (state.state === 'failed') {
    await deps.provider.cancel({ providerRef: p.providerRef!, idempotencyKey: `${keyOf(p)}:cancel` });
    await tx.update(creditPurchases).set({ status: 'failed' }).where(eq(creditPurchases.id, p.id));
    return 'failed';
  }
  await deps.provider.release({ providerRef: p.providerRef!, amountCents: p.amountCents, transferCents: 0, idempotencyKey: `${keyOf(p)}:capture` });
  // Paid now: the database gives the receipt its number (migration 0049).
  const [paid] = await tx
    .update(creditPurchases)
    .set({ status: 'paid', paidAt: now, cardBrand: state.cardBrand, cardLast4: state.cardLast4 })
    .where(eq(creditPurchases.id, p.id))
    .returning();
  const [o] = await tx.select().from(organisations).where(eq(organisations.id, p.organisationId));
  const [buyer] = p.buyerId ? await tx.select({ email: userTable.email }).from(userTable).where(eq(userTable.id, p.buyerId)) : [];
  await addPaidCredit(tx, paid!, o!, { id: p.buyerId, email: buyer?.email ?? null }, deps.baseUrl);
  return 'paid';
}

/**
 * POST /api/partner/organisations/{id}/credit-purchases/{purchaseId}/payment, after the bank's step in the browser:
 * settles the purchase (above) and answers `{ purchaseId, status, amountCents, receiptNumber }` — 'paid', 'pending'
 * while the bank still confirms, or 'failed'. 404 unknown purchase of this organisation (the caller checked the manager).
 */
export async function settleCreditPurchase(db: Db, deps: Deps, organisationId: string, purchaseId: string, now = clock.now()): Promise<CreditPurchaseState> {
  if (!isUuid(purchaseId)) throw new AppError('NOT_FOUND', m.purchaseNotFound);
  const [p] = await db
    .select({ id: creditPurchases.id })
    .from(creditPurchases)
    .where(and(eq(creditPurchases.id, purchaseId), eq(creditPurchases.organisationId, organisationId)));
  if (!p) throw new AppError('NOT_FOUND', m.purchaseNotFound);
  await db.transaction((tx) => settleIn(tx, deps, p.id, now));
  const [row] = await db.select().from(creditPurchases).where(eq(creditPurchases.id, p.id));
  return stateOf(row!);
}

/**
 * The credit purchase expiry job (docs/product.md "Partners"; docs/architecture.md "Jobs"): each card purchase still
 * 'pending' `pendingPurchaseHours` after it was made is settled once more — paid if the bank confirmed after all (never
 * lost), failed if it refused — else its payment is cancelled at the processor ('abandoned') and it expires, adding
 * nothing. Several servers run it at once: each purchase is claimed with FOR UPDATE SKIP LOCKED and re-checked, so it
 * changes once. A processor that cannot be reached leaves the purchase pending for the next run. Answers how many
 * purchases expired.
 */
export async function expireAbandonedCreditPurchases(db: Db, deps: Deps, now = clock.now(), batch = 20): Promise<number> {
  const due = await db
    .select({ id: creditPurchases.id })
    .from(creditPurchases)
    .where(and(eq(creditPurchases.status, 'pending'), lte(creditPurchases.createdAt, new Date(now.getTime() - pendingPurchaseHours * 3_600_000))))
    .orderBy(creditPurchases.createdAt)
    .limit(batch);
  let expired = 0;
  for (const { id } of due) if ((await db.transaction((tx) => settleIn(tx, deps, id, now, true))) === 'expired') expired++;
  return expired;
}

/**
 * The processor's webhook reports news of payment `providerRef` (stripe-webhook-service.ts): settles the pending credit
 * purchase it pays, inside the webhook's transaction. Answers whether a purchase changed (false: none pending has it).
 */
export async function settleCreditPurchaseByRef(tx: Tx, deps: Deps, provider: string, providerRef: string, now = clock.now()): Promise<boolean> {
  const [p] = await tx
    .select({ id: creditPurchases.id })
    .from(creditPurchases)
    .where(and(eq(creditPurchases.provider, provider), eq(creditPurchases.providerRef, providerRef), eq(creditPurchases.status, 'pending')));
  return p ? (await settleIn(tx, deps, p.id, now)) !== 'pending' : false;
}
