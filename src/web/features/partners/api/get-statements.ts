/** GET /api/partner/organisations/{id}/statements: the monthly statements sent to the organisation (docs/product.md "Reports"). */
import { useQuery } from '@tanstack/react-query';
import type { StatementList } from '@shared/schemas/partner-reports';
import { api, retryUnlessRefused } from '../../../lib/api';
import { partnerKey } from './partner-cache';

/** The PDF of statement `month` ('YYYY-MM'), a download. */
export const statementPdfUrl = (id: string, month: string) =>
  `/api/partner/organisations/${encodeURIComponent(id)}/statements/${encodeURIComponent(month)}/statement.pdf`;

/** Newest first. Throws ApiError (404 not a manager of it). Under ['partner'] (partner-cache.ts). */
export const useStatements = (id: string) =>
  useQuery({
    queryKey: [...partnerKey, 'statements', id],
    queryFn: () => api<StatementList>(`/api/partner/organisations/${encodeURIComponent(id)}/statements`),
    retry: retryUnlessRefused,
  });
