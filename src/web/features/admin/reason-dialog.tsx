import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import type { ReasonInput } from '@shared/schemas/admin-users';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError, Label, Textarea } from '../../components/ui/input';
import { useDialogAction } from '../../lib/use-dialog-action';

/**
 * A console action that needs a reason, kept in the audit log and e-mailed to the people concerned where the action
 * says so (suspend, reinstate, cancel booked sessions; remove an organisation's manager, pause or end its programme;
 * docs/product.md "Team console", "People", "Partners"): the reason, then `submitLabel`; `done` is the toast.
 */
export function ReasonDialog<T>({
  id,
  title,
  description,
  label,
  submitLabel,
  done,
  destructive,
  mutation,
  open,
  onOpenChange,
}: {
  id: string;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  done: string | ((result: T) => string);
  destructive?: boolean;
  mutation: UseMutationResult<T, Error, ReasonInput>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  const { error, setError, run, pending } = useDialogAction(mutation, () => onOpenChange(false));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(messages.admin.suspendReason);
    run({ reason: reason.trim() }, done, () => setReason(''));
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor={id}>{label}</Label>
          <Textarea id={id} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} aria-invalid={Boolean(error) && !reason.trim()} />
        </div>
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} submitLabel={submitLabel} pending={pending} destructive={destructive} />
      </form>
    </Dialog>
  );
}
