/** A session's moves, for both parties (docs/product.md "Reschedule"): from → to in the viewer's zone, and by whom. */
import { CalendarClock } from 'lucide-react';
import { useId } from 'react';
import type { SessionView } from '@shared/schemas/sessions';
import { formatDateTime, localZoneName } from '../../lib/format';

/** 'You', or the other party's name: who moved the session (an accepted proposal counts as the expert's move). */
function mover(session: SessionView, movedBy: 'client' | 'expert'): string {
  if (movedBy === session.viewerRole) return 'you';
  return movedBy === 'client' ? session.clientName : session.expertName;
}

/** "Session rescheduled" with each move, oldest first; nothing for a session never moved. */
export function SessionMoves({ session }: { session: SessionView }) {
  const titleId = useId();
  if (session.moves.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="mt-6 rounded-xl border border-brand-100 bg-brand-50/60 p-4">
      <h2 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <CalendarClock className="h-4 w-4 text-brand-600" aria-hidden />
        Session rescheduled
      </h2>
      <ol className="mt-2 space-y-1 text-sm text-slate-800">
        {session.moves.map((m) => (
          <li key={m.movedAt}>
            Moved from <span className="line-through decoration-slate-400">{formatDateTime(m.fromStartsAt)}</span> to{' '}
            <span className="font-semibold">{formatDateTime(m.toStartsAt)}</span> <span className="text-slate-600">({localZoneName(m.toStartsAt)})</span> by{' '}
            {mover(session, m.movedBy)}
            {m.movedBy === 'expert' && session.viewerRole === 'client' ? ' (you accepted the proposed time)' : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
