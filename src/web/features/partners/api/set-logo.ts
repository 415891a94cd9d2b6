/** PUT / DELETE /api/partner/organisations/{id}/logo: a manager shows an uploaded logo (a file id) or removes it (null). */
import type { OrganisationDetail } from '@shared/schemas/partners';
import { api } from '../../../lib/api';
import { usePartnerAction } from './partner-cache';

/** Throws ApiError (400, 404 not a manager or not their logo upload). */
export const setLogo = (id: string, fileId: string | null) =>
  api<OrganisationDetail>(`/api/partner/organisations/${encodeURIComponent(id)}/logo`, fileId ? { method: 'PUT', body: { fileId } } : { method: 'DELETE' });

export const useSetLogo = (id: string) => usePartnerAction((fileId: string | null) => setLogo(id, fileId));
