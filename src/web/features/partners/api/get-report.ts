/** GET /api/partner/organisations/{id}/report: the organisation's report for its managers (docs/product.md "Reports"). */
import { useQuery } from '@tanstack/react-query';
import type { PartnerReport } from '@shared/schemas/partner-reports';
import { api, retryUnlessRefused } from '../../../lib/api';
import { partnerKey } from './partner-cache';

/** Throws ApiError (404 not a manager of it). Under ['partner'], so every partner write refreshes it (partner-cache.ts). */
export const useReport = (id: string) =>
  useQuery({
    queryKey: [...partnerKey, 'report', id],
    queryFn: () => api<PartnerReport>(`/api/partner/organisations/${encodeURIComponent(id)}/report`),
    retry: retryUnlessRefused,
  });
