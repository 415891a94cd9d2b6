/**
 * GET /api/me/expert-profile, read for the application pages: the signed-in expert's published profile, or
 * null when there is none (403). Experts listed before applications existed have a live profile without an application.
 */
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api';

/** The profile's slug and status, or null on 403. Throws ApiError on other failures. */
export async function getListedProfile(): Promise<{ slug: string; status: string } | null> {
  try {
    return await api<{ slug: string; status: string }>('/api/me/expert-profile');
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) return null;
    throw err;
  }
}

export function useMyListedProfile(enabled: boolean) {
  return useQuery({ queryKey: ['applications', 'listed-profile'], queryFn: getListedProfile, enabled, retry: false });
}
