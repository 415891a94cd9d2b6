/** GET /api/admin/applications: one page of expert applications in a status (docs/product.md "Team console"). */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { applicationPage } from '@shared/schemas/admin';
import { adminListQuery } from './admin-cache';

type ApplicationPage = z.infer<typeof applicationPage>;

export const useApplications = (status: string, page: number) => useQuery(adminListQuery<ApplicationPage>('applications', { status, page }));
