/** POST /api/partner/organisations/{id}/invitations: a manager invites another manager by e-mail. */
import type { OrganisationDetail } from '@shared/schemas/partners';
import { api } from '../../../lib/api';
import { usePartnerAction } from './partner-cache';

/** Throws ApiError (400 address, 409 already a manager). */
export const inviteManager = (id: string, email: string) =>
  api<OrganisationDetail>(`/api/partner/organisations/${encodeURIComponent(id)}/invitations`, { method: 'POST', body: { email } });

export const useInviteManager = (id: string) => usePartnerAction((email: string) => inviteManager(id, email));
