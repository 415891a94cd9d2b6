/**
 * POST /api/admin/applications/{id}/under-review, …/approve, …/reject {reason}: moves an application on
 * (docs/product.md "Team console"). Refreshes every admin read.
 */
import type { ApplicationDetail } from '@shared/schemas/admin';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

export type ReviewAction = { action: 'under-review' | 'approve' } | { action: 'reject'; reason: string };

/** Throws ApiError (409 the move is not allowed from the current status, in the product's words). */
export function reviewApplication(id: string, v: ReviewAction): Promise<ApplicationDetail> {
  return api<ApplicationDetail>(`/api/admin/applications/${encodeURIComponent(id)}/${v.action}`, {
    method: 'POST',
    body: v.action === 'reject' ? { reason: v.reason } : {},
  });
}

export const useReviewApplication = (id: string) => useAdminAction((v: ReviewAction) => reviewApplication(id, v));
