/** PUT / DELETE /api/admin/organisations/{id}/logo: the team shows an uploaded logo (a file id) or removes it (null); audited. */
import type { OrganisationDetail } from '@shared/schemas/partners';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

/** Throws ApiError (400, 404 unknown organisation or not the admin's logo upload). */
export const setOrganisationLogo = (id: string, fileId: string | null) =>
  api<OrganisationDetail>(`/api/admin/organisations/${encodeURIComponent(id)}/logo`, fileId ? { method: 'PUT', body: { fileId } } : { method: 'DELETE' });

export const useSetOrganisationLogo = (id: string) => useAdminAction((fileId: string | null) => setOrganisationLogo(id, fileId));
