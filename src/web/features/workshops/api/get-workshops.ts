/** GET /api/workshops for /workshops (src/web/lib/workshop-list.ts): its query, keyed by the filters and the zone of their dates. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { retryUnlessRefused } from '../../../lib/api';
import { getWorkshops } from '../../../lib/workshop-list';
import type { WorkshopFilters } from '../workshop-filters';

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
