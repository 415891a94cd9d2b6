/**
 * POST /api/admin/organisations/{id}/managers/{userId}/removal: the team removes a manager with a reason, as a manager
 * can remove another (docs/product.md "Partners"). Refreshes every admin read.
 */
import type { ReasonInput } from '@shared/schemas/admin-users';
import type { OrganisationDetail } from '@shared/schemas/partners';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

/** Throws ApiError (400 no reason, 404 not a manager of it, 409 oneself). */
export const removeOrganisationManager = (id: string, userId: string, body: ReasonInput) =>
  api<OrganisationDetail>(`/api/admin/organisations/${encodeURIComponent(id)}/managers/${encodeURIComponent(userId)}/removal`, { method: 'POST', body });

export const useRemoveOrganisationManager = (id: string, userId: string) => useAdminAction((body: ReasonInput) => removeOrganisationManager(id, userId, body));
