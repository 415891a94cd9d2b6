/** GET /api/admin/organisations/{id}/audit: the team's actions about one organisation, a page at a time (docs/product.md "Partners"). */
import { useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@shared/schemas/admin';
import { adminListQuery } from './admin-cache';

/** Page `page` (20 a page), newest first. Throws ApiError (404 no such organisation). */
export const useOrganisationAudit = (id: string, page: number) =>
  useQuery(adminListQuery<AuditPage>(`organisations/${encodeURIComponent(id)}/audit`, { page }));
