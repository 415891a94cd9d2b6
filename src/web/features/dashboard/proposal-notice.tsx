/**
 * The experts' proposals of a new time the signed-in client has yet to answer (docs/product.md "Reschedule
 * proposals"), flagged beyond the session page: in the header on every page and above the client's dashboard. Both
 * read the session counters (GET /api/sessions/summary), which every change to a session reads again.
 */
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { useSessionSummary } from './api/get-my-sessions';

/** "1 session has a new time proposed" / "2 sessions have a new time proposed". */
function proposalsLabel(count: number): string {
  return count === 1 ? '1 session has a new time proposed' : `${count} sessions have a new time proposed`;
}

/** The header's flag: a link to the soonest session with a proposal to answer; nothing when there is none. */
export function ProposalsLink() {
  const summary = useSessionSummary().data;
  if (!summary?.proposalSessionId || summary.proposalsToAnswer === 0) return null;
  const count = summary.proposalsToAnswer;
  return (
    <Link
      to={`/session/${summary.proposalSessionId}`}
      aria-label={`New time proposed: ${proposalsLabel(count)}`}
      className="relative inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-amber-900 hover:bg-amber-50"
    >
      <CalendarClock className="h-5 w-5" aria-hidden />
      <span className="hidden xl:inline">New time proposed</span>
      <span aria-hidden className="absolute -right-1 -top-1 min-w-5 rounded-full bg-amber-500 px-1.5 text-center text-xs font-bold leading-5 text-white">
        {count > 99 ? '99+' : count}
      </span>
    </Link>
  );
}

/** The dashboard's notice: how many sessions wait for an answer, linking to the soonest; nothing when there is none. */
export function ProposalsNotice() {
  const summary = useSessionSummary().data;
  if (!summary?.proposalSessionId || summary.proposalsToAnswer === 0) return null;
  return (
    <section
      aria-labelledby="proposals-notice"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <CalendarClock className="h-5 w-5 shrink-0 text-amber-700" aria-hidden />
      <div className="min-w-0 flex-1 basis-60">
        <h2 id="proposals-notice" className="font-semibold">
          {proposalsLabel(summary.proposalsToAnswer)}
        </h2>
        <p>Accept or decline before the session starts; unanswered, the booking stands as it is.</p>
      </div>
      <Link to={`/session/${summary.proposalSessionId}`} className="font-semibold text-amber-950 underline underline-offset-4 hover:no-underline">
        Answer the proposal
      </Link>
    </section>
  );
}
