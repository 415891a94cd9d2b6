/**
 * POST /api/conversations/{id}/read: the reader has seen every message up to `upTo` (docs/product.md "Messages").
 * The answer is the reader's unread count; the inbox is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { messageKeys } from '../../../lib/message-queries';

/** Throws ApiError (400 `upTo` not in this conversation, 404 not the caller's conversation). */
export function markRead(conversationId: string, upTo: string): Promise<{ unread: number }> {
  return api<{ unread: number }>(`/api/conversations/${encodeURIComponent(conversationId)}/read`, { method: 'POST', body: { upTo } });
}

export function useMarkRead(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => markRead(conversationId, upTo),
    onSuccess: (answer) => {
      queryClient.setQueryData(messageKeys.unread, answer);
      void queryClient.invalidateQueries({ queryKey: messageKeys.inbox });
    },
  });
}
