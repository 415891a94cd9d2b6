/** POST /api/admin/inbox/{kind}/{id}/replies: the team's e-mail reply to an inbox message (docs/product.md "Team console"). */
import type { InboxKind } from '@shared/admin';
import type { InboxItem, InboxReplyInput } from '@shared/schemas/admin';
import { api } from '../../../lib/api';
import { useAdminAction } from './admin-cache';

/** Sends `message` to the message's sender and answers the kept reply (createdAt UTC ISO-8601). Throws ApiError (400, 404, 409). */
export function replyToInbox(v: { kind: InboxKind; id: string } & InboxReplyInput): Promise<InboxItem['replies'][number]> {
  return api<InboxItem['replies'][number]>(`/api/admin/inbox/${v.kind}/${encodeURIComponent(v.id)}/replies`, {
    method: 'POST',
    body: { message: v.message },
  });
}

export const useReplyToInbox = () => useAdminAction(replyToInbox);
