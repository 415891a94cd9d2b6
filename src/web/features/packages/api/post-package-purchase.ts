/**
 * POST /api/packages/{id}/purchases: buys a package by card (docs/product.md "Plans and packages"); a fresh
 * Idempotency-Key per attempt. POST /api/package-purchases/{id}/payment: the purchase once the bank confirmed its
 * 3-D Secure step.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseAwaitingBank, PurchaseInput, PurchaseView } from '@shared/schemas/packages';
import { api } from '../../../lib/api';

/**
 * Buys package `packageId` with a card or Stripe's PaymentMethod; answers the purchase, or what the bank's 3-D Secure
 * step needs (nothing bought yet). Throws ApiError (a declined card, a closed package, …).
 */
export function postPackagePurchase(packageId: string, payment: PurchaseInput): Promise<{ purchase: PurchaseView } | PurchaseAwaitingBank> {
  return api(`/api/packages/${encodeURIComponent(packageId)}/purchases`, {
    method: 'POST',
    body: payment,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
}

/** The purchase `purchaseId` once the server has asked Stripe that the bank confirmed. Throws ApiError (still confirming, refused). */
export function postPackagePayment(purchaseId: string): Promise<{ purchase: PurchaseView }> {
  return api(`/api/package-purchases/${encodeURIComponent(purchaseId)}/payment`, { method: 'POST', body: {} });
}

/** The purchase of package `packageId`, and its settling after the bank's step; the client's purchases are read again. */
export function useBuyPackage(packageId: string) {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: ['packages', 'purchases'] });
  const buy = useMutation({ mutationFn: (payment: PurchaseInput) => postPackagePurchase(packageId, payment), onSettled });
  const settle = useMutation({ mutationFn: (awaiting: PurchaseAwaitingBank) => postPackagePayment(awaiting.purchaseId), onSettled });
  return { buy, settle };
}
