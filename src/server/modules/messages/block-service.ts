/**
 * Blocking (docs/product.md "Messages", "Blocking and reporting"): either participant blocks the other in their
 * conversation; the blocked side can no longer send there (send-rules.ts) and is told so; the blocker can unblock.
 * Both sides' open pages learn a block or unblock at once over their streams (a `block` event).
 */
import { eq, sql } from 'drizzle-orm';
import type { ConversationView } from '../../../shared/schemas/conversations.js';
import type { Db } from '../../db/client.js';
import { conversations } from '../../db/schema.js';
import { getConversation } from './conversation-service.js';
import { blockedAtColumn, otherSide, participation } from './participants.js';
import { appendEvents, lockStreams } from './stream-events.js';

/**
 * POST (`blocked` true) and DELETE (false) /api/conversations/:id/block by account `userId`: sets or clears its side's
 * block (blocking again keeps the first time, and changes nothing, so nobody is told). Returns the conversation as the
 * caller sees it. Errors: 404 (`messaging.notFound`) not a participant.
 */
export async function setBlocked(db: Db, userId: string, conversationId: string, blocked: boolean): Promise<ConversationView> {
  await db.transaction(async (tx) => {
    const { conversation, side, otherUserId } = await participation(tx, conversationId, userId, true);
    if ((conversation[blockedAtColumn[side]] !== null) === blocked) return;
    const column = conversations[blockedAtColumn[side]];
    await tx
      .update(conversations)
      .set({ [blockedAtColumn[side]]: blocked ? sql`coalesce(${column}, now())` : null })
      .where(eq(conversations.id, conversationId));
    const otherBlocked = conversation[blockedAtColumn[otherSide(side)]] !== null;
    await lockStreams(tx, [userId, otherUserId]);
    await appendEvents(tx, [
      { userId, event: { kind: 'block', conversationId, blocked: { byMe: blocked, byOther: otherBlocked } } },
      { userId: otherUserId, event: { kind: 'block', conversationId, blocked: { byMe: otherBlocked, byOther: blocked } } },
    ]);
  });
  return getConversation(db, userId, conversationId);
}
