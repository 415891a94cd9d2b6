/** DELETE /api/partner/organisations/{id}/managers/{userId}: a manager removes another manager. */
import type { OrganisationDetail } from '@shared/schemas/partners';
import { api } from '../../../lib/api';
import { usePartnerAction } from './partner-cache';

/** Throws ApiError (404, 409 oneself). */
export const removeManager = (id: string, userId: string) =>
  api<OrganisationDetail>(`/api/partner/organisations/${encodeURIComponent(id)}/managers/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export const useRemoveManager = (id: string) => usePartnerAction((userId: string) => removeManager(id, userId));
