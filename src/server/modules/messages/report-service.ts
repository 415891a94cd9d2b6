/** Reporting a conversation to the team (docs/product.md "Messages", "Blocking and reporting"). */
import { messages as words } from '../../../shared/messages.js';
import type { ConversationReport, ReportConversationInput } from '../../../shared/schemas/conversations.js';
import type { Db } from '../../db/client.js';
import { conversationReports } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { participation } from './participants.js';

/**
 * POST /api/conversations/:id/report by account `userId`: reports the other participant, with `reason` (1–2 000
 * characters), to the team's queue (GET /api/admin/message-reports). Returns the report.
 * Errors: 404 not a participant; 409 (`messaging.alreadyReported`) the caller's earlier report of it is still open
 * (the database's one-open-report index).
 */
export async function reportConversation(db: Db, userId: string, conversationId: string, input: ReportConversationInput): Promise<ConversationReport> {
  const { otherUserId } = await participation(db, conversationId, userId);
  const [row] = await db
    .insert(conversationReports)
    .values({ conversationId, reporterId: userId, reportedId: otherUserId, reason: input.reason })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('CONFLICT', words.messaging.alreadyReported);
  return { id: row.id, conversationId, status: row.status, createdAt: row.createdAt.toISOString() };
}
