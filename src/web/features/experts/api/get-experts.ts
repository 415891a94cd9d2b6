/**
 * GET /api/experts: one page of the expert network for the results page (docs/product.md "Search and catalogue").
 * Shape in src/shared/schemas/experts.ts; rates are cents.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpertList } from '@shared/schemas/experts';
import { api, retryUnlessRefused } from '../../../lib/api';
import type { ResultsParams } from '../results-params';

/** Results page size: 12 fills 1, 2 and 3 column grids evenly. */
export const resultsPageSize = 12;

/** Reads the page's URL state; empty values are left out. Throws ApiError when the read fails. */
export function getExperts(p: ResultsParams): Promise<ExpertList> {
  const qs = new URLSearchParams({ page: String(p.page), pageSize: String(resultsPageSize), sort: p.sort });
  if (p.query) qs.set('query', p.query);
  if (p.expertise) qs.set('expertise', p.expertise);
  if (p.language) qs.set('language', p.language);
  if (p.minRate !== undefined) qs.set('minRate', String(p.minRate));
  if (p.maxRate !== undefined) qs.set('maxRate', String(p.maxRate));
  return api<ExpertList>(`/api/experts?${qs}`);
}

/** One definition for the page and the server's prefetch (src/web/entry-server.tsx), so the keys always match. */
export const expertListQuery = (p: ResultsParams) => queryOptions({ queryKey: ['experts', 'list', p], queryFn: () => getExperts(p) });

/** The results of `p`; the previous page stays on screen while the next one loads; a refused search shows at once. */
export function useExperts(p: ResultsParams) {
  return useQuery({ ...expertListQuery(p), placeholderData: keepPreviousData, retry: retryUnlessRefused });
}
