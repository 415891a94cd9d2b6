/**
 * POST /api/conversations/{id}/messages (docs/product.md "Messages"): `id` is made here once per message and sent
 * again on a retry, so the server never keeps a message twice. The message is added to the page at once; the inbox
 * is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageView, SendMessageInput } from '@shared/schemas/conversations';
import { api, ApiError } from '../../../lib/api';
import { messageKeys } from '../../../lib/message-queries';
import { addMessage } from './get-messages';

/** Throws ApiError (400 empty or too long, 403 blocked or messaging suspended, 404 not the caller's conversation, 422 id reused, 429 too many messages). */
export function sendMessage(conversationId: string, body: SendMessageInput): Promise<{ message: MessageView }> {
  return api<{ message: MessageView }>(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, { method: 'POST', body });
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageInput) => sendMessage(conversationId, body),
    onSuccess: ({ message }) => {
      addMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: messageKeys.inbox });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(conversationId) });
    },
    // Refused (403): the other person blocked the sender since the page was read; the conversation then says so.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 403) void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(conversationId) });
    },
  });
}
