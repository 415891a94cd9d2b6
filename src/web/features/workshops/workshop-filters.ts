/**
 * The /workshops page's filters, kept in the URL search params so links share them and Back restores them: topic
 * (from the expertise catalogue), from/to dates (YYYY-MM-DD, whole days in the visitor's zone once the page is
 * hydrated, UTC in the server's render) and the highest price per seat in dollars. Unknown or malformed values are left out instead of failing the page.
 */
import { expertiseCatalogue } from '@shared/constants';
import { isIsoDate } from '@shared/slots';

export type WorkshopFilters = { topic: string; from: string; to: string; maxPriceCents?: number };

/** Reads the filters from `sp`. */
export function parseWorkshopFilters(sp: URLSearchParams): WorkshopFilters {
  const topic = sp.get('topic') ?? '';
  const date = (name: string) => {
    const v = sp.get(name) ?? '';
    return isIsoDate(v) ? v : '';
  };
  const max = Number(sp.get('maxPrice'));
  return {
    topic: (expertiseCatalogue as readonly string[]).includes(topic) ? topic : '',
    from: date('from'),
    to: date('to'),
    ...(sp.get('maxPrice') && Number.isFinite(max) && max >= 0 && max <= 100 ? { maxPriceCents: Math.round(max * 100) } : {}),
  };
}

/** Writes `f` back as search params, leaving empty filters out. */
export function toFilterParams(f: WorkshopFilters): URLSearchParams {
  const sp = new URLSearchParams();
  if (f.topic) sp.set('topic', f.topic);
  if (f.from) sp.set('from', f.from);
  if (f.to) sp.set('to', f.to);
  if (f.maxPriceCents !== undefined) sp.set('maxPrice', String(f.maxPriceCents / 100));
  return sp;
}
