import { useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError, Label, Textarea } from '../../components/ui/input';
import { useDialogAction } from '../../lib/use-dialog-action';
import { useReviewApplication } from './api/review-application';

/** Reject an application with a required reason; the reason is stored and e-mailed to the applicant. */
export function RejectDialog({
  applicationId,
  applicantName,
  open,
  onOpenChange,
}: {
  applicationId: string;
  applicantName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  const { error, setError, run, pending } = useDialogAction(useReviewApplication(applicationId), () => onOpenChange(false));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(messages.admin.rejectReason);
    run({ action: 'reject', reason: reason.trim() }, messages.admin.rejected);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reject this application?"
      description={`${applicantName} will receive the reason by e-mail and may apply again later.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor="reject-reason">Reason for the rejection</Label>
          <Textarea
            id="reject-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={2000}
            aria-invalid={Boolean(error) && !reason.trim()}
            placeholder="For example: we need at least 3 years of experience in the areas chosen"
          />
        </div>
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} submitLabel="Reject Application" pending={pending} destructive />
      </form>
    </Dialog>
  );
}
