/** GET /api/experts/{id}/packages: a published expert's open packages with their saving (docs/product.md "Plans and packages"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PackageView } from '@shared/schemas/packages';
import { api } from '../../../lib/api';

/** Also prefetched by the server for the profile's first paint (src/web/entry-server.tsx), so the keys always match. */
export const expertPackagesQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['packages', 'offers', idOrSlug],
    queryFn: async () => (await api<{ packages: PackageView[] }>(`/api/experts/${encodeURIComponent(idOrSlug)}/packages`)).packages,
  });

export function useExpertPackages(idOrSlug: string) {
  return useQuery(expertPackagesQuery(idOrSlug));
}
