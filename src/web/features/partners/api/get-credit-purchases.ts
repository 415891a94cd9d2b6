/** GET /api/partner/organisations/{id}/credit-purchases: the organisation's purchases of credit (docs/product.md "Partners"). */
import { useQuery } from '@tanstack/react-query';
import type { CreditPurchaseList } from '@shared/schemas/partners';
import { api, retryUnlessRefused } from '../../../lib/api';
import { partnerKey } from './partner-cache';

/** A paid purchase's receipt PDF, a download. */
export const creditReceiptPdfUrl = (id: string, purchaseId: string) =>
  `/api/partner/organisations/${encodeURIComponent(id)}/credit-purchases/${encodeURIComponent(purchaseId)}/receipt.pdf`;

/** Newest first. Throws ApiError (404 not a manager of it). Under ['partner'], so buying credit refreshes it (partner-cache.ts). */
export const useCreditPurchases = (id: string) =>
  useQuery({
    queryKey: [...partnerKey, 'credit-purchases', id],
    queryFn: () => api<CreditPurchaseList>(`/api/partner/organisations/${encodeURIComponent(id)}/credit-purchases`),
    retry: retryUnlessRefused,
  });
