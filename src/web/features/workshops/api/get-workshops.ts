/**
 * GET /api/workshops: upcoming published workshops for /workshops (docs/product.md "Workshops"), filtered by topic,
 * start dates (whole UTC days) and highest price per seat (cents).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkshopView } from '@shared/schemas/workshops';
import { api, retryUnlessRefused } from '../../../lib/api';
import type { WorkshopFilters } from '../workshop-filters';

/** Reads the list for `f`; empty filters are left out. Throws ApiError when the read fails. */
export function getWorkshops(f: WorkshopFilters): Promise<{ workshops: WorkshopView[] }> {
  const qs = new URLSearchParams();
  if (f.topic) qs.set('topic', f.topic);
  if (f.from) qs.set('from', f.from);
  if (f.to) qs.set('to', f.to);
  if (f.maxPriceCents !== undefined) qs.set('maxPriceCents', String(f.maxPriceCents));
  const query = qs.toString();
  return api(`/api/workshops${query ? `?${query}` : ''}`);
}

/** One definition for the page and the server's prefetch (src/web/entry-server.tsx), so the keys always match. */
export const workshopListQuery = (f: WorkshopFilters) => queryOptions({ queryKey: ['workshops', 'list', f], queryFn: () => getWorkshops(f) });

/** The workshops matching `f`. */
export function useWorkshops(f: WorkshopFilters) {
  return useQuery({ ...workshopListQuery(f), retry: retryUnlessRefused });
}
