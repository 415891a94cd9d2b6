/**
 * POST /api/partner/organisations/{id}/credit-purchases: a manager buys credit by card (docs/product.md "Partners"), and
 * POST …/credit-purchases/{purchaseId}/payment: settles one after the bank's 3-D Secure step.
 */
import type { CreditPurchaseInput, CreditPurchasePending, CreditPurchaseState, OrganisationDetail } from '@shared/schemas/partners';
import { api } from '../../../lib/api';
import { usePartnerAction } from './partner-cache';

/**
 * `key` (one per purchase attempt) makes a retried request charge once. Answers the organisation once paid, or the
 * pending purchase whose bank asks for 3-D Secure. Throws ApiError (400, 402 declined, 409 still with the bank).
 */
export function buyCredit(id: string, key: string, body: CreditPurchaseInput): Promise<OrganisationDetail | CreditPurchasePending> {
  return api<OrganisationDetail | CreditPurchasePending>(`/api/partner/organisations/${encodeURIComponent(id)}/credit-purchases`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
  });
}

/** Asks the server where purchase `purchaseId` stands now that the bank's step is done: paid, pending or failed. */
export function settleCreditPurchase(id: string, purchaseId: string): Promise<CreditPurchaseState> {
  return api<CreditPurchaseState>(`/api/partner/organisations/${encodeURIComponent(id)}/credit-purchases/${encodeURIComponent(purchaseId)}/payment`, {
    method: 'POST',
  });
}

export const useBuyCredit = (id: string) => usePartnerAction(({ key, body }: { key: string; body: CreditPurchaseInput }) => buyCredit(id, key, body));
export const useSettleCreditPurchase = (id: string) => usePartnerAction((purchaseId: string) => settleCreditPurchase(id, purchaseId));
