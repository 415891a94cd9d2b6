/** GET /api/partner/organisations/{id}: balance, ledger, managers of one organisation the account manages. */
import { useQuery } from '@tanstack/react-query';
import type { OrganisationDetail } from '@shared/schemas/partners';
import { api } from '../../../lib/api';
import { partnerKey } from './partner-cache';

/** Throws ApiError (404 not a manager of it, or no such organisation). */
export const getOrganisation = (id: string) => api<OrganisationDetail>(`/api/partner/organisations/${encodeURIComponent(id)}`);
/** No retry: 'Organisation not found' shows at once. */
export const useOrganisation = (id: string) => useQuery({ queryKey: [...partnerKey, 'organisation', id], queryFn: () => getOrganisation(id), retry: false });
