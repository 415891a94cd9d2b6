/** POST /api/admin/disputes/{id}/resolve: the team's decision on a dispute (docs/product.md "Team console"). Refreshes every admin read. */
import type { DisputeView, ResolveDisputeInput } from '@shared/schemas/admin';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

/** `key` (one per decision attempt) makes a retried request answer the first result. Throws ApiError. */
export function resolveDispute(id: string, key: string, body: ResolveDisputeInput): Promise<DisputeView> {
  return api<DisputeView>(`/api/admin/disputes/${encodeURIComponent(id)}/resolve`, { method: 'POST', body, headers: { 'Idempotency-Key': key } });
}

export const useResolveDispute = (id: string) => useAdminAction(({ key, body }: { key: string; body: ResolveDisputeInput }) => resolveDispute(id, key, body));
