/** GET /api/workshops/{id}: one workshop's page (docs/product.md "Workshops"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkshopView } from '@shared/schemas/workshops';
import { api, retryUnlessRefused } from '../../../lib/api';

/** Reads workshop `id`. Throws ApiError (404 'Workshop not found'). */
export function getWorkshop(id: string): Promise<WorkshopView> {
  return api(`/api/workshops/${encodeURIComponent(id)}`);
}

/** One definition for the page and the server's prefetch, so the keys always match. */
export const workshopQuery = (id: string) => queryOptions({ queryKey: ['workshops', 'one', id], queryFn: () => getWorkshop(id) });

/** Workshop `id`, seats left included. */
export function useWorkshop(id: string) {
  return useQuery({ ...workshopQuery(id), retry: retryUnlessRefused });
}
