import { AlertTriangle, CalendarCheck, CalendarClock, CheckCircle2, HelpCircle, Lock, Star, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { delays } from '@shared/constants';
import { messages } from '@shared/messages';
import type { SessionView } from '@shared/schemas/sessions';
import { canCancel, canConfirm, clientFeedbackStep, timed } from '@shared/sessions';
import { Button } from '../../components/ui/button';
import { afterConfirmation } from './after-confirmation';
import { CancelDialog } from './cancel-dialog';
import { useSessionAction } from './api/session-actions';
import { RescheduleDialog } from './reschedule-dialog';
import { ReservationPanel } from './reservation-panel';
import { CancellationDetails, CancelledTitle, StatusPanel } from './status-panel';

/** 'Has your meeting concluded?' — Yes confirms and goes to feedback after 1 s; No goes back to the dashboard. */
function ConcludedQuestion({ session }: { session: SessionView }) {
  const navigate = useNavigate();
  const action = useSessionAction(session.id);
  const [done, setDone] = useState(false);
  const confirm = () =>
    action.mutate(
      { path: 'confirm' },
      {
        onSuccess: () => {
          setDone(true);
          toast.success(messages.session.markedCompleted);
          const next = afterConfirmation(session);
          setTimeout(() => void navigate(next.to, { state: next.state }), delays.sessionConfirmRedirectMs);
        },
        onError: (err) => toast.error(err.message || messages.session.updateFailed),
      },
    );
  const notYet = () => {
    toast.info(messages.session.notYet);
    void navigate('/dashboard/client');
  };
  return (
    <StatusPanel
      icon={HelpCircle}
      tone="amber"
      title="Has your meeting concluded?"
      actions={
        <>
          <Button onClick={confirm} disabled={action.isPending || done}>
            Yes, Session Completed
          </Button>
          <Button variant="outline" onClick={notYet} disabled={action.isPending || done}>
            No, Not Yet
          </Button>
        </>
      }
    >
      <p>
        {/* A free intro has no payment: confirming only closes it. */}
        {session.totalAmountCents > 0 ? `Confirming releases the payment to ${session.expertName}.` : 'Confirming closes this free intro.'} Something went wrong
        instead?
      </p>
      <p>
        <Link to={`/session/confirm/${session.id}`} className="font-medium text-brand-700 underline underline-offset-2">
          Report an issue
        </Link>{' '}
        within 72 hours and our team will step in.
      </p>
    </StatusPanel>
  );
}

function Scheduled({ session }: { session: SessionView }) {
  const [cancelling, setCancelling] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const cancellable = canCancel(timed(session));
  return (
    <StatusPanel
      icon={CalendarCheck}
      tone="brand"
      title="Session Scheduled"
      actions={
        cancellable ? (
          <>
            {session.reschedule.allowed ? (
              <Button variant="outline" onClick={() => setRescheduling(true)}>
                <CalendarClock className="h-4 w-4" aria-hidden />
                Reschedule
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setCancelling(true)}>
              Cancel Session
            </Button>
          </>
        ) : undefined
      }
    >
      <p>
        {cancellable
          ? 'Join the video call at the scheduled time. Come back here afterwards to confirm the session took place.'
          : `Your session is under way. Once it ends, confirm it here${session.totalAmountCents > 0 ? ' to release the payment' : ''}.`}
      </p>
      {cancellable && session.reschedule.reason ? <p className="text-slate-700">{session.reschedule.reason}</p> : null}
      <CancelDialog session={session} open={cancelling} onOpenChange={setCancelling} />
      {session.reschedule.allowed ? <RescheduleDialog session={session} open={rescheduling} onOpenChange={setRescheduling} /> : null}
    </StatusPanel>
  );
}

/**
 * A session that took place, by its feedback step (docs/product.md "Feedback and reviews"): the review given, the
 * five public questions to answer, or private feedback only (a free intro, or a client found absent).
 */
function FeedbackPanel({ session }: { session: SessionView }) {
  const step = clientFeedbackStep(session);
  const { text, action } =
    step === 'private'
      ? {
          text: session.kind === 'paid' ? messages.feedback.clientAbsent : messages.feedback.introNotRated,
          action: (
            <Button asChild variant="outline">
              <Link to={`/expert/${session.expertSlug}/private-feedback`}>
                <Lock className="h-4 w-4" aria-hidden />
                Send private feedback
              </Link>
            </Button>
          ),
        }
      : step === 'submitted'
        ? {
            text: '✓ Feedback submitted. Thank you for helping other clients choose.',
            action: (
              <Button asChild variant="outline">
                <Link to={`/expert/${session.expertSlug}#reviews`}>View Feedback</Link>
              </Button>
            ),
          }
        : {
            text: `How was your session with ${session.expertName}? Your feedback helps other clients.`,
            action: (
              <Button asChild>
                <Link to={`/expert/${session.expertSlug}/feedback`} state={{ sessionId: session.id }}>
                  <Star className="h-4 w-4" aria-hidden />
                  Leave Feedback
                </Link>
              </Button>
            ),
          };
  return (
    <StatusPanel icon={CheckCircle2} tone="green" title={session.status === 'confirmed' ? 'Session Confirmed' : 'Session Complete'} actions={action}>
      <p>{text}</p>
    </StatusPanel>
  );
}

/** The client's panel for each status (docs/product.md "Sessions"). */
export function ClientPanel({ session }: { session: SessionView }) {
  switch (session.status) {
    case 'booked':
      return canConfirm(timed(session)) ? <ConcludedQuestion session={session} /> : <Scheduled session={session} />;
    case 'confirmed':
    case 'completed':
      return <FeedbackPanel session={session} />;
    case 'disputed':
      return (
        <StatusPanel icon={AlertTriangle} tone="amber" title="Under review">
          <p>You reported an issue with this session. Our team will review and contact you within 24 hours. The payment stays held until then.</p>
        </StatusPanel>
      );
    case 'cancelled':
      return (
        <StatusPanel icon={XCircle} tone="neutral" title={<CancelledTitle />}>
          <CancellationDetails session={session} />
        </StatusPanel>
      );
    case 'pending_payment':
    case 'expired':
      return <ReservationPanel session={session} />;
  }
}
