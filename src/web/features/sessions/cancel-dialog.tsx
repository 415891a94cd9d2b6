import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/pricing';
import type { SessionView } from '@shared/schemas/sessions';
import { policyTerms, refundCents } from '@shared/sessions';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError, Label, Textarea } from '../../components/ui/input';
import { useSessionAction } from './api/session-actions';

/** What the refund preview says: the client's refund by the expert's policy now, or in full when the expert cancels. */
function refundText(s: SessionView): string {
  const refund = refundCents({ amountCents: s.totalAmountCents, policy: s.cancellationPolicy, cancelledBy: s.viewerRole, startsAt: new Date(s.startsAt) });
  const total = formatMoney(s.totalAmountCents, s.currency);
  if (s.totalAmountCents === 0) return 'This free introductory meeting has no payment to refund.';
  if (s.viewerRole === 'expert') return `The client will be refunded in full (${total}).`;
  return `You will be refunded ${formatMoney(refund, s.currency)} of ${total}. ${policyTerms[s.cancellationPolicy].summary}`;
}

/** Cancel a booked session with a required reason, showing the refund the policy gives right now. */
export function CancelDialog({ session, open, onOpenChange }: { session: SessionView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useSessionAction(session.id);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(messages.session.cancelReason);
    setError(null);
    action.mutate(
      { path: 'cancel', body: { reason: reason.trim() } },
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
    <Dialog open={open} onOpenChange={onOpenChange} title="Cancel this session?" description={open ? refundText(session) : undefined}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor="cancel-reason">Reason for cancelling *</Label>
          <Textarea
            id="cancel-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={1000}
            aria-required
            aria-invalid={Boolean(error) && !reason.trim()}
            placeholder="Let the other side know why"
          />
        </div>
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} cancelLabel="Keep Session" submitLabel="Cancel Session" pending={action.isPending} destructive />
      </form>
    </Dialog>
  );
}
