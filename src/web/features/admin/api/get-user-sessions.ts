/** GET /api/admin/users/{id}/sessions: one person's sessions and their payments, a page at a time (docs/product.md "People"). */
import { useQuery } from '@tanstack/react-query';
import type { UserSessionPage } from '@shared/schemas/admin-users';
import { adminListQuery } from './admin-cache';

/** Page `page` (20 a page), the latest start first. Throws ApiError (404 no such account). */
export const useUserSessions = (id: string, page: number) => useQuery(adminListQuery<UserSessionPage>(`users/${encodeURIComponent(id)}/sessions`, { page }));
