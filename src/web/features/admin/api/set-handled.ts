/** PUT /api/admin/inbox/{kind}/{id}/handled: marks an enquiry handled or not (docs/product.md "Team console"). Refreshes every admin read. */
import type { InboxKind } from '@shared/admin';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

/** Answers the enquiry's id and when it was handled (UTC ISO-8601, null when not). Throws ApiError. */
export function setHandled(v: { kind: InboxKind; id: string; handled: boolean }): Promise<{ id: string; handledAt: string | null }> {
  return api<{ id: string; handledAt: string | null }>(`/api/admin/inbox/${v.kind}/${encodeURIComponent(v.id)}/handled`, {
    method: 'PUT',
    body: { handled: v.handled },
  });
}

export const useSetHandled = () => useAdminAction(setHandled);
