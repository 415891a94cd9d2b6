/** GET /api/partner/organisations/{id}/ledger?page=: the organisation's credit ledger, a page at a time (docs/product.md "Partners"). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CreditLedgerPage } from '@shared/schemas/partners';
import { api, retryUnlessRefused } from '../../../lib/api';
import { partnerKey } from './partner-cache';

/**
 * Page `page` (20 a page), newest first; the page shown stays while the next loads. Throws ApiError (404 not a manager
 * of it). Under ['partner'], so buying credit refreshes it (partner-cache.ts).
 */
export const useCreditLedger = (id: string, page: number) =>
  useQuery({
    queryKey: [...partnerKey, 'ledger', id, page],
    queryFn: () => api<CreditLedgerPage>(`/api/partner/organisations/${encodeURIComponent(id)}/ledger?page=${page}`),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
