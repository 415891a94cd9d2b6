/** GET /api/admin/users/{id}: one account's page (docs/product.md "Team console", "People"). */
import { useQuery } from '@tanstack/react-query';
import type { UserDetail } from '@shared/schemas/admin-users';
import { api } from '../../../lib/api';
import { adminKey } from './admin-cache';

/** Throws ApiError (404 no such account). */
export const getUser = (id: string) => api<UserDetail>(`/api/admin/users/${encodeURIComponent(id)}`);

/** No retry: a missing account shows at once. */
export const useUser = (id: string) => useQuery({ queryKey: [...adminKey, 'user', id], queryFn: () => getUser(id), retry: false });
