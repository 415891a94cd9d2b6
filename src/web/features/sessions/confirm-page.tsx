import { CheckCircle2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { delays } from '@shared/constants';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/pricing';
import type { SessionView } from '@shared/schemas/sessions';
import { canConfirm, canDispute, sessionState } from '@shared/sessions';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormError } from '../../components/ui/input';
import { formatDateTime } from '../../lib/format';
import { afterConfirmation } from './after-confirmation';
import { DisputeDialog } from './dispute-dialog';
import { SessionGate } from './session-gate';
import { useSessionAction } from './api/session-actions';

function Summary({ session }: { session: SessionView }) {
  const rows = [
    ['Expert', session.expertName],
    ['Date and time', formatDateTime(session.startsAt)],
    ['Duration', `${session.durationMinutes} minutes`],
    ['Amount', formatMoney(session.totalAmountCents, session.currency)],
  ];
  return (
    <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ConfirmSession({ session }: { session: SessionView }) {
  const navigate = useNavigate();
  const action = useSessionAction(session.id);
  const [confirmed, setConfirmed] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const times = { status: session.status, startsAt: new Date(session.startsAt), endsAt: new Date(session.endsAt) };

  const confirm = () => {
    setError(null);
    action.mutate(
      { path: 'confirm' },
      {
        onSuccess: () => {
          setConfirmed(true);
          toast.success(messages.session.confirmed);
          const next = afterConfirmation(session);
          setTimeout(() => void navigate(next.to, { state: next.state }), delays.confirmPageRedirectMs);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  let body;
  if (session.viewerRole !== 'client')
    body = (
      <p className="rounded-xl bg-slate-50 p-4 text-slate-800">
        {session.status === 'disputed' ? messages.session.expertDisputed : messages.session.expertCannotConfirm}
      </p>
    );
  else if (confirmed)
    body = (
      <p role="status" className="flex items-center gap-2 rounded-xl bg-emerald-50 p-4 font-medium text-emerald-900">
        <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden />
        {messages.session.confirmed}
      </p>
    );
  else if (session.status !== 'booked')
    body = (
      <p className="rounded-xl bg-slate-50 p-4 text-slate-800">
        This session is already <strong>{sessionState(session).label.toLowerCase()}</strong>, so there is nothing to confirm.
      </p>
    );
  else
    body = (
      <>
        <p className="text-slate-800">
          Did your session with {session.expertName} take place as planned?
          {session.totalAmountCents > 0 ? ' Confirming releases the payment to the expert.' : null}
        </p>
        {canConfirm(times) ? null : (
          <p className="mt-2 text-sm text-slate-700">You can confirm once the session has ended. Come back after {formatDateTime(session.endsAt)}.</p>
        )}
        <FormError className="mt-4">{error}</FormError>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button size="lg" onClick={confirm} disabled={!canConfirm(times) || action.isPending}>
            Yes, Confirm Session
          </Button>
          <Button size="lg" variant="outline" onClick={() => setReporting(true)} disabled={!canDispute(times)}>
            No, Report an Issue
          </Button>
        </div>
        <DisputeDialog sessionId={session.id} open={reporting} onOpenChange={setReporting} />
      </>
    );

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-xl px-4 py-10 sm:py-16">
        <Card className="p-6 sm:p-8">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <ShieldCheck className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Confirm your session</h1>
          <div className="mt-4">
            <Summary session={session} />
          </div>
          <div className="mt-6">{body}</div>
          <p className="mt-6 text-sm">
            <Link to={`/session/${session.id}`} className="font-medium text-brand-700 hover:underline">
              View session details
            </Link>
          </p>
        </Card>
      </div>
    </div>
  );
}

/** /session/confirm/{sessionId} (docs/product.md "Sessions") on the real session: confirm, or report an issue. */
export default function ConfirmPage() {
  const { sessionId = '' } = useParams();
  return <SessionGate id={sessionId}>{(session) => <ConfirmSession session={session} />}</SessionGate>;
}
