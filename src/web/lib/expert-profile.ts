/**
 * GET /api/experts/{idOrSlug}: one expert's public profile (docs/product.md "Expert profiles"; shape in
 * src/shared/schemas/experts.ts), read by the profile page, by /payment opened from its address and by the feedback pages.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpertProfile } from '@shared/schemas/experts';
import { api, ApiError } from './api';

/** The profile by slug or uuid; null when the API answers 404 ('Expert Not Found'). Throws ApiError on other failures. */
export async function getExpert(idOrSlug: string): Promise<ExpertProfile | null> {
  try {
    return await api<ExpertProfile>(`/api/experts/${encodeURIComponent(idOrSlug)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Also prefetched by the server for the first paint (src/web/entry-server.tsx), so the keys always match. */
export const expertProfileQuery = (idOrSlug: string) => queryOptions({ queryKey: ['experts', 'profile', idOrSlug], queryFn: () => getExpert(idOrSlug) });

export function useExpertProfile(idOrSlug: string) {
  return useQuery(expertProfileQuery(idOrSlug));
}
