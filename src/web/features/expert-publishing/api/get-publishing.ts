/** GET /api/me/profile-publishing: the signed-in expert's publication and checklist (src/shared/schemas/expert-publishing.ts). */
import { useQuery } from '@tanstack/react-query';
import type { ProfilePublishing } from '@shared/schemas/expert-publishing';
import { api, ApiError } from '../../../lib/api';

/** set-publishing.ts stores its answer under this key. */
export const publishingKey = ['me', 'profile-publishing'] as const;

/** The publication, or null when the account has no expert profile yet (403: an applicant). Throws ApiError otherwise. */
export async function getPublishing(): Promise<ProfilePublishing | null> {
  try {
    return await api<ProfilePublishing>('/api/me/profile-publishing');
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) return null;
    throw err;
  }
}

/** Read again on every visit (staleTime 0): the steps are done on the profile and availability pages. */
export function usePublishing() {
  return useQuery({ queryKey: publishingKey, queryFn: getPublishing, retry: false, staleTime: 0 });
}
