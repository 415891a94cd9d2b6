/** POST /api/admin/sessions/{id}/refund: refund a session in full or in part (docs/product.md "Team console", "Sessions and money"). Refreshes every admin read. */
import type { AdminSessionDetail, RefundInput } from '@shared/schemas/admin-sessions';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

/** `key` (one per refund attempt) makes a retried request answer the first result. Throws ApiError (400 range, 409 nothing held or disputed). */
export function refundSession(id: string, key: string, body: RefundInput): Promise<AdminSessionDetail> {
  return api<AdminSessionDetail>(`/api/admin/sessions/${encodeURIComponent(id)}/refund`, { method: 'POST', body, headers: { 'Idempotency-Key': key } });
}

export const useRefundSession = (id: string) => useAdminAction(({ key, body }: { key: string; body: RefundInput }) => refundSession(id, key, body));
