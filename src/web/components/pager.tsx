/** Paginated lists' page in the URL (each page a real, shareable address) and their Previous / Next pager. */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

/** A search parameter with a default, and a helper that builds the URL for another value (resetting the page). */
export function useParam(name: string, fallback: string): [string, (value: string) => string] {
  const [params] = useSearchParams();
  const hrefFor = (value: string) => {
    const next = new URLSearchParams(params);
    next.set(name, value);
    if (name !== 'page') next.delete('page');
    return `?${next.toString()}`;
  };
  return [params.get(name) ?? fallback, hrefFor];
}

/** The page number from `?<name>=` (default `?page=`; 1 when absent or invalid). */
export function usePage(name = 'page'): [number, (page: number) => string] {
  const [raw, hrefFor] = useParam(name, '1');
  const n = Number(raw);
  return [Number.isInteger(n) && n >= 1 ? n : 1, (page: number) => hrefFor(String(page))];
}

/**
 * 'Page 2 of 5' with Previous / Next links; nothing when everything fits on one page. A page past the last (an old
 * address, or a list that shrank) offers only 'Go to page N', the last page — the first when everything fits on one —
 * as the session lists and the catalogue do (docs/product.md "Sessions"), so the reader is never left without a way back.
 */
export function Pager({
  page,
  pageSize,
  total,
  param = 'page',
  label = 'Pagination',
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The search parameter holding this list's page (a page with two lists gives each its own). */
  param?: string;
  /** The navigation landmark's name, unique on the page. */
  label?: string;
}) {
  const [, hrefFor] = usePage(param);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const link =
    'inline-flex h-9 items-center gap-1 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600';
  if (page > pages) {
    return (
      <nav aria-label={label} className="mt-6 flex items-center">
        <Link to={hrefFor(pages)} className={link}>
          <ChevronLeft className="h-4 w-4" aria-hidden /> Go to page {pages}
        </Link>
      </nav>
    );
  }
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={link}>
          <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={link}>
          Next <ChevronRight className="h-4 w-4" aria-hidden />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
