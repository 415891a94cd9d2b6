/**
 * POST /api/admin/users/{id}/messaging/lift: lift the suspension of an account's messaging, with a note e-mailed to the
 * person (docs/product.md "Messages", "Team console"). Refreshes every admin read.
 */
import type { ReasonInput, UserDetail } from '@shared/schemas/admin-users';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

/** Throws ApiError (400 no reason, 404 unknown account, 409 its messaging is not suspended). */
export const liftMessagingSuspension = (id: string, body: ReasonInput) =>
  api<UserDetail>(`/api/admin/users/${encodeURIComponent(id)}/messaging/lift`, { method: 'POST', body });

export const useLiftMessagingSuspension = (id: string) => useAdminAction((body: ReasonInput) => liftMessagingSuspension(id, body));
