/** GET /api/experts/{id}/plans: a published expert's open plans (docs/product.md "Plans and packages"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanView } from '@shared/schemas/plans';
import { api } from '../../../lib/api';

/** Also prefetched by the server for the profile's first paint (src/web/entry-server.tsx), so the keys always match. */
export const expertPlansQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['plans', 'offers', idOrSlug],
    queryFn: async () => (await api<{ plans: PlanView[] }>(`/api/experts/${encodeURIComponent(idOrSlug)}/plans`)).plans,
  });

export function useExpertPlans(idOrSlug: string) {
  return useQuery(expertPlansQuery(idOrSlug));
}
