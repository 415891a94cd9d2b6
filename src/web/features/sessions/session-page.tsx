import { ArrowLeft, Video } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { SessionView } from '@shared/schemas/sessions';
import { canJoin, sessionState } from '@shared/sessions';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { AddToCalendar } from './add-to-calendar';
import { useNoShow } from './api/get-no-show';
import { ClientPanel } from './client-panel';
import { ExpertPanel } from './expert-panel';
import { MessageParty } from './message-party';
import { WithNoShow } from './no-show-panel';
import { WithProposal } from './reschedule-proposal-panel';
import { SessionFacts } from './session-facts';
import { SessionGate } from './session-gate';
import { SessionMoves } from './session-moves';

function SessionDetail({ session }: { session: SessionView }) {
  const client = session.viewerRole === 'client';
  const counterpart = client ? session.expertName : session.clientName;
  const noShow = useNoShow(session.id).data?.report;
  const times = { status: session.status, startsAt: new Date(session.startsAt), endsAt: new Date(session.endsAt) };
  // An open no-show report holds the session: it waits for an answer, not for a confirmation (docs/product.md "No-shows").
  const badge = noShow?.status === 'open' ? ({ label: 'No-show reported', tone: 'amber' } as const) : sessionState(session);
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <Link
          to={client ? '/dashboard/client' : '/dashboard/expert'}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to dashboard
        </Link>
        <Card className="mt-4 p-5 sm:p-8">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-600">
                Session <span className="font-mono">#{session.id.slice(0, 8)}</span>
                {session.kind === 'intro' ? ' · Free introductory meeting' : null}
                {session.kind === 'workshop' && session.workshopId ? (
                  <>
                    {' · '}
                    <Link to={`/workshops/${session.workshopId}`} className="text-brand-700 hover:underline">
                      Seat in a workshop
                    </Link>
                  </>
                ) : null}
              </p>
              <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
                {/* A seat is named by its workshop, whose title is the seat's topic. */}
                {session.kind === 'workshop' ? `${session.topic} with ${counterpart}` : `Session with ${counterpart}`}
              </h1>
            </div>
            <Badge tone={badge.tone} className="text-sm">
              {badge.label}
            </Badge>
          </div>
          <div className="mt-6 border-t border-slate-100 pt-6">
            <SessionFacts session={session} />
            <SessionMoves session={session} />
            <AddToCalendar session={session} />
          </div>
          <MessageParty sessionId={session.id} name={counterpart} />
          {canJoin(times) ? (
            <Button asChild size="lg" className="mt-6 w-full sm:w-auto">
              <a href={session.meetingUrl} target="_blank" rel="noopener noreferrer">
                <Video className="h-5 w-5" aria-hidden />
                Join video call
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          ) : null}
        </Card>
        <div className="mt-6">
          <WithProposal session={session}>
            <WithNoShow session={session}>{client ? <ClientPanel session={session} /> : <ExpertPanel session={session} />}</WithNoShow>
          </WithProposal>
        </div>
      </div>
    </div>
  );
}

/** /session/{sessionId} (docs/product.md "Sessions"): the session for its client or its expert. */
export default function SessionPage() {
  const { sessionId = '' } = useParams();
  return <SessionGate id={sessionId}>{(session) => <SessionDetail session={session} />}</SessionGate>;
}
