/** GET /api/messages/unread: how many messages the signed-in account has not read (the header's count; docs/product.md "Messages"). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { messageKeys } from '../../../lib/message-queries';

/** Throws ApiError (401 signed out). */
export function getUnread(): Promise<{ unread: number }> {
  return api<{ unread: number }>('/api/messages/unread');
}

/** Idle while signed out; the live stream sets it on every event. */
export function useUnreadCount(signedIn: boolean) {
  return useQuery({ queryKey: messageKeys.unread, queryFn: getUnread, enabled: signedIn, retry: false });
}
