/** POST /api/admin/organisations: the team creates an organisation, from a partner enquiry or directly (docs/product.md "Partners"). */
import type { OrganisationDetail, OrganisationInput } from '@shared/schemas/partners';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

/** Throws ApiError (400 fields, 404 enquiry, 409 enquiry already used). */
export const createOrganisation = (body: OrganisationInput) => api<OrganisationDetail>('/api/admin/organisations', { method: 'POST', body });

export const useCreateOrganisation = () => useAdminAction(createOrganisation);
