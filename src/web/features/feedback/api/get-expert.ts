/** GET /api/experts/{idOrSlug} for the feedback pages' expert header (shape in src/shared/schemas/experts.ts). */
import { useQuery } from '@tanstack/react-query';
import type { ExpertProfile } from '@shared/schemas/experts';
import { api } from '../../../lib/api';

/** Throws ApiError (404 'Expert Not Found'). */
export function getExpert(idOrSlug: string): Promise<ExpertProfile> {
  return api<ExpertProfile>(`/api/experts/${encodeURIComponent(idOrSlug)}`);
}

/** No retry: a missing expert shows at once. */
export function useExpert(idOrSlug: string) {
  return useQuery({ queryKey: ['expert', idOrSlug], queryFn: () => getExpert(idOrSlug), retry: false });
}
