/**
 * Who may read and write a conversation (docs/security.md "Messages"): its client and its expert's account, nobody
 * else — not the team either. Anyone else is told the conversation does not exist (404), so ids reveal nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { messages as words } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/client.js';
import { conversations, experts, user } from '../../db/schema.js';
import { AppError } from '../../errors.js';

export type Side = 'client' | 'expert';

/**
 * A conversation with both participants' account ids, which side the reader is on, and whether the team suspended
 * the reader's messaging (read in the same query, so a send asks once).
 */
export type Participation = {
  conversation: typeof conversations.$inferSelect;
  expertUserId: string;
  side: Side;
  otherUserId: string;
  suspended: boolean;
};

/**
 * Conversation `id` as account `userId` takes part in it — locked until `tx` ends when `lock` (a send or a read
 * receipt). AppError NOT_FOUND (404, `messaging.notFound`) when it does not exist or `userId` is not one of its two
 * participants.
 */
export async function participation(tx: Db | Tx, id: string, userId: string, lock = false): Promise<Participation> {
  const query = tx
    .select({
      conversation: conversations,
      expertUserId: experts.userId,
      suspended: sql<boolean>`exists (select 1 from ${user} u where u.id = ${userId} and u.messaging_suspended_at is not null)`,
    })
    .from(conversations)
    .innerJoin(experts, eq(experts.id, conversations.expertId))
    .where(eq(conversations.id, id));
  const [row] = lock ? await query.for('update', { of: conversations }) : await query;
  if (!row) throw new AppError('NOT_FOUND', words.messaging.notFound);
  const { conversation, expertUserId, suspended } = row;
  if (conversation.clientId === userId) return { conversation, expertUserId, suspended, side: 'client', otherUserId: expertUserId };
  if (expertUserId === userId) return { conversation, expertUserId, suspended, side: 'expert', otherUserId: conversation.clientId };
  throw new AppError('NOT_FOUND', words.messaging.notFound);
}

/** The other side of `side`. */
export const otherSide = (side: Side): Side => (side === 'client' ? 'expert' : 'client');

/** Per side, the `conversations` columns of its unread count, its read time and the newest message e-mailed to it. */
export const unreadColumn = { client: 'clientUnread', expert: 'expertUnread' } as const;
export const readAtColumn = { client: 'clientReadAt', expert: 'expertReadAt' } as const;
export const emailedAtColumn = { client: 'clientEmailedAt', expert: 'expertEmailedAt' } as const;
export const blockedAtColumn = { client: 'clientBlockedAt', expert: 'expertBlockedAt' } as const;
