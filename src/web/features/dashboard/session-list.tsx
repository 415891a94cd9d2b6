import { CalendarDays } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { SessionList as SessionPage, SessionView } from '@shared/schemas/sessions';
import type { SessionListPart } from '@shared/sessions';
import { Pager, usePage } from '../../components/pager';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useMySessions } from './api/get-my-sessions';

type RenderRow = (session: SessionView) => ReactNode;

/** The session list's element id, for links to it (the expert dashboard's 'Manage sessions'). */
export const sessionListId = 'sessions';

/**
 * The 'My sessions' card of a dashboard (docs/product.md "Sessions"): Upcoming (soonest first) and Past (newest
 * first), each a page of 20 with its own pager (`?upcoming=`, `?past=` in the address, so Back and a reload keep
 * the page), the two shown as read together (useShownTogether), `renderRow` for each session; while loading a
 * spinner, a quiet load error with Retry (dashboard load errors raise no toast), and `empty` when there are no
 * sessions at all.
 */
export function SessionList({ empty, renderRow }: { empty: ReactNode; renderRow: RenderRow }) {
  const [upcomingPage] = usePage('upcoming');
  const [pastPage] = usePage('past');
  const upcoming = useMySessions('upcoming', upcomingPage);
  const past = useMySessions('past', pastPage);
  const failed = [upcoming, past].filter((q) => q.isError);
  const shown = useShownTogether(upcoming, past);
  return (
    <Card id={sessionListId} className="scroll-mt-20">
      <CardHeader>
        <CardTitle>My sessions</CardTitle>
      </CardHeader>
      <CardContent>
        {failed.length ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            Your sessions could not be loaded.
            <Button variant="outline" size="sm" onClick={() => failed.forEach((q) => void q.refetch())}>
              Retry
            </Button>
          </div>
        ) : !shown ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading sessions" />
          </div>
        ) : shown.upcoming.total + shown.past.total === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
            <CalendarDays className="h-10 w-10 text-brand-600" aria-hidden />
            <p className="mt-3 font-semibold text-slate-900">No sessions yet</p>
            {empty}
          </div>
        ) : (
          <div className="space-y-6" aria-busy={upcoming.isFetching || past.isFetching}>
            <Group part="upcoming" title="Upcoming" none="Nothing scheduled." page={shown.upcoming} renderRow={renderRow} />
            <Group part="past" title="Past" none="No past sessions yet." page={shown.past} renderRow={renderRow} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

type PartRead = { data?: SessionPage; isFetching: boolean };
type ShownPair = { upcoming: SessionPage; past: SessionPage };

/**
 * The Upcoming and Past pages to show, as read together: a change to a session reads both parts again, and
 * a session that moved from one to the other would otherwise show in both, or in neither, between the two answers.
 * So while either part is being read, the list keeps the pair it showed; the first pair is whatever both parts have
 * (from the cache, while they are read again), or null until both have an answer.
 */
function useShownTogether(upcoming: PartRead, past: PartRead): ShownPair | null {
  const [shown, setShown] = useState<ShownPair | null>(null);
  const settled = !upcoming.isFetching && !past.isFetching;
  if (upcoming.data && past.data && (shown === null || (settled && (shown.upcoming !== upcoming.data || shown.past !== past.data)))) {
    // Set while rendering (React's pattern for state derived from the previous render): this render shows it.
    const pair: ShownPair = { upcoming: upcoming.data, past: past.data };
    setShown(pair);
    return pair;
  }
  return shown;
}

function Group({
  part,
  title,
  none,
  page,
  renderRow,
}: {
  part: SessionListPart;
  title: string;
  none: string;
  page: { sessions: SessionView[]; total: number; page: number; pageSize: number };
  renderRow: RenderRow;
}) {
  const [, hrefFor] = usePage(part);
  const lastPage = Math.max(1, Math.ceil(page.total / page.pageSize));
  return (
    <section aria-label={`${title} sessions`}>
      <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-700">
        {title} <span className="font-normal">({page.total})</span>
      </h3>
      {page.sessions.length ? (
        <>
          <ul className="space-y-3">{page.sessions.map(renderRow)}</ul>
          <Pager page={page.page} pageSize={page.pageSize} total={page.total} param={part} label={`${title} sessions pages`} />
        </>
      ) : page.total ? (
        <p className="text-sm text-slate-700">
          There is no page {page.page} of {title.toLowerCase()} sessions.{' '}
          <Link to={hrefFor(lastPage)} className="font-medium text-brand-700 underline underline-offset-2">
            Go to page {lastPage}
          </Link>
        </p>
      ) : (
        <p className="text-sm text-slate-700">{none}</p>
      )}
    </section>
  );
}
