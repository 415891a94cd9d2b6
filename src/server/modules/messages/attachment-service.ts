/**
 * Who may download a message's attachment (docs/product.md "Messages"; docs/security.md "Messages"): the two
 * participants of the conversation it was sent in, and the team (actsAsTeam) once that conversation is reported —
 * each such read by the team written to the audit log, like its views of the report.
 */
import { eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../auth/plugin.js';
import { actsAsTeam } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { conversations, experts, messages } from '../../db/schema.js';
import { recordAudit } from '../admin/audit-service.js';

/**
 * Whether `viewer` may read file `fileId`, sent as a message's attachment (false when no message carries it). A team
 * member who is not a participant reads it only when the conversation is reported, recorded as
 * 'message-report.attachment' (the conversation, with the file) before the answer.
 */
export async function mayReadAttachment(db: Db, viewer: CurrentUser, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({
      conversationId: conversations.id,
      clientId: conversations.clientId,
      expertUserId: experts.userId,
      reported: sql<boolean>`exists (select 1 from conversation_reports r where r.conversation_id = ${conversations.id})`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(experts, eq(experts.id, conversations.expertId))
    .where(eq(messages.attachmentFileId, fileId));
  if (!row) return false;
  if (viewer.id === row.clientId || viewer.id === row.expertUserId) return true;
  if (!row.reported || !actsAsTeam(viewer)) return false;
  await db.transaction((tx) =>
    recordAudit(tx, { actorId: viewer.id, action: 'message-report.attachment', targetType: 'conversation', targetId: row.conversationId, detail: { fileId } }),
  );
  return true;
}
