/** GET /api/admin/audit: one page of the team's audit log, newest first (docs/product.md "Team console"). */
import { useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@shared/schemas/admin';
import { adminListQuery } from './admin-cache';

export const useAudit = (page: number) => useQuery(adminListQuery<AuditPage>('audit', { page }));
