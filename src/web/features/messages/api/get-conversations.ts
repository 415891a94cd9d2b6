/** GET /api/conversations: the signed-in account's inbox, the most recent first (docs/product.md "Messages"). */
import { useQuery } from '@tanstack/react-query';
import type { ConversationList } from '@shared/schemas/conversations';
import { api, retryUnlessRefused } from '../../../lib/api';
import { messageKeys } from '../../../lib/message-queries';

/** Throws ApiError (401 signed out). */
export function getConversations(): Promise<ConversationList> {
  return api<ConversationList>('/api/conversations');
}

/** Kept current by the live stream (use-message-stream.ts), which reads it again on every event. */
export function useConversations() {
  return useQuery({ queryKey: messageKeys.inbox, queryFn: getConversations, retry: retryUnlessRefused });
}
