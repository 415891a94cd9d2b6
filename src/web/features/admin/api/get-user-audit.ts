/** GET /api/admin/users/{id}/audit: the team's actions about one person, a page at a time (docs/product.md "People"). */
import { useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@shared/schemas/admin';
import { adminListQuery } from './admin-cache';

/** Page `page` (20 a page), newest first. Throws ApiError (404 no such account). */
export const useUserAudit = (id: string, page: number) => useQuery(adminListQuery<AuditPage>(`users/${encodeURIComponent(id)}/audit`, { page }));
