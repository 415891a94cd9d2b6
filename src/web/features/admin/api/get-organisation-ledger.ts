/** GET /api/admin/organisations/{id}/ledger: one organisation's credit ledger, a page at a time (docs/product.md "Partners"). */
import { useQuery } from '@tanstack/react-query';
import type { CreditLedgerPage } from '@shared/schemas/partners';
import { adminListQuery } from './admin-cache';

/** Page `page` (20 a page), newest first. Throws ApiError (404 no such organisation). */
export const useOrganisationLedger = (id: string, page: number) =>
  useQuery(adminListQuery<CreditLedgerPage>(`organisations/${encodeURIComponent(id)}/ledger`, { page }));
