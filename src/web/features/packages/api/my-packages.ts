/** GET, POST /api/me/packages and PUT /api/me/packages/{id}: the expert's package offers (docs/product.md "Plans and packages"). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PackageInput, PackageView } from '@shared/schemas/packages';
import { api } from '../../../lib/api';

export function useMyPackages() {
  return useQuery({ queryKey: ['packages', 'mine'], queryFn: async () => (await api<{ packages: PackageView[] }>('/api/me/packages')).packages });
}

/** Adds an offer (no `id`) or changes one; the expert's offers and every profile's offers are read again. */
export function useSavePackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PackageInput & { id?: string }): Promise<PackageView> =>
      api(id ? `/api/me/packages/${encodeURIComponent(id)}` : '/api/me/packages', { method: id ? 'PUT' : 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['packages'] }),
  });
}
