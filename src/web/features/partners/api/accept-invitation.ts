/** POST /api/partner/invitations/accept: the signed-in account accepts an invitation to manage an organisation. */
import { api } from '../../../lib/api';
import { usePartnerAction } from './partner-cache';

/** Throws ApiError (404 unknown link, 403 another address, 409 used or expired). */
export const acceptInvitation = (token: string) =>
  api<{ organisationId: string; name: string }>('/api/partner/invitations/accept', { method: 'POST', body: { token } });

export const useAcceptInvitation = () => usePartnerAction(acceptInvitation);
