import { useState, type FormEvent } from 'react';
import { proposalMessageMax, proposalMessages } from '@shared/reschedule-proposals';
import type { SessionView } from '@shared/schemas/sessions';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError, Label, Textarea } from '../../components/ui/input';
import { useDialogAction } from '../../lib/use-dialog-action';
import { useProposeReschedule } from './api/reschedule-proposals';
import { LazyRescheduleSlotPicker } from './lazy-reschedule-slot-picker';

/**
 * 'Propose a new time' (docs/product.md "Reschedule proposals"): the expert picks one of the session's free times and
 * may add a message; the client then accepts or declines. A new proposal replaces an open one.
 */
export function ProposeRescheduleDialog({ session, open, onOpenChange }: { session: SessionView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const { error, setError, run, pending } = useDialogAction(useProposeReschedule(session.id), () => onOpenChange(false));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!startsAt) return setError(proposalMessages.chooseTime);
    run({ startsAt, message: message.trim() || undefined }, proposalMessages.sent);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Propose a new time"
      description={`${session.clientName} can accept the new time, or decline it: the session is then cancelled and refunded in full.`}
      className="max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {open ? <LazyRescheduleSlotPicker sessionId={session.id} value={startsAt} onChange={setStartsAt} /> : null}
        <div>
          <Label htmlFor="proposal-message">Message to {session.clientName} (optional)</Label>
          <Textarea
            id="proposal-message"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={proposalMessageMax}
            placeholder="Let the client know why"
          />
        </div>
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} submitLabel="Send proposal" pending={pending} />
      </form>
    </Dialog>
  );
}
