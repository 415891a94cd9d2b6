/**
 * GET /api/workshops: upcoming published workshops for /workshops (docs/product.md "Workshops"), filtered by topic,
 * start dates (whole days in the zone `tz`) and highest price per seat (cents).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkshopView } from '@shared/schemas/workshops';
import { api, retryUnlessRefused } from '../../../lib/api';
import type { WorkshopFilters } from '../workshop-filters';

/** Reads the list for `f`, its dates meaning days in the IANA zone `tz`; empty filters are left out. Throws ApiError when the read fails. */
export function getWorkshops(f: WorkshopFilters, tz: string): Promise<{ workshops: WorkshopView[] }> {
  const qs = new URLSearchParams();
  if (f.topic) qs.set('topic', f.topic);
  if (f.from) qs.set('from', f.from);
  if (f.to) qs.set('to', f.to);
  if (f.from || f.to) qs.set('tz', tz);
  if (f.maxPriceCents !== undefined) qs.set('maxPriceCents', String(f.maxPriceCents));
  const query = qs.toString();
  return api(`/api/workshops${query ? `?${query}` : ''}`);
}

/**
 * One definition for the page and the server's prefetch (src/web/entry-server.tsx), so the keys always match. The
 * zone is part of the key only when a date is chosen: without dates the answer is the same in every zone, and the
 * server's answer (days in UTC) serves the hydrated page.
 */
export const workshopListQuery = (f: WorkshopFilters, tz = 'UTC') => {
  const zone = f.from || f.to ? tz : null;
  return queryOptions({ queryKey: ['workshops', 'list', f, zone], queryFn: () => getWorkshops(f, zone ?? 'UTC') });
};

/** The workshops matching `f` with dates in `tz`; while another zone's or filter's answer loads, the last one stays shown. */
export function useWorkshops(f: WorkshopFilters, tz: string) {
  return useQuery({ ...workshopListQuery(f, tz), retry: retryUnlessRefused, placeholderData: keepPreviousData });
}
