/** GET /api/conversations/{id}: one conversation, with the other person and when they last read (docs/product.md "Messages"). */
import { useQuery } from '@tanstack/react-query';
import type { ConversationView } from '@shared/schemas/conversations';
import { api, retryUnlessRefused } from '../../../lib/api';
import { messageKeys } from '../../../lib/message-queries';

/** Throws ApiError (400 malformed id, 401 signed out, 404 not one of the caller's conversations). */
export function getConversation(id: string): Promise<{ conversation: ConversationView }> {
  return api<{ conversation: ConversationView }>(`/api/conversations/${encodeURIComponent(id)}`);
}

export function useConversation(id: string) {
  return useQuery({ queryKey: messageKeys.conversation(id), queryFn: () => getConversation(id), retry: retryUnlessRefused });
}
