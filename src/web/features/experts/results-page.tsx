/**
 * Results /results (docs/product.md "Search and catalogue"): the expert network, searched by the API (words
 * matched by stem, typos forgiven; nothing matched → everyone, said out loud; counts beyond 1 000 as "1,000+"), plus
 * filters, a language the query names as a removable chip, sort and pages. All state lives in the URL search params, so Back and shared links work.
 */
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { searchTextMax } from '@shared/constants';
import { messages } from '@shared/messages';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useUrlState } from '../../lib/use-url-state';
import { useExpertLanguages } from './api/get-expert-languages';
import { resultsPageSize, useExperts } from './api/get-experts';
import { ExpertCard, ExpertCardSkeleton } from './expert-card';
import { LanguagePreferenceChip } from './language-preference-chip';
import { Pagination } from './pagination';
import { ResultsFilters, ResultsSearchBox } from './results-filters';
import { hasNarrowing, parseResultsParams, toSearchParams, type ResultsParams } from './results-params';

/** Cards whose photos load at once (those that can be in the first screen, phone or desktop); the rest load lazily. */
const firstScreenCards = 2;

export default function ResultsPage() {
  const [params, setParams] = useUrlState(parseResultsParams, toSearchParams);
  const results = useExperts(params);
  const languages = useExpertLanguages();

  /** Applies a change of search, filter or sort: back to page 1, new history entry, no jump to the top. */
  const change = (patch: Partial<ResultsParams>) => setParams({ ...patch, page: 1 });
  const showAll = () => change({ query: '', expertise: '', language: '', minRate: undefined, maxRate: undefined });
  const hrefFor = (page: number) => `?${toSearchParams({ ...params, page })}`;

  const data = results.data;
  /** The previous search's answer is still shown (dimmed) while this one loads: its count and match are not this search's. */
  const current = data && !results.isPlaceholderData ? data : undefined;
  const notMatched = current && params.query && !current.matched;
  const pageCount = data ? Math.ceil(data.total / resultsPageSize) : 0;
  /** A page number past the end (an old link, a hand-edited URL): the count line would read backwards. */
  const pastLastPage = data !== undefined && data.experts.length === 0 && data.total > 0;
  /** Only a hand-made URL can carry more than the box accepts; the API refuses it and the heading must not echo it. */
  const queryTooLong = params.query.length > searchTextMax;

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 via-brand-50/60 to-white">
        <div className="mx-auto max-w-6xl px-4 pb-10 pt-12 text-center sm:pt-16">
          <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-brand-700">Find an Expert</p>
          <h1 className="break-words text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {queryTooLong ? 'Search text too long' : params.query ? `Experts for "${params.query}"` : 'Our Expert Network'}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
            Book a one-to-one video session with professionals who have walked the path you are on.
          </p>
          <div className="mt-8">
            <ResultsSearchBox query={params.query} onSearch={(query) => change({ query })} />
          </div>
          <div className="mt-5 flex flex-wrap items-center justify-center gap-3">
            {hasNarrowing(params) ? (
              <Button variant="outline" onClick={showAll}>
                Show All Experts
              </Button>
            ) : null}
            <Button asChild variant="link">
              <Link to="/search">Request a Custom Expert Match</Link>
            </Button>
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 pb-20">
        <ResultsFilters params={params} languages={languages.data ?? []} onChange={change} />
        {current?.languagePreference ? <LanguagePreferenceChip preference={current.languagePreference} onRemove={(query) => change({ query })} /> : null}
        {languages.isError ? (
          <LoadError
            className="mt-4"
            what={messages.common.loadFailed.languages}
            error={languages.error}
            onRetry={() => languages.refetch()}
            retrying={languages.isRefetching}
          />
        ) : null}

        <div className="mt-8 min-h-6" aria-live="polite">
          {notMatched ? (
            <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              No experts matched "{params.query}" — showing all experts
            </p>
          ) : null}
          {current && current.experts.length > 0 ? (
            <p className={cn('text-sm text-slate-700', notMatched && 'mt-4')}>
              Showing {(current.page - 1) * current.pageSize + 1}–{Math.min(current.page * current.pageSize, current.total)} of{' '}
              {current.total.toLocaleString('en-US')}
              {current.totalIsLowerBound ? '+' : ''} {current.total === 1 ? 'expert' : 'experts'}
            </p>
          ) : null}
        </div>

        {results.isError ? (
          <div className="mt-6 space-y-3">
            <FormError>{results.error.message}</FormError>
            {/* A refused search (400) fails the same way again: only a changed search helps. */}
            {results.error instanceof ApiError && results.error.status === 400 ? null : (
              <Button variant="outline" onClick={() => results.refetch()}>
                Try again
              </Button>
            )}
          </div>
        ) : results.isPending ? (
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading experts">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <ExpertCardSkeleton />
              </li>
            ))}
          </ul>
        ) : pastLastPage ? (
          <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
            <h2 className="text-lg font-semibold text-slate-900">There is no page {params.page}</h2>
            <p className="mt-1 max-w-md text-slate-700">
              {data.totalIsLowerBound ? 'These results' : `These ${data.total.toLocaleString('en-US')} results`} end on page {pageCount}.
            </p>
            <div className="mt-6">
              <Button asChild>
                <Link to={hrefFor(pageCount)}>Go to page {pageCount}</Link>
              </Button>
            </div>
          </div>
        ) : data && data.experts.length === 0 ? (
          <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
            <SearchX className="h-10 w-10 text-slate-500" aria-hidden />
            <h2 className="mt-4 text-lg font-semibold text-slate-900">No experts match these filters</h2>
            <p className="mt-1 max-w-md text-slate-700">Try a different area, language or price, or request a custom match and we'll find someone for you.</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Button onClick={showAll}>Clear filters</Button>
            </div>
          </div>
        ) : data ? (
          <>
            <ul
              className={cn('mt-4 grid gap-5 transition-opacity sm:grid-cols-2 lg:grid-cols-3', results.isPlaceholderData && 'opacity-60')}
              aria-busy={results.isFetching}
            >
              {data.experts.map((expert, index) => (
                <li key={expert.id}>
                  <ExpertCard expert={expert} eagerPhoto={index < firstScreenCards} />
                </li>
              ))}
            </ul>
            <Pagination page={data.page} pageCount={pageCount} hrefFor={hrefFor} />
          </>
        ) : null}
      </div>
    </>
  );
}
