/** POST /api/partner/organisations/{id}/credit-purchases: a manager buys credit by card (docs/product.md "Partners"). */
import type { CreditPurchaseInput, OrganisationDetail } from '@shared/schemas/partners';
import { api } from '../../../lib/api';
import { usePartnerAction } from './partner-cache';

/** `key` (one per purchase attempt) makes a retried request charge once. Throws ApiError (400, 402 declined). */
export function buyCredit(id: string, key: string, body: CreditPurchaseInput): Promise<OrganisationDetail> {
  return api<OrganisationDetail>(`/api/partner/organisations/${encodeURIComponent(id)}/credit-purchases`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
  });
}

export const useBuyCredit = (id: string) => usePartnerAction(({ key, body }: { key: string; body: CreditPurchaseInput }) => buyCredit(id, key, body));
