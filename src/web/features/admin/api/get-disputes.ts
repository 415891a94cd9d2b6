/** GET /api/admin/disputes: one page of disputes in a status (docs/product.md "Team console"). */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { disputePage } from '@shared/schemas/admin';
import { adminListQuery } from './admin-cache';

type DisputePage = z.infer<typeof disputePage>;

export const useDisputes = (status: string, page: number) => useQuery(adminListQuery<DisputePage>('disputes', { status, page }));
