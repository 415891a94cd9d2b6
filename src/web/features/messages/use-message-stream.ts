/**
 * The signed-in account's live updates (docs/product.md "Messages"; docs/decisions/020-message-stream.md): one
 * EventSource on GET /api/messages/stream for the whole app. A new message is added to its open conversation, a read
 * receipt refreshes the conversation's "Seen", a block or unblock (by either side) refreshes whether the page may send, and every event sets the header's unread count. The browser
 * reconnects by itself after a drop and the server sends what was missed; a fresh connection starts with `hello`,
 * on which every message read is read again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StreamEvent } from '@shared/schemas/conversations';
import { messageKeys } from '../../lib/message-queries';
import { addMessage } from './api/get-messages';

export function useMessageStream(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/messages/stream');
    const apply = (event: StreamEvent) => {
      queryClient.setQueryData(messageKeys.unread, { unread: event.unread });
      if (event.kind === 'hello') {
        void queryClient.invalidateQueries({ queryKey: messageKeys.all, predicate: (q) => q.queryKey[1] !== 'unread' });
        return;
      }
      if (event.kind === 'message') addMessage(queryClient, event.message);
      void queryClient.invalidateQueries({ queryKey: messageKeys.inbox });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(event.conversationId) });
    };
    // The header opens this on every page, so it stays light: the data is the server's own StreamEvent (no zod here).
    const listener = (e: MessageEvent<string>) => apply(JSON.parse(e.data) as StreamEvent);
    for (const kind of ['hello', 'message', 'read', 'block']) source.addEventListener(kind, listener);
    return () => source.close();
  }, [userId, queryClient]);
}
