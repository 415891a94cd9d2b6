/** GET /api/admin/audit: one page of the team's audit log, newest first (docs/product.md "Team console"). */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditPage } from '@shared/schemas/admin';
import { adminListQuery } from './admin-cache';

type AuditPage = z.infer<typeof auditPage>;

export const useAudit = (page: number) => useQuery(adminListQuery<AuditPage>('audit', { page }));
