import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SessionView } from '@shared/schemas/sessions';
import { prepaidSessionLabel } from '@shared/plans';
import { formatMoney } from '@shared/pricing';
import { sessionState } from '@shared/sessions';
import { Badge } from '../../components/ui/badge';
import { formatDateTime, localZoneName } from '../../lib/format';

/**
 * One session in a dashboard list: counterpart name, topic (or 'No topic'; a workshop seat names its workshop), status badge
 * (beside it, an open proposal of a new time: 'New time proposed' to the client, 'Proposal sent' to the expert), date-time
 * in the viewer's zone, amount (and what was refunded of it), duration in minutes, then the viewer's links in `actions`.
 */
export function SessionRow({ session, counterpart, actions }: { session: SessionView; counterpart: string; actions: ReactNode }) {
  const badge = sessionState(session);
  const headingId = `session-${session.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h4 id={headingId} className="font-semibold text-slate-900">
              {counterpart}
            </h4>
            <p className="mt-0.5 break-words text-sm text-slate-700">
              {session.kind === 'workshop' ? `Workshop: ${session.topic}` : session.topic.trim() || 'No topic'}
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {session.proposal ? <Badge tone="amber">{session.viewerRole === 'client' ? 'New time proposed' : 'Proposal sent'}</Badge> : null}
            <Badge tone={badge.tone}>{badge.label}</Badge>
          </div>
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_auto_auto] sm:justify-start">
          <div className="flex gap-1.5">
            <dt className="sr-only">Date and time</dt>
            <dd className="text-slate-800">
              {formatDateTime(session.startsAt)} {localZoneName(session.startsAt)}
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="sr-only">Duration</dt>
            <dd className="flex items-center gap-1 text-slate-700">
              <Clock className="h-3.5 w-3.5" aria-hidden />
              {session.durationMinutes} minutes
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="sr-only">Amount</dt>
            <dd className="font-semibold text-slate-900">
              {session.kind === 'intro'
                ? 'Free intro'
                : session.kind === 'workshop' && session.totalAmountCents === 0
                  ? 'Free seat'
                  : formatMoney(session.totalAmountCents, session.currency)}
              {session.package ? <span className="font-normal text-slate-700"> · {prepaidSessionLabel(session.package)}</span> : null}
              {session.payment && session.payment.refundedCents > 0 ? (
                <span className="font-normal text-slate-700"> · Refunded {formatMoney(session.payment.refundedCents, session.currency)}</span>
              ) : null}
            </dd>
          </div>
        </dl>
        <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">{actions}</div>
      </article>
    </li>
  );
}

/** Style of the text links under a session. */
export const sessionLink = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

/** 'View Session Details' → /session/{id}. */
export function DetailsLink({ id }: { id: string }) {
  return (
    <Link to={`/session/${id}`} className={sessionLink}>
      View Session Details
    </Link>
  );
}
