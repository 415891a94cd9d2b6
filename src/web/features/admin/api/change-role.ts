/** POST /api/admin/users/{id}/role: change an account's role with the acting admin's authenticator code (docs/product.md "Team console", "People"). */
import type { RoleChangeInput, UserDetail } from '@shared/schemas/admin-users';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

/** Throws ApiError (400 wrong code, 409 own account or same role, 429 too many tries). */
export const changeRole = (id: string, body: RoleChangeInput) => api<UserDetail>(`/api/admin/users/${encodeURIComponent(id)}/role`, { method: 'POST', body });

export const useChangeRole = (id: string) => useAdminAction((body: RoleChangeInput) => changeRole(id, body));
