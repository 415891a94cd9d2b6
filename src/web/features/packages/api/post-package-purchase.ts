/** POST /api/packages/{id}/purchases: buys a package by card (docs/product.md "Plans and packages"); a fresh Idempotency-Key per attempt. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseInput, PurchaseView } from '@shared/schemas/packages';
import { api } from '../../../lib/api';

/** Buys package `packageId` with a card or Stripe's PaymentMethod; answers the purchase. Throws ApiError (a declined card, a closed package, …). */
export function postPackagePurchase(packageId: string, payment: PurchaseInput): Promise<{ purchase: PurchaseView }> {
  return api(`/api/packages/${encodeURIComponent(packageId)}/purchases`, {
    method: 'POST',
    body: payment,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
}

/** The purchase of package `packageId`; the client's purchases are read again. */
export function useBuyPackage(packageId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payment: PurchaseInput) => postPackagePurchase(packageId, payment),
    onSettled: () => client.invalidateQueries({ queryKey: ['packages', 'purchases'] }),
  });
}
