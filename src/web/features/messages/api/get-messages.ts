/**
 * GET /api/conversations/{id}/messages?before=: the conversation's messages, the newest page first, then older pages
 * as the reader scrolls up (docs/product.md "Messages"). Each page is oldest first; the next page is the one just
 * older than the first message of the last page read.
 */
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { MessagePage, MessageView } from '@shared/schemas/conversations';
import { api, retryUnlessRefused } from '../../../lib/api';
import { messageKeys } from '../../../lib/message-queries';

/** Throws ApiError (400 `before` not in this conversation, 401, 404 not the caller's conversation). */
export function getMessages(id: string, before: string | null): Promise<MessagePage> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return api<MessagePage>(`/api/conversations/${encodeURIComponent(id)}/messages${query}`);
}

export function useMessagePages(id: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.pages(id),
    queryFn: ({ pageParam }) => getMessages(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore && last.messages[0] ? last.messages[0].id : null),
    retry: retryUnlessRefused,
  });
}

/** Every message read so far, oldest first. */
export function allMessages(data: InfiniteData<MessagePage> | undefined): MessageView[] {
  return data ? [...data.pages].reverse().flatMap((page) => page.messages) : [];
}

/** Adds `message` at the end of the newest page read, unless it is there already (the stream and the send's answer both bring it). */
export function addMessage(queryClient: QueryClient, message: MessageView): void {
  queryClient.setQueryData<InfiniteData<MessagePage>>(messageKeys.pages(message.conversationId), (data) => {
    if (!data?.pages[0] || data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
  });
}
