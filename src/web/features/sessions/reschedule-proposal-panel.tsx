import { CalendarClock, Send } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/pricing';
import type { ProposalSummary } from '@shared/schemas/reschedule-proposals';
import type { SessionView } from '@shared/schemas/sessions';
import { Button } from '../../components/ui/button';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError } from '../../components/ui/input';
import { formatDateTime, localZoneName } from '../../lib/format';
import { useAnswerProposal } from './api/reschedule-proposals';
import { StatusPanel } from './status-panel';

/** An instant in the viewer's zone, the zone named. */
const when = (iso: string) => `${formatDateTime(iso)} (${localZoneName(iso)})`;

function Message({ who, children }: { who: string; children: string }) {
  return (
    <blockquote className="mt-2 whitespace-pre-line break-words border-l-4 border-slate-300 pl-3 text-slate-800">
      <span className="block text-xs font-medium uppercase tracking-wide text-slate-600">Message from {who}</span>
      {children}
    </blockquote>
  );
}

/** 'Decline' asks first: declining cancels the session and refunds it in full, whatever the policy. */
function DeclineDialog({
  session,
  proposal,
  open,
  onOpenChange,
}: {
  session: SessionView;
  proposal: ProposalSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const answer = useAnswerProposal(session.id);
  const [error, setError] = useState<string | null>(null);
  const refund =
    session.totalAmountCents > 0
      ? `You will be refunded in full (${formatMoney(session.totalAmountCents, session.currency)}), whatever the cancellation policy.`
      : 'This free introductory meeting has no payment to refund.';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    answer.mutate(
      { proposalId: proposal.id, answer: 'decline' },
      {
        onSuccess: () => {
          toast.success('Session cancelled');
          onOpenChange(false);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Decline the new time?" description={`The session will be cancelled. ${refund}`}>
      <form onSubmit={submit} className="space-y-4">
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} cancelLabel="Go back" submitLabel="Decline and cancel" pending={answer.isPending} destructive />
      </form>
    </Dialog>
  );
}

/** The client's panel: the proposed time in their zone, the expert's message, Accept or Decline. */
function AnswerPanel({ session, proposal }: { session: SessionView; proposal: ProposalSummary }) {
  const answer = useAnswerProposal(session.id);
  const [declining, setDeclining] = useState(false);
  const accept = () =>
    answer.mutate(
      { proposalId: proposal.id, answer: 'accept' },
      { onSuccess: () => toast.success(messages.reschedule.done), onError: (err) => toast.error(err.message || messages.session.updateFailed) },
    );
  return (
    <StatusPanel
      icon={CalendarClock}
      tone="amber"
      title={`${session.expertName} proposes to move this session to ${when(proposal.startsAt)}`}
      actions={
        <>
          <Button onClick={accept} disabled={answer.isPending}>
            Accept new time
          </Button>
          <Button variant="outline" onClick={() => setDeclining(true)} disabled={answer.isPending}>
            Decline
          </Button>
        </>
      }
    >
      <p>Accept and the session moves; your payment stays as it is. Decline and the session is cancelled with a full refund.</p>
      <p>If you do not answer before {when(proposal.expiresAt)}, the proposal expires and your booking stands.</p>
      {proposal.message ? <Message who={session.expertName}>{proposal.message}</Message> : null}
      <DeclineDialog session={session} proposal={proposal} open={declining} onOpenChange={setDeclining} />
    </StatusPanel>
  );
}

/** The expert's panel: the proposal waits for the client. */
function WaitingPanel({ session, proposal }: { session: SessionView; proposal: ProposalSummary }) {
  return (
    <StatusPanel icon={Send} tone="brand" title="Proposal sent — waiting for the client">
      <p>
        You proposed to move this session to {when(proposal.startsAt)}. If {session.clientName} does not answer before the session starts, the booking stands as
        it is.
      </p>
      {proposal.message ? <Message who="you">{proposal.message}</Message> : null}
    </StatusPanel>
  );
}

/**
 * The session's next steps with the expert's open proposal of a new time (docs/product.md "Reschedule proposals"),
 * shown above the usual panel (`children`): the client answers it, the expert sees it waiting.
 */
export function WithProposal({ session, children }: { session: SessionView; children: ReactNode }) {
  const proposal = session.proposal;
  if (!proposal) return children;
  return (
    <div className="space-y-6">
      {session.viewerRole === 'client' ? <AnswerPanel session={session} proposal={proposal} /> : <WaitingPanel session={session} proposal={proposal} />}
      {children}
    </div>
  );
}
