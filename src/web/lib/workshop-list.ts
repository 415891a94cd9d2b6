/**
 * GET /api/workshops: upcoming published workshops (docs/product.md "Workshops"), filtered by topic, start dates (whole
 * days in the zone `tz`) and highest price per seat (cents). Read by /workshops and by a manager sponsoring one.
 */
import type { WorkshopView } from '@shared/schemas/workshops';
import { api } from './api';

/** The list's filters; an empty one is left out. */
export type WorkshopListFilters = { topic?: string; from?: string; to?: string; maxPriceCents?: number };

/** Reads the list for `f`, its dates meaning days in the IANA zone `tz`. Throws ApiError when the read fails. */
export function getWorkshops(f: WorkshopListFilters, tz = 'UTC'): Promise<{ workshops: WorkshopView[] }> {
  const qs = new URLSearchParams();
  if (f.topic) qs.set('topic', f.topic);
  if (f.from) qs.set('from', f.from);
  if (f.to) qs.set('to', f.to);
  if (f.from || f.to) qs.set('tz', tz);
  if (f.maxPriceCents !== undefined) qs.set('maxPriceCents', String(f.maxPriceCents));
  const query = qs.toString();
  return api(`/api/workshops${query ? `?${query}` : ''}`);
}
