/**
 * A package bought with a card whose bank asked for 3-D Secure (docs/product.md "Plans and packages", "Buying"):
 * buy-package.ts kept the frozen terms in `card_confirmations` and bought nothing. The purchase is settled by asking
 * the processor by the payment's id, never from what the browser says — from the browser after the bank's step
 * (`completePackagePayment`), the processor's webhook (`settlePackagePaymentByRef`) or the expiry job
 * (`expireAbandonedPackagePayments`), whichever comes first, once:
 *   charged   → the purchase is written with the same id (buy-package.ts writePurchase: sessions, ledger, receipt);
 *   refused   → 'failed', the payment cancelled; nothing bought;
 *   waiting   → unchanged, until `pendingPurchaseHours` after it was made (Stripe's own abandonment of a
 *               PaymentIntent left for its customer), when the job cancels the payment ('abandoned') and it 'expired'.
 * Each settling locks the row in one transaction, so the three settle a purchase once. Money integer cents.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { packageMessages as m } from '../../../../shared/packages.js';
import type { PurchaseView } from '../../../../shared/schemas/packages.js';
import { isUuid } from '../../../../shared/ids.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { clock } from '../../../clock.js';
import type { Db, Tx } from '../../../db/client.js';
import { assertConfirmed, lockConfirmation, settleAbandoned, type ConfirmationStatus } from '../../payments/card-confirmation-service.js';
import { cardConfirmations, packagePurchases } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import type { PaymentProvider } from '../../../infra/payments/provider.js';
import { writePurchase, type PackageTerms } from '../paid-purchase.js';
import { purchaseOfClient } from '../purchase-views.js';

type Deps = { db: Db; provider: PaymentProvider; baseUrl: string };
type Status = ConfirmationStatus;

const ofPackages = isNotNull(cardConfirmations.packageId);

/**
 * Settles the package confirmation `id` in `tx` at `now` by asking the processor (see the file comment); with `expire`
 * (the job) a payment still waiting is cancelled as abandoned, and a row another transaction holds is skipped (null).
 */
async function settleIn(tx: Tx, deps: Omit<Deps, 'db'>, id: string, now: Date, expire = false): Promise<Status | null> {
  const c = await lockConfirmation(tx, id, 'package', expire);
  if (!c) return null;
  if (c.status !== 'pending') return c.status;
  const key = `package-confirmation:${c.id}`;
  const state = await deps.provider.check(c.providerRef);
  if (state.state === 'pending' && !expire) return 'pending';
  let status: Status = 'paid';
  if (state.state === 'pending') {
    // Cancelled first: once the processor refuses the bank's late confirmation, no money can arrive for an expired row.
    await deps.provider.cancel({ providerRef: c.providerRef, idempotencyKey: `${key}:expire`, reason: 'abandoned' });
    status = 'expired';
  } else if (state.state === 'failed') {
    await deps.provider.cancel({ providerRef: c.providerRef, idempotencyKey: `${key}:cancel` });
    status = 'failed';
  } else {
    const paid = { id: c.id, clientId: c.clientId, terms: c.terms as PackageTerms, provider: c.provider, providerRef: c.providerRef };
    const card = { cardBrand: state.cardBrand, cardLast4: state.cardLast4 };
    await writePurchase(tx, deps.baseUrl, { ...paid, card, idempotencyKey: c.idempotencyKey, requestHash: c.requestHash }, now);
  }
  await tx.update(cardConfirmations).set({ status, settledAt: now }).where(eq(cardConfirmations.id, c.id));
  return status;
}

/**
 * Settles client `clientId`'s package confirmation `id` and answers the purchase once the bank confirmed. Errors: 409
 * 'Your bank is still confirming this payment…' while it waits; 402 'Payment failed…' when the bank refused, or
 * packageMessages.paymentExpired once abandoned; 404 none of the client's.
 */
export async function settlePendingPurchase(deps: Deps, id: string, clientId: string, now: Date): Promise<PurchaseView> {
  const status = await deps.db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ id: cardConfirmations.id })
      .from(cardConfirmations)
      .where(and(eq(cardConfirmations.id, id), eq(cardConfirmations.clientId, clientId), ofPackages));
    return mine ? settleIn(tx, deps, id, now) : null;
  });
  assertConfirmed(status, { notFound: m.purchaseNotFound, expired: m.paymentExpired });
  return purchaseOfClient(deps.db, id, clientId, now);
}

/**
 * POST /api/package-purchases/{id}/payment, after the bank's step in the browser: the purchase `id` of `client`, once
 * the processor says the bank confirmed (settled here if it was not yet). Errors as settlePendingPurchase.
 */
export async function completePackagePayment(deps: Deps, client: CurrentUser, id: string, now = clock.now()): Promise<PurchaseView> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', m.purchaseNotFound);
  const [bought] = await deps.db
    .select({ id: packagePurchases.id })
    .from(packagePurchases)
    .where(and(eq(packagePurchases.id, id), eq(packagePurchases.clientId, client.id)));
  if (bought) return purchaseOfClient(deps.db, id, client.id, now);
  return settlePendingPurchase(deps, id, client.id, now);
}

/**
 * The processor's webhook reports news of payment `providerRef` (payments/stripe-webhook-service.ts): settles the
 * package confirmation it pays inside the webhook's transaction. Answers whether one changed.
 */
export async function settlePackagePaymentByRef(tx: Tx, deps: Omit<Deps, 'db'>, provider: string, providerRef: string, now = clock.now()): Promise<boolean> {
  const [c] = await tx
    .select({ id: cardConfirmations.id })
    .from(cardConfirmations)
    .where(and(eq(cardConfirmations.provider, provider), eq(cardConfirmations.providerRef, providerRef), eq(cardConfirmations.status, 'pending'), ofPackages));
  return c ? ((await settleIn(tx, deps, c.id, now)) ?? 'pending') !== 'pending' : false;
}

/**
 * Part of the package expiry job (docs/architecture.md "Jobs"): each package confirmation still pending
 * `pendingPurchaseHours` after it was made is settled once more — bought if the bank confirmed after all, failed if it
 * refused — else its payment is cancelled as abandoned and it expires, buying nothing. Several servers run it at once
 * (rows claimed with SKIP LOCKED and re-checked). A processor that cannot be reached leaves it for the next run.
 * Answers how many expired.
 */
export async function expireAbandonedPackagePayments(deps: Deps, now = clock.now(), batch = 20): Promise<number> {
  return settleAbandoned(deps.db, 'package', now, batch, (tx, id) => settleIn(tx, deps, id, now, true));
}
