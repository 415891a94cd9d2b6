import { useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import type { InboxItem } from '@shared/schemas/admin';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormError, Label, Textarea } from '../../components/ui/input';
import { useDialogAction } from '../../lib/use-dialog-action';
import { useReplyToInbox } from './api/reply-to-inbox';

/**
 * Reply to an inbox message by e-mail (docs/product.md "Team console"): the text goes to the address the message came
 * from, is kept under the message, and marks it handled.
 */
export function ReplyDialog({ item, open, onOpenChange }: { item: InboxItem; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [message, setMessage] = useState('');
  const { error, setError, run, pending } = useDialogAction(useReplyToInbox(), () => onOpenChange(false));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!message.trim()) return setError(messages.admin.replyRequired);
    run({ kind: item.kind, id: item.id, message }, messages.admin.replied, () => setMessage(''));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Reply to ${item.from.name ?? item.from.email}`}
      description={`Sent by e-mail to ${item.from.email} and kept with the message.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor={`reply-${item.id}`}>Your reply</Label>
          <Textarea
            id={`reply-${item.id}`}
            rows={7}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={5000}
            aria-invalid={Boolean(error) && !message.trim()}
          />
        </div>
        <FormError>{error}</FormError>
        <DialogButtons onCancel={() => onOpenChange(false)} submitLabel="Send reply" pending={pending} />
      </form>
    </Dialog>
  );
}
