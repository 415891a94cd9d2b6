/** POST /api/admin/experts/{id}/visibility: hide or republish an expert's profile (docs/product.md "Team console", "Sessions and money"). Refreshes every admin read. */
import type { VisibilityInput } from '@shared/schemas/admin-sessions';
import type { UserDetail } from '@shared/schemas/admin-users';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

/** Throws ApiError (400 no reason, 409 not published / not hidden / account suspended). */
export const setExpertVisibility = (expertId: string, body: VisibilityInput) =>
  api<UserDetail>(`/api/admin/experts/${encodeURIComponent(expertId)}/visibility`, { method: 'POST', body });

/** For the reason dialog: `published` fixed per button. */
export const useSetExpertVisibility = (expertId: string, published: boolean) =>
  useAdminAction(({ reason }: { reason: string }) => setExpertVisibility(expertId, { published, reason }));
