/** POST /api/admin/users/{id}/reinstate: reinstate a suspended account with a note (docs/product.md "Team console", "People"). Refreshes every admin read. */
import type { ReasonInput, UserDetail } from '@shared/schemas/admin-users';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

/** Throws ApiError (400 no reason, 409 not suspended). */
export const reinstateUser = (id: string, body: ReasonInput) =>
  api<UserDetail>(`/api/admin/users/${encodeURIComponent(id)}/reinstate`, { method: 'POST', body });

export const useReinstateUser = (id: string) => useAdminAction((body: ReasonInput) => reinstateUser(id, body));
