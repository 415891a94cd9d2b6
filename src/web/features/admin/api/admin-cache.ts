/**
 * The team console's cache (/api/admin, src/shared/schemas/admin.ts): every read is under ['admin'], lists keyed
 * by their query string, and every action invalidates the whole ['admin'] cache, so queues, counts and the audit
 * log agree after it.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const adminKey = ['admin'] as const;

/** A paged list: GET /api/admin/{path}?{params}; the previous page stays on screen while the next loads. */
export function adminListQuery<T>(path: string, params: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return queryOptions({ queryKey: [...adminKey, path, qs], queryFn: () => api<T>(`/api/admin/${path}?${qs}`), placeholderData: keepPreviousData });
}

/** A console action; on success every admin read is refreshed. */
export function useAdminAction<TVars, TResult>(request: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }) });
}
