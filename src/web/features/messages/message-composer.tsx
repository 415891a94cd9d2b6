/**
 * The text box of a conversation (docs/product.md "Messages"): 1–5 000 characters once trimmed, or none with an
 * attachment; Enter sends, Shift+Enter starts a new line. A message keeps its id until it is sent, so trying again after a failure can never
 * send it twice. **Attach** adds one PDF or image (≤ 10 MB, checked here first and again by the server from the bytes),
 * uploaded at once and sent with the text, or alone.
 */
import { Paperclip, Send, X } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import type { FileInfo } from '@shared/schemas/files';
import { uploadRules } from '@shared/uploads';
import { uploadFailure, uploadFile } from '../../lib/upload-file';
import { messages } from '@shared/messages';
import { messageMaxLength, messageMinLength } from '@shared/messaging';
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
  const ids = { box: useId(), error: useId(), file: useId(), keys: useId() };
  const [attachment, setAttachment] = useState<FileInfo | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);

  const attach = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const rule = uploadRules.attachment;
    if (file.size > rule.maxBytes) return setError(rule.tooLarge);
    if (file.type && !rule.types.includes(file.type)) return setError(rule.wrongType);
    setError(null);
    setUploading(0);
    try {
      setAttachment(await uploadFile('attachment', file, setUploading).done);
      pendingId.current = null;
    } catch (err) {
      setError(uploadFailure('attachment', err).message);
    } finally {
      setUploading(null);
    }
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (send.isPending) return;
    const body = messageBody.safeParse(text);
    if (!body.success) return setError(body.error.issues[0]?.message ?? messages.messaging.empty);
    if (body.data.length < messageMinLength(attachment !== null)) return setError(messages.messaging.empty);
    pendingId.current ??= newMessageId();
    setError(null);
    try {
      await send.mutateAsync({ id: pendingId.current, body: body.data, ...(attachment ? { attachmentId: attachment.id } : {}) });
      pendingId.current = null;
      setText('');
      setAttachment(null);
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
      {attachment || uploading !== null ? (
        <p className="mb-2 flex items-center gap-2 text-sm text-slate-700">
          <Paperclip className="h-4 w-4 shrink-0" aria-hidden />
          {attachment ? (
            <>
              <span className="min-w-0 truncate">{attachment.name}</span>
              <button
                type="button"
                className="rounded p-0.5 text-slate-600 hover:bg-slate-100"
                aria-label={`Remove ${attachment.name}`}
                onClick={() => {
                  setAttachment(null);
                  pendingId.current = null;
                }}
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </>
          ) : (
            <span role="status">Uploading… {uploading}%</span>
          )}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <input id={ids.file} type="file" accept={uploadRules.attachment.accept} className="sr-only" onChange={(e) => void attach(e)} />
        <Button asChild variant="outline" aria-disabled={uploading !== null}>
          <label htmlFor={ids.file} className="cursor-pointer" title="Attach a PDF or an image (up to 10 MB)">
            <Paperclip className="h-4 w-4" aria-hidden />
            <span className="sr-only">Attach a file</span>
          </label>
        </Button>
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
          // Short enough for a phone's box; the keys are said below it.
          placeholder="Write a message…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.error} ${ids.keys}` : ids.keys}
          className="min-h-12 min-w-0 flex-1 resize-none"
        />
        <Button type="submit" disabled={send.isPending || uploading !== null} aria-busy={send.isPending}>
          <Send className="h-4 w-4" aria-hidden />
          Send
        </Button>
      </div>
      <p id={ids.keys} className="mt-1 text-xs text-slate-600">
        Enter sends, Shift+Enter starts a new line.
      </p>
    </form>
  );
}
