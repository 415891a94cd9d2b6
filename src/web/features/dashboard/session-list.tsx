import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SessionView } from '@shared/schemas/sessions';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { groupSessions } from './session-stats';

/**
 * The 'My sessions' card of a dashboard: loading, a quiet load error with Retry (dashboard load errors
 * raise no toast), the empty state, or the sessions grouped as Upcoming / Past with `renderRow` for each.
 */
export function SessionList({
  sessions,
  isError,
  onRetry,
  empty,
  renderRow,
}: {
  sessions: SessionView[] | undefined;
  isError: boolean;
  onRetry: () => void;
  empty: ReactNode;
  renderRow: (session: SessionView) => ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>My sessions</CardTitle>
      </CardHeader>
      <CardContent>
        {isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            Your sessions could not be loaded.
            <Button variant="outline" size="sm" onClick={onRetry}>
              Retry
            </Button>
          </div>
        ) : !sessions ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading sessions" />
          </div>
        ) : sessions.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
            <CalendarDays className="h-10 w-10 text-brand-600" aria-hidden />
            <p className="mt-3 font-semibold text-slate-900">No sessions yet</p>
            {empty}
          </div>
        ) : (
          <Groups sessions={sessions} renderRow={renderRow} />
        )}
      </CardContent>
    </Card>
  );
}

function Groups({ sessions, renderRow }: { sessions: SessionView[]; renderRow: (session: SessionView) => ReactNode }) {
  const { upcoming, past } = groupSessions(sessions);
  const groups = [
    { title: 'Upcoming', items: upcoming, none: 'Nothing scheduled.' },
    { title: 'Past', items: past, none: 'No past sessions yet.' },
  ];
  return (
    <div className="space-y-6">
      {groups.map(({ title, items, none }) => (
        <section key={title} aria-label={`${title} sessions`}>
          <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-700">
            {title} <span className="font-normal">({items.length})</span>
          </h3>
          {items.length ? <ul className="space-y-3">{items.map(renderRow)}</ul> : <p className="text-sm text-slate-700">{none}</p>}
        </section>
      ))}
    </div>
  );
}
