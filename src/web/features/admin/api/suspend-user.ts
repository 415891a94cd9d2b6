/** POST /api/admin/users/{id}/suspend: suspend an account with a reason (docs/product.md "Team console", "People"). Refreshes every admin read. */
import type { ReasonInput, UserDetail } from '@shared/schemas/admin-users';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

/** Throws ApiError (400 no reason, 409 own account or already suspended). */
export const suspendUser = (id: string, body: ReasonInput) => api<UserDetail>(`/api/admin/users/${encodeURIComponent(id)}/suspend`, { method: 'POST', body });

export const useSuspendUser = (id: string) => useAdminAction((body: ReasonInput) => suspendUser(id, body));
