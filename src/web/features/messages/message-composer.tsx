/**
 * The text box of a conversation (docs/product.md "Messages"): 1–5 000 characters once trimmed; Enter sends,
 * Shift+Enter starts a new line. A message keeps its id until it is sent, so trying again after a failure can never
 * send it twice.
 */
import { Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { messages } from '@shared/messages';
import { messageMaxLength } from '@shared/messaging';
import { messageBody } from '@shared/schemas/conversations';
import { Button } from '../../components/ui/button';
import { FormError, Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { useSendMessage } from './api/send-message';
import { newMessageId } from './message-id';

export function MessageComposer({ conversationId, otherName }: { conversationId: string; otherName: string }) {
  const send = useSendMessage(conversationId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The id of the message being written: the same on every try until it is sent. */
  const pendingId = useRef<string | null>(null);
  const ids = { box: useId(), error: useId() };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (send.isPending) return;
    const body = messageBody.safeParse(text);
    if (!body.success) return setError(body.error.issues[0]?.message ?? messages.messaging.empty);
    pendingId.current ??= newMessageId();
    setError(null);
    try {
      await send.mutateAsync({ id: pendingId.current, body: body.data });
      pendingId.current = null;
      setText('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : messages.messaging.sendFailed);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={submit} noValidate className="border-t border-slate-200 bg-white p-3">
      {error ? (
        <div id={ids.error} className="mb-2">
          <FormError>{error}</FormError>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor={ids.box} className="sr-only">
          Message to {otherName}
        </label>
        <Textarea
          id={ids.box}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            pendingId.current = null;
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={messageMaxLength + 200}
          placeholder="Write a message… (Enter sends, Shift+Enter for a new line)"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          className="min-h-12 resize-none"
        />
        <Button type="submit" disabled={send.isPending} aria-busy={send.isPending}>
          <Send className="h-4 w-4" aria-hidden />
          Send
        </Button>
      </div>
    </form>
  );
}
