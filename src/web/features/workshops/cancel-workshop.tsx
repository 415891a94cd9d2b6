import { useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import { Button } from '../../components/ui/button';
import { FormError, Input, Label } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { useCancelWorkshop } from './api/post-cancel-workshop';

/** 'Cancel workshop' with a reason (docs/product.md "Workshops"): every attendee is refunded in full and told. */
export function CancelWorkshop({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelWorkshop(id);
  if (!open)
    return (
      <Button variant="outline" size="sm" className="mt-3" onClick={() => setOpen(true)}>
        Cancel workshop
      </Button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(messages.session.cancelReason);
    cancel.mutateAsync(reason.trim()).then(
      () => toast.success('Workshop cancelled. Every attendee is refunded in full.'),
      (err: Error) => setError(err.message),
    );
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-2" aria-label="Cancel workshop">
      <Label htmlFor={`cancel-${id}`}>Why are you cancelling? Attendees will see this.</Label>
      <Input id={`cancel-${id}`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
      {error ? <FormError>{error}</FormError> : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="destructive" disabled={cancel.isPending} aria-busy={cancel.isPending}>
          Cancel workshop and refund everyone
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Keep it
        </Button>
      </div>
    </form>
  );
}
