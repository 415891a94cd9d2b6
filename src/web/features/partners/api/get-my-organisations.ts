/** GET /api/partner/organisations: the organisations the signed-in account manages (docs/product.md "Partners"). */
import { useQuery } from '@tanstack/react-query';
import type { OrganisationSummary } from '@shared/schemas/partners';
import { api } from '../../../lib/api';
import { partnerKey } from './partner-cache';

export const getMyOrganisations = () => api<{ items: OrganisationSummary[] }>('/api/partner/organisations');
export const useMyOrganisations = () => useQuery({ queryKey: [...partnerKey, 'organisations'], queryFn: getMyOrganisations });
