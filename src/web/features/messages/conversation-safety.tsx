/**
 * Blocking and reporting in an open conversation (docs/product.md "Messages", "Blocking and reporting"): Block (with a
 * confirmation) or Unblock the other person, Report the conversation to the team with a reason, and the notice shown
 * instead of the text box while either side has blocked the other.
 */
import { useState, type FormEvent } from 'react';
import { messages as words } from '@shared/messages';
import type { ConversationView } from '@shared/schemas/conversations';
import { Button } from '../../components/ui/button';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError, Label, Textarea } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { useDialogAction } from '../../lib/use-dialog-action';
import { useSetBlocked } from './api/block-conversation';
import { useReportConversation } from './api/report-conversation';

function BlockDialog({ conversation, open, onOpenChange }: { conversation: ConversationView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { error, run, pending } = useDialogAction(useSetBlocked(conversation.id), () => onOpenChange(false));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(true, `You blocked ${conversation.other.name}.`);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Block ${conversation.other.name}?`}
      description={`${conversation.other.name} will no longer be able to send you messages here, and will be told so. You can unblock them later.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} submitLabel="Block" pending={pending} destructive />
      </form>
    </Dialog>
  );
}

function ReportDialog({ conversation, open, onOpenChange }: { conversation: ConversationView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [reason, setReason] = useState('');
  const { error, setError, run, pending } = useDialogAction(useReportConversation(conversation.id), () => onOpenChange(false));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(words.messaging.reportReason);
    run({ reason: reason.trim() }, 'Thank you. The Mentora team will look at this conversation.', () => setReason(''));
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report this conversation"
      description={`The Mentora team will read this conversation with ${conversation.other.name} and may suspend their messaging.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor="report-reason">What is wrong?</Label>
          <Textarea
            id="report-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={2000}
            aria-invalid={Boolean(error) && !reason.trim()}
            placeholder="For example: asks me to pay outside Mentora"
          />
        </div>
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} submitLabel="Send report" pending={pending} />
      </form>
    </Dialog>
  );
}

/** The header's Block / Unblock and Report buttons. */
export function SafetyActions({ conversation }: { conversation: ConversationView }) {
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const unblock = useSetBlocked(conversation.id);
  const lift = () =>
    unblock.mutate(false, {
      onSuccess: () => toast.success(`You unblocked ${conversation.other.name}.`),
      onError: (err) => toast.error(err.message),
    });
  const close = (open: boolean) => (open ? undefined : setDialog(null));
  return (
    <div className="flex shrink-0 gap-2">
      {conversation.blocked.byMe ? (
        <Button variant="outline" size="sm" onClick={lift} disabled={unblock.isPending}>
          Unblock
        </Button>
      ) : (
        <Button variant="outline" size="sm" onClick={() => setDialog('block')}>
          Block
        </Button>
      )}
      <Button variant="outline" size="sm" onClick={() => setDialog('report')}>
        Report
      </Button>
      <BlockDialog conversation={conversation} open={dialog === 'block'} onOpenChange={close} />
      <ReportDialog conversation={conversation} open={dialog === 'report'} onOpenChange={close} />
    </div>
  );
}

/** Shown instead of the text box while either side has blocked the other; null otherwise. */
export function BlockedNotice({ conversation }: { conversation: ConversationView }) {
  const { byMe, byOther } = conversation.blocked;
  if (!byMe && !byOther) return null;
  return (
    <p role="status" className="border-t border-slate-200 bg-amber-50 p-4 text-sm text-amber-900">
      {byOther ? words.messaging.blockedByOther : `You blocked ${conversation.other.name}. Unblock them to send a message.`}
    </p>
  );
}
