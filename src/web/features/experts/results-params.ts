/**
 * The results page's state, kept entirely in the URL search params so links share it and Back restores it:
 * query, expertise, language, minRate/maxRate (dollars), sort and page. Unknown or malformed values fall
 * back to their defaults instead of failing the page.
 */
import { expertSorts, type ExpertSort } from '@shared/constants';

export type ResultsParams = {
  query: string;
  expertise: string;
  language: string;
  minRate?: number;
  maxRate?: number;
  sort: ExpertSort;
  page: number;
};

const dollars = (v: string | null) => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 && n <= 1000 ? n : undefined;
};

/** Reads the page state from the URL. */
export function parseResultsParams(sp: URLSearchParams): ResultsParams {
  const sort = sp.get('sort');
  const page = Number(sp.get('page'));
  return {
    query: sp.get('query')?.trim() ?? '',
    expertise: sp.get('expertise') ?? '',
    language: sp.get('language') ?? '',
    minRate: dollars(sp.get('minRate')),
    maxRate: dollars(sp.get('maxRate')),
    sort: (expertSorts as readonly string[]).includes(sort ?? '') ? (sort as ExpertSort) : 'relevance',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Writes the page state back as search params, leaving defaults out so URLs stay short. */
export function toSearchParams(p: ResultsParams): URLSearchParams {
  const sp = new URLSearchParams();
  if (p.query) sp.set('query', p.query);
  if (p.expertise) sp.set('expertise', p.expertise);
  if (p.language) sp.set('language', p.language);
  if (p.minRate !== undefined) sp.set('minRate', String(p.minRate));
  if (p.maxRate !== undefined) sp.set('maxRate', String(p.maxRate));
  if (p.sort !== 'relevance') sp.set('sort', p.sort);
  if (p.page > 1) sp.set('page', String(p.page));
  return sp;
}

/** True when any search text or filter narrows the list (sort and page do not). */
export function hasNarrowing(p: ResultsParams): boolean {
  return Boolean(p.query || p.expertise || p.language || p.minRate !== undefined || p.maxRate !== undefined);
}

/** Price presets of the price filter, in dollars per hour. */
export const priceRanges = [
  { label: 'Up to $50', minRate: undefined, maxRate: 50 },
  { label: '$50 – $100', minRate: 50, maxRate: 100 },
  { label: '$100 – $150', minRate: 100, maxRate: 150 },
  { label: '$150 and up', minRate: 150, maxRate: undefined },
] as const;

export const sortLabels: Record<ExpertSort, string> = {
  relevance: 'Relevance',
  rating: 'Highest rated',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};
