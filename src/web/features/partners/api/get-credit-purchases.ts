/** GET /api/partner/organisations/{id}/credit-purchases?page=: the organisation's purchases of credit, a page at a time (docs/product.md "Partners"). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CreditPurchaseList } from '@shared/schemas/partners';
import { api, retryUnlessRefused } from '../../../lib/api';
import { partnerKey } from './partner-cache';

/** A paid purchase's receipt PDF, a download. */
export const creditReceiptPdfUrl = (id: string, purchaseId: string) =>
  `/api/partner/organisations/${encodeURIComponent(id)}/credit-purchases/${encodeURIComponent(purchaseId)}/receipt.pdf`;

/**
 * Page `page` (20 a page), newest first; the page shown stays while the next loads. Throws ApiError (404 not a manager
 * of it). Under ['partner'], so buying credit refreshes it (partner-cache.ts).
 */
export const useCreditPurchases = (id: string, page: number) =>
  useQuery({
    queryKey: [...partnerKey, 'credit-purchases', id, page],
    queryFn: () => api<CreditPurchaseList>(`/api/partner/organisations/${encodeURIComponent(id)}/credit-purchases?page=${page}`),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
