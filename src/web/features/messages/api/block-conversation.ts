/**
 * POST and DELETE /api/conversations/{id}/block: the reader blocks the other person, or lifts their block
 * (docs/product.md "Messages", "Blocking and reporting"). The answer becomes the cached conversation; the inbox is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationView } from '@shared/schemas/conversations';
import { api } from '../../../lib/api';
import { messageKeys } from '../../../lib/message-queries';

/** Throws ApiError (401 signed out, 404 not the caller's conversation). */
export function setBlocked(conversationId: string, blocked: boolean): Promise<{ conversation: ConversationView }> {
  return api<{ conversation: ConversationView }>(`/api/conversations/${encodeURIComponent(conversationId)}/block`, {
    method: blocked ? 'POST' : 'DELETE',
    body: {},
  });
}

export function useSetBlocked(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => setBlocked(conversationId, blocked),
    onSuccess: (answer) => {
      queryClient.setQueryData(messageKeys.conversation(conversationId), answer);
      void queryClient.invalidateQueries({ queryKey: messageKeys.inbox });
    },
  });
}
