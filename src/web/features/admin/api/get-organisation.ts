/** GET /api/admin/organisations/{id}: one organisation with its managers, grants and credit ledger (docs/product.md "Partners"). */
import { useQuery } from '@tanstack/react-query';
import type { OrganisationDetail } from '@shared/schemas/partners';
import { api } from '../../../lib/api';
import { adminKey } from './admin-cache';

/** Throws ApiError (404 no such organisation). */
export const getOrganisation = (id: string) => api<OrganisationDetail>(`/api/admin/organisations/${encodeURIComponent(id)}`);

/** No retry: a missing organisation shows at once. */
export const useOrganisation = (id: string) => useQuery({ queryKey: [...adminKey, 'organisation', id], queryFn: () => getOrganisation(id), retry: false });
