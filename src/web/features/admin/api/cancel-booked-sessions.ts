/**
 * POST /api/admin/users/{id}/cancel-booked-sessions: cancel a suspended account's booked sessions with full refunds
 * (docs/product.md "Team console", "People"). Refreshes every admin read.
 */
import type { z } from 'zod';
import type { cancelledSessions, ReasonInput } from '@shared/schemas/admin-users';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

type Cancelled = z.infer<typeof cancelledSessions>;

/** Throws ApiError (400 no reason, 409 not suspended). */
export const cancelBookedSessions = (id: string, body: ReasonInput) =>
  api<Cancelled>(`/api/admin/users/${encodeURIComponent(id)}/cancel-booked-sessions`, { method: 'POST', body });

export const useCancelBookedSessions = (id: string) => useAdminAction((body: ReasonInput) => cancelBookedSessions(id, body));
