/**
 * POST /api/conversations, the one place that opens a conversation (docs/product.md "Messages"): the "Message"
 * button on an expert's profile (`{ expertId }`) and the session page (`{ sessionId }`) both call it, then go to
 * /messages/{id}. The inbox is read again (a new conversation is listed). Shapes in src/shared/schemas/conversations.ts.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationView, StartConversationInput } from '@shared/schemas/conversations';
import { api } from './api';
import { messageKeys } from './message-queries';

/** Throws ApiError (401 signed out; 403 not a client, incomplete profile; 404 expert or session not found; 429 too many new experts today). */
export function startConversation(body: StartConversationInput): Promise<{ conversation: ConversationView }> {
  return api<{ conversation: ConversationView }>('/api/conversations', { method: 'POST', body });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: ({ conversation }) => {
      queryClient.setQueryData(messageKeys.conversation(conversation.id), { conversation });
      void queryClient.invalidateQueries({ queryKey: messageKeys.inbox });
    },
  });
}
