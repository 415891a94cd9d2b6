/**
 * Who may download a message's attachment (docs/product.md "Messages"; docs/security.md "Messages"): the two
 * participants of the conversation it was sent in, and the team (actsAsTeam) once that conversation is reported.
 */
import { eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../auth/plugin.js';
import { actsAsTeam } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { conversations, experts, messages } from '../../db/schema.js';

/** Whether `viewer` may read file `fileId`, sent as a message's attachment (false when no message carries it). */
export async function mayReadAttachment(db: Db, viewer: CurrentUser, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({
      clientId: conversations.clientId,
      expertUserId: experts.userId,
      reported: sql<boolean>`exists (select 1 from conversation_reports r where r.conversation_id = ${conversations.id})`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(experts, eq(experts.id, conversations.expertId))
    .where(eq(messages.attachmentFileId, fileId));
  if (!row) return false;
  return viewer.id === row.clientId || viewer.id === row.expertUserId || (row.reported && actsAsTeam(viewer));
}
