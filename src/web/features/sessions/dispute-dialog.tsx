import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { disputeDescriptionMin } from '@shared/constants';
import { messages } from '@shared/messages';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError, Label, Textarea } from '../../components/ui/input';
import { useSessionAction } from './api/session-actions';

/**
 * 'No, Report an Issue' (docs/product.md "Disputes"): what went wrong (a sentence at least), Cancel and
 * 'Submit Report'. POSTs the dispute, toasts the product's message and goes to the client dashboard.
 */
export function DisputeDialog({ sessionId, open, onOpenChange }: { sessionId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useSessionAction(sessionId);
  const navigate = useNavigate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (description.trim().length < disputeDescriptionMin) return setError(messages.session.disputeDescription);
    setError(null);
    action.mutate(
      { path: 'dispute', body: { description: description.trim() } },
      {
        onSuccess: () => {
          toast.success(messages.session.disputeSubmitted);
          void navigate('/dashboard/client');
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report an issue"
      description="Tell us what went wrong. The payment stays held while our team reviews your report."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor="dispute-description">What happened? *</Label>
          <Textarea
            id="dispute-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={5000}
            aria-required
            aria-invalid={Boolean(error)}
            placeholder="For example: the expert did not join the call"
          />
        </div>
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} submitLabel="Submit Report" pending={action.isPending} />
      </form>
    </Dialog>
  );
}
