/** GET /api/me/deletion: what keeps the signed-in account from being deleted now, in the product's words (docs/product.md "Account"). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Throws ApiError when the read fails. */
export function getDeletionBlockers(): Promise<{ blockers: string[] }> {
  return api<{ blockers: string[] }>('/api/me/deletion');
}

/** Read afresh each time the page opens: a session may have ended or been cancelled since. */
export function useDeletionBlockers() {
  return useQuery({ queryKey: ['me', 'deletion'], queryFn: getDeletionBlockers, staleTime: 0, refetchOnMount: 'always' });
}
