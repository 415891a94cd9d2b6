/**
 * POST /api/packages/{id}/purchases (docs/product.md "Plans and packages"): a client buys an expert's open package by
 * card. The terms are frozen with the purchase — count, length, price, validity, expiry rule and the platform's
 * commission — and the price is split into one prepaid session per session bought (shares in integer cents that sum
 * to the price, packageShares). The card is charged through the provider bookings use; the purchase, its prepaid
 * sessions, its 'charge' ledger entry and the receipt e-mail are written in one transaction. A card whose bank asks
 * for 3-D Secure buys nothing yet: the terms wait in `card_confirmations` until the bank confirms
 * (settle-package-payment.ts), as a booking's reservation waits (docs/product.md "Payments").
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { messages } from '../../../../shared/messages.js';
import { packageExpiresAt, packageMessages as m } from '../../../../shared/packages.js';
import { hasClientProfile } from '../../../../shared/roles.js';
import { purchaseInput, type PurchaseInput, type PurchaseView } from '../../../../shared/schemas/packages.js';
import { isUuid } from '../../../../shared/ids.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { pgError } from '../../../db/errors.js';
import { cardConfirmations, experts, packagePurchases, packages } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { assertSameRequest, requestHash } from '../../../infra/request-hash.js';
import { giveBackOrQueue } from '../../payments/payment-retry-service.js';
import type { SessionDeps } from '../../sessions/booking-service.js';
import { writePurchase, type PackageTerms, type PaidPurchase } from '../paid-purchase.js';
import { purchaseOfClient } from '../purchase-views.js';
import { clock } from '../../../clock.js';
import { cardRefusal } from '../../../infra/payments/card-refusal.js';
import { settlePendingPurchase } from './settle-package-payment.js';

async function previousPurchase(deps: SessionDeps, clientId: string, key: string) {
  const [row] = await deps.db
    .select({ id: packagePurchases.id, requestHash: packagePurchases.requestHash })
    .from(packagePurchases)
    .where(and(eq(packagePurchases.clientId, clientId), eq(packagePurchases.idempotencyKey, key)));
  return row ?? null;
}

/** What buying answers: the purchase, or (3-D Secure) the bank's step still to run in the browser for `purchaseId`. */
export type BuyOutcome = { purchase: PurchaseView; replayed: boolean } | { awaitingBank: { purchaseId: string; clientSecret: string } };

/**
 * Buys package `packageId` for `client` with `rawInput` (purchaseInput) under `idempotencyKey`. Returns
 * `{ purchase, replayed }`: the same key with the same body answers the first purchase and charges nothing (422 with
 * another body). A card needing 3-D Secure answers `awaitingBank` (nothing bought yet; the browser runs the bank's
 * step and then asks settle-package-payment.ts); the same key asked again meanwhile answers as that does (409 while the
 * bank confirms, 402 refused or abandoned). Errors: 403 not a client with a complete profile, or the expert's own
 * package; 404 unknown package or expert not published; 409 closed to new buyers; 400 invalid card; 402 declined. If
 * the database refuses the purchase after the charge, the charge is given back (or queued for the payment retries job).
 */
export async function buyPackage(
  deps: SessionDeps,
  client: CurrentUser,
  packageId: string,
  rawInput: PurchaseInput,
  idempotencyKey: string,
  now = clock.now(),
): Promise<BuyOutcome> {
  const input = purchaseInput.parse(rawInput);
  if (client.role !== 'client') throw new AppError('FORBIDDEN', 'Only client accounts can buy packages');
  if (!hasClientProfile(client)) throw new AppError('FORBIDDEN', messages.booking.completeProfile);
  // A digest of a card number is card data (PCI DSS 3.5.1): its last four digits still tell two cards apart.
  const hash = requestHash({ packageId, card: input.card?.number.replace(/\D/g, '').slice(-4) ?? input.paymentMethodId });
  const previous = await previousPurchase(deps, client.id, idempotencyKey);
  if (previous) {
    assertSameRequest(previous.requestHash, hash);
    return { purchase: await purchaseOfClient(deps.db, previous.id, client.id, now), replayed: true };
  }
  const waiting = await awaitingBank(deps, client.id, idempotencyKey);
  if (waiting) {
    assertSameRequest(waiting.requestHash, hash);
    return { purchase: await settlePendingPurchase(deps, waiting.id, client.id, now), replayed: true };
  }
  if (!isUuid(packageId)) throw new AppError('NOT_FOUND', m.notFound);
  const [offer] = await deps.db
    .select({ p: packages, expert: { name: experts.name, userId: experts.userId, currency: experts.currency, status: experts.status } })
    .from(packages)
    .innerJoin(experts, eq(experts.id, packages.expertId))
    .where(eq(packages.id, packageId));
  if (!offer || offer.expert.status !== 'published') throw new AppError('NOT_FOUND', m.notFound);
  if (offer.expert.userId === client.id) throw new AppError('FORBIDDEN', m.ownPackage);
  if (!offer.p.open) throw new AppError('CONFLICT', m.closed);

  const { p, expert } = offer;
  const key = `package:${client.id}:${idempotencyKey}`;
  const hold = await deps.provider.hold({
    amountCents: p.priceCents,
    currency: expert.currency,
    card: input.card,
    paymentMethodId: input.paymentMethodId,
    // Money kept for months is charged now and held in the platform's balance (decision 006).
    releaseBy: packageExpiresAt(now, p.validityMonths),
    now,
    idempotencyKey: key,
    description: `Mentora package with ${expert.name}`,
  });
  const id = randomUUID();
  const terms: PackageTerms = {
    packageId,
    expertId: p.expertId,
    expertName: expert.name,
    clientName: `${client.firstName} ${client.lastName}`.trim(),
    sessionCount: p.sessionCount,
    durationMinutes: p.durationMinutes,
    priceCents: p.priceCents,
    validityMonths: p.validityMonths,
    expiryRule: p.expiryRule,
    currency: expert.currency,
    platformFeeBps: deps.platformFeeBasisPoints,
  };
  if (!hold.ok && hold.reason === 'requires_action') {
    // Nothing is bought until the bank confirms: the terms wait with the payment's reference.
    const [written] = await deps.db
      .insert(cardConfirmations)
      .values({
        id,
        clientId: client.id,
        packageId,
        terms,
        amountCents: p.priceCents,
        provider: deps.provider.name,
        providerRef: hold.providerRef,
        idempotencyKey,
        requestHash: hash,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: cardConfirmations.id });
    // The same key at once from two requests: the processor answered both with one intent, the first row stays.
    if (!written) return buyPackage(deps, client, packageId, rawInput, idempotencyKey, now);
    return { awaitingBank: { purchaseId: id, clientSecret: hold.clientSecret } };
  }
  if (!hold.ok) throw cardRefusal(hold);
  const paid: PaidPurchase = {
    id,
    clientId: client.id,
    terms,
    provider: deps.provider.name,
    providerRef: hold.providerRef,
    card: { cardBrand: hold.cardBrand, cardLast4: hold.cardLast4 },
    idempotencyKey,
    requestHash: hash,
  };
  try {
    await deps.db.transaction((tx) => writePurchase(tx, deps.baseUrl, paid, now));
  } catch (err) {
    // The same key at once from two requests: the processor charged once (same idempotency key) and the first wrote it.
    if (pgError(err).constraint === 'package_purchases_client_idempotency_key') {
      const first = await previousPurchase(deps, client.id, idempotencyKey);
      if (first) {
        assertSameRequest(first.requestHash, hash);
        return { purchase: await purchaseOfClient(deps.db, first.id, client.id, now), replayed: true };
      }
    }
    // The database refused the purchase: the charge goes back, now or by the payment retries job.
    const giveBack = {
      providerRef: hold.providerRef,
      amountCents: p.priceCents,
      idempotencyKey: `${key}:refund`,
      why: 'package purchase refused by the database',
    };
    await giveBackOrQueue(deps.db, deps, giveBack, now);
    throw err;
  }
  return { purchase: await purchaseOfClient(deps.db, id, client.id, now), replayed: false };
}

/** The client's purchase under `key` still awaiting (or done awaiting) the bank, or null. */
async function awaitingBank(deps: SessionDeps, clientId: string, key: string) {
  const [row] = await deps.db
    .select({ id: cardConfirmations.id, requestHash: cardConfirmations.requestHash })
    .from(cardConfirmations)
    .where(and(eq(cardConfirmations.clientId, clientId), eq(cardConfirmations.idempotencyKey, key), isNotNull(cardConfirmations.packageId)));
  return row ?? null;
}
