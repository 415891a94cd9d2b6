import { Link } from 'react-router';
import type { SessionView } from '@shared/schemas/sessions';
import { clientFeedbackStep, isPendingConfirmation, timed } from '@shared/sessions';
import { DetailsLink, sessionLink } from './session-row';

/**
 * The client's links on a session (docs/product.md "Sessions"): details; Confirm session once a booked
 * session is pending confirmation; Leave Feedback on a confirmed/completed session without feedback (the
 * feedback page receives `{ sessionId }` as navigation state); '✓ Feedback submitted' afterwards. A free intro, or
 * a session the client was found absent from, is never reviewed publicly: it links to private feedback for the team.
 */
export function ClientSessionActions({ session }: { session: SessionView }) {
  const step = clientFeedbackStep(session);
  return (
    <>
      <DetailsLink id={session.id} />
      {isPendingConfirmation(timed(session)) ? (
        <Link
          to={`/session/confirm/${session.id}`}
          className="rounded-lg bg-amber-50 px-2.5 py-1 font-semibold text-amber-900 ring-1 ring-amber-200 hover:bg-amber-100"
        >
          Confirm session
        </Link>
      ) : null}
      {step === 'submitted' ? (
        <span className="font-medium text-emerald-700">✓ Feedback submitted</span>
      ) : step === 'private' ? (
        <Link to={`/expert/${session.expertSlug}/private-feedback`} className={sessionLink}>
          Send private feedback
        </Link>
      ) : step === 'review' ? (
        <Link to={`/expert/${session.expertSlug}/feedback`} state={{ sessionId: session.id }} className={sessionLink}>
          Leave Feedback
        </Link>
      ) : null}
    </>
  );
}
