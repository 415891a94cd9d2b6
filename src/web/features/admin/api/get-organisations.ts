/** GET /api/admin/organisations: one page of partner organisations with their balances (docs/product.md "Partners"). */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { organisationPage } from '@shared/schemas/partners';
import { adminListQuery } from './admin-cache';

export const useOrganisations = (page: number) => useQuery(adminListQuery<z.infer<typeof organisationPage>>('organisations', { page }));
