/**
 * The team's side of conversation reports (docs/product.md "Messages", "Blocking and reporting"; "Team console"): the
 * queue, the reported conversation read-only — every view written to the audit log —, dismissing a report and
 * suspending the reported account's messaging. Only the team calls these (report-routes.ts guards them).
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messages as words } from '../../../shared/messages.js';
import type { MessageReportDetail, MessageReportView } from '../../../shared/schemas/conversations.js';
import type { Db, Tx } from '../../db/client.js';
import { conversationReports, conversations, experts, files, messages, user } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { recordAudit, type Page, type PageQuery } from '../admin/audit-service.js';
import { attachmentView } from './message-service.js';

const reporter = alias(user, 'reporter');
const reported = alias(user, 'reported');
/** The reported conversation's newest messages shown at most. */
const shownMessages = 500;

/** The reports matching `where`, with both people's names (an expert's public name, a client's first and last name). */
async function reportViews(
  db: Db | Tx,
  where: ReturnType<typeof and>,
  order: 'oldest' | 'newest',
  { page, pageSize }: PageQuery = { page: 1, pageSize: 1 },
): Promise<MessageReportView[]> {
  const rows = await db
    .select({ r: conversationReports, clientId: conversations.clientId, expertName: experts.name, reporter, reported })
    .from(conversationReports)
    .innerJoin(conversations, eq(conversations.id, conversationReports.conversationId))
    .innerJoin(experts, eq(experts.id, conversations.expertId))
    .innerJoin(reporter, eq(reporter.id, conversationReports.reporterId))
    .innerJoin(reported, eq(reported.id, conversationReports.reportedId))
    .where(where)
    .orderBy(order === 'oldest' ? asc(conversationReports.createdAt) : desc(conversationReports.createdAt), asc(conversationReports.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const person = (u: typeof user.$inferSelect, clientId: string, expertName: string) => {
    const role = u.id === clientId ? ('client' as const) : ('expert' as const);
    const name = role === 'expert' ? expertName : [u.firstName, u.lastName].filter(Boolean).join(' ') || words.account.deletedName;
    return { id: u.id, name, email: u.email, role };
  };
  return rows.map(({ r, clientId, expertName, reporter, reported }) => ({
    id: r.id,
    conversationId: r.conversationId,
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    handledAt: r.handledAt?.toISOString() ?? null,
    reporter: person(reporter, clientId, expertName),
    reported: { ...person(reported, clientId, expertName), messagingSuspended: reported.messagingSuspendedAt !== null },
  }));
}

/** GET /api/admin/message-reports: a page of open reports (the queue, oldest first) or of handled ones (newest first). */
export async function listMessageReports(db: Db, q: PageQuery & { status: 'open' | 'handled' }): Promise<Page<MessageReportView>> {
  const where = q.status === 'open' ? eq(conversationReports.status, 'open') : inArray(conversationReports.status, ['dismissed', 'suspended']);
  const items = await reportViews(db, where, q.status === 'open' ? 'oldest' : 'newest', q);
  const [total] = await db.select({ n: count() }).from(conversationReports).where(where);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** Report `id`, or AppError NOT_FOUND (404, `messaging.reportNotFound`). */
async function reportById(db: Db | Tx, id: string): Promise<MessageReportView> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND', words.messaging.reportNotFound);
  const [view] = await reportViews(db, eq(conversationReports.id, id), 'oldest');
  if (!view) throw new AppError('NOT_FOUND', words.messaging.reportNotFound);
  return view;
}

/**
 * GET /api/admin/message-reports/:id by team member `adminId`: the report and its conversation's last 500 messages,
 * oldest first, read-only, each with its attachment (downloadable by the team while the conversation is reported,
 * each download audited too: attachment-service.ts). Each view is written to the audit log ('message-report.view', the conversation) in the same
 * transaction, so nobody reads a conversation unrecorded. Errors: 404 unknown report.
 */
export async function viewMessageReport(db: Db, adminId: string, id: string): Promise<MessageReportDetail> {
  return db.transaction(async (tx) => {
    const report = await reportById(tx, id);
    const rows = await tx
      .select({ id: messages.id, body: messages.body, sentAt: messages.createdAt, senderRole: messages.senderRole, file: files })
      .from(messages)
      .leftJoin(files, eq(files.id, messages.attachmentFileId))
      .where(eq(messages.conversationId, report.conversationId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(shownMessages);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'message-report.view',
      targetType: 'conversation',
      targetId: report.conversationId,
      detail: { reportId: id },
    });
    return { report, messages: rows.reverse().map(({ file, ...m }) => ({ ...m, sentAt: m.sentAt.toISOString(), attachment: attachmentView(file) })) };
  });
}

/**
 * POST /api/admin/message-reports/:id/dismiss (`outcome` dismissed) and …/suspend (suspended) by team member
 * `adminId`: closes the open report; `suspended` also suspends the reported account's messaging (it can then neither
 * send nor start conversations, send-rules.ts). Audited ('message-report.dismiss' / 'message-report.suspend').
 * Errors: 404 unknown report; 409 (`messaging.reportHandled`) already handled.
 */
export async function handleMessageReport(db: Db, adminId: string, id: string, outcome: 'dismissed' | 'suspended'): Promise<MessageReportView> {
  await db.transaction(async (tx) => {
    const report = await reportById(tx, id);
    const [closed] = await tx
      .update(conversationReports)
      .set({ status: outcome, handledAt: sql`now()`, handledBy: adminId })
      .where(and(eq(conversationReports.id, id), eq(conversationReports.status, 'open')))
      .returning({ id: conversationReports.id });
    if (!closed) throw new AppError('CONFLICT', words.messaging.reportHandled);
    if (outcome === 'suspended')
      await tx
        .update(user)
        .set({ messagingSuspendedAt: sql`coalesce(${user.messagingSuspendedAt}, now())` })
        .where(eq(user.id, report.reported.id));
    await recordAudit(tx, {
      actorId: adminId,
      action: outcome === 'suspended' ? 'message-report.suspend' : 'message-report.dismiss',
      targetType: outcome === 'suspended' ? 'user' : 'conversation',
      targetId: outcome === 'suspended' ? report.reported.id : report.conversationId,
      detail: { reportId: id },
    });
  });
  return reportById(db, id);
}
