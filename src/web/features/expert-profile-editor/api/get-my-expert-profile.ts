/** GET /api/me/expert-profile: the signed-in expert's profile for the editor (shape in src/shared/schemas/expert-profile.ts). */
import { useQuery } from '@tanstack/react-query';
import type { MyExpertProfile } from '@shared/schemas/expert-profile';
import { api } from '../../../lib/api';

/** save-expert-profile.ts stores its answer under this key. */
export const myExpertProfileKey = ['me', 'expert-profile'] as const;

/** Throws ApiError (401 signed out, 403 not an expert). */
export function getMyExpertProfile(): Promise<MyExpertProfile> {
  return api<MyExpertProfile>('/api/me/expert-profile');
}

/** 401/403 surface at once (no retry). */
export function useMyExpertProfile() {
  return useQuery({ queryKey: myExpertProfileKey, queryFn: getMyExpertProfile, retry: false });
}
