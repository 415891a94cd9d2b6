/**
 * POST /api/packages/{id}/purchases (docs/product.md "Plans and packages"): a client buys an expert's open package by
 * card. The terms are frozen with the purchase — count, length, price, validity, expiry rule and the platform's
 * commission — and the price is split into one prepaid session per session bought (shares in integer cents that sum
 * to the price, packageShares). The card is charged through the provider bookings use; the purchase, its prepaid
 * sessions, its 'charge' ledger entry and the receipt e-mail are written in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../../../shared/messages.js';
import { packageExpiresAt, packageMessages as m, packageShares } from '../../../../shared/packages.js';
import { hasClientProfile } from '../../../../shared/roles.js';
import { purchaseInput, type PurchaseInput, type PurchaseView } from '../../../../shared/schemas/packages.js';
import { isUuid } from '../../../../shared/ids.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { pgError } from '../../../db/errors.js';
import { experts, packageEvents, packagePurchases, packages, prepaidSessions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { enqueueEmail } from '../../../infra/mail/outbox.js';
import { assertSameRequest, requestHash } from '../../../infra/request-hash.js';
import { giveBackOrQueue } from '../../payments/payment-retry-service.js';
import type { SessionDeps } from '../../sessions/booking-service.js';
import { packageReceiptEmail } from '../emails.js';
import { oneOfClient, purchaseViews } from '../purchase-views.js';
import { clock } from '../../../clock.js';
import { cardRefusal } from '../../../infra/payments/card-refusal.js';

async function previousPurchase(deps: SessionDeps, clientId: string, key: string) {
  const [row] = await deps.db
    .select({ id: packagePurchases.id, requestHash: packagePurchases.requestHash })
    .from(packagePurchases)
    .where(and(eq(packagePurchases.clientId, clientId), eq(packagePurchases.idempotencyKey, key)));
  return row ?? null;
}

async function answer(deps: SessionDeps, id: string, clientId: string, now: Date): Promise<PurchaseView> {
  const [view] = await purchaseViews(deps.db, oneOfClient(id, clientId), now, 1);
  return view!;
}

/**
 * Buys package `packageId` for `client` with `rawInput` (purchaseInput) under `idempotencyKey`. Returns
 * `{ purchase, replayed }`: the same key with the same body answers the first purchase and charges nothing (422 with
 * another body). Errors: 403 not a client with a complete profile, or the expert's own package; 404 unknown package
 * or expert not published; 409 closed to new buyers; 400 invalid card; 402 declined, or a card needing 3-D Secure
 * (not offered for packages: nothing is charged). If the database refuses the purchase after the charge, the charge
 * is given back (or queued for the payment retries job).
 */
export async function buyPackage(
  deps: SessionDeps,
  client: CurrentUser,
  packageId: string,
  rawInput: PurchaseInput,
  idempotencyKey: string,
  now = clock.now(),
): Promise<{ purchase: PurchaseView; replayed: boolean }> {
  const input = purchaseInput.parse(rawInput);
  if (client.role !== 'client') throw new AppError('FORBIDDEN', 'Only client accounts can buy packages');
  if (!hasClientProfile(client)) throw new AppError('FORBIDDEN', messages.booking.completeProfile);
  // A digest of a card number is card data (PCI DSS 3.5.1): its last four digits still tell two cards apart.
  const hash = requestHash({ packageId, card: input.card?.number.replace(/\D/g, '').slice(-4) ?? input.paymentMethodId });
  const previous = await previousPurchase(deps, client.id, idempotencyKey);
  if (previous) {
    assertSameRequest(previous.requestHash, hash);
    return { purchase: await answer(deps, previous.id, client.id, now), replayed: true };
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
  const expiresAt = packageExpiresAt(now, p.validityMonths);
  const key = `package:${client.id}:${idempotencyKey}`;
  const hold = await deps.provider.hold({
    amountCents: p.priceCents,
    currency: expert.currency,
    card: input.card,
    paymentMethodId: input.paymentMethodId,
    // Money kept for months is charged now and held in the platform's balance (decision 006).
    releaseBy: expiresAt,
    now,
    idempotencyKey: key,
    description: `Mentora package with ${expert.name}`,
  });
  if (!hold.ok) {
    if (hold.reason === 'requires_action') {
      await deps.provider.cancel({ providerRef: hold.providerRef, idempotencyKey: `${key}:cancel` });
      throw new AppError('PAYMENT_DECLINED', messages.payment.failed);
    }
    throw cardRefusal(hold);
  }
  const id = randomUUID();
  const terms = {
    sessionCount: p.sessionCount,
    durationMinutes: p.durationMinutes,
    priceCents: p.priceCents,
    validityMonths: p.validityMonths,
    expiryRule: p.expiryRule,
    currency: expert.currency,
    expiresAt,
    cardBrand: hold.cardBrand,
    cardLast4: hold.cardLast4,
  };
  try {
    await deps.db.transaction(async (tx) => {
      const [bought] = await tx
        .insert(packagePurchases)
        .values({
          id,
          packageId,
          clientId: client.id,
          expertId: p.expertId,
          expertName: expert.name,
          clientName: `${client.firstName} ${client.lastName}`.trim(),
          ...terms,
          platformFeeBps: deps.platformFeeBasisPoints,
          provider: deps.provider.name,
          providerRef: hold.providerRef,
          idempotencyKey,
          requestHash: hash,
          createdAt: now,
          updatedAt: now,
        })
        // The database numbers the receipt (migration 0047).
        .returning({ receiptNumber: packagePurchases.receiptNumber });
      await tx
        .insert(prepaidSessions)
        .values(packageShares(p.priceCents, p.sessionCount).map((shareCents, i) => ({ purchaseId: id, number: i + 1, shareCents })));
      await tx.insert(packageEvents).values({ purchaseId: id, type: 'charge', amountCents: p.priceCents, actorId: client.id, createdAt: now });
      const to = { email: client.email, zone: client.timeZone ?? 'UTC' };
      await enqueueEmail(tx, packageReceiptEmail({ id, expertName: expert.name, ...terms, receiptNumber: bought!.receiptNumber! }, to, now, deps.baseUrl));
    });
  } catch (err) {
    // The same key at once from two requests: the processor charged once (same idempotency key) and the first wrote it.
    if (pgError(err).constraint === 'package_purchases_client_idempotency_key') {
      const first = await previousPurchase(deps, client.id, idempotencyKey);
      if (first) {
        assertSameRequest(first.requestHash, hash);
        return { purchase: await answer(deps, first.id, client.id, now), replayed: true };
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
  return { purchase: await answer(deps, id, client.id, now), replayed: false };
}
