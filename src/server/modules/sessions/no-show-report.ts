/** What the no-show use cases share (docs/product.md "No-shows"): reading a session's report and shaping it for the API and the e-mails. */
import { eq } from 'drizzle-orm';
import { noShowMessages } from '../../../shared/no-shows.js';
import type { NoShowView } from '../../../shared/schemas/no-shows.js';
import type { Db, Tx } from '../../db/client.js';
import { noShowReports } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { NoShowMailFacts } from './no-show-emails.js';
import type { SessionRow } from './session-view.js';

export type NoShowRow = typeof noShowReports.$inferSelect;

/** The report on session `sessionId`, or null; `lock` takes it FOR UPDATE for a change. */
export async function reportOf(db: Db | Tx, sessionId: string, lock = false): Promise<NoShowRow | null> {
  const query = db.select().from(noShowReports).where(eq(noShowReports.sessionId, sessionId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The API shape of a report: times as UTC ISO strings. */
export function toNoShowView(r: NoShowRow): NoShowView {
  return {
    id: r.id,
    sessionId: r.sessionId,
    reportedBy: r.reportedBy,
    statement: r.statement,
    status: r.status,
    respondBy: r.respondBy.toISOString(),
    contestStatement: r.contestStatement,
    contestedAt: r.contestedAt?.toISOString() ?? null,
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The facts the no-show e-mails need; `amountCents` the held payment (0 for a free intro). */
export function mailFacts(s: SessionRow, r: Pick<NoShowRow, 'reportedBy' | 'statement'>, amountCents: number): NoShowMailFacts {
  return { sessionId: s.id, clientName: s.clientName, expertName: s.expertName, topic: s.topic, reportedBy: r.reportedBy, statement: r.statement, amountCents };
}

/**
 * Confirming and reporting an issue wait while a no-show report on session `sessionId` is open: the report is settled
 * by its own rules (docs/product.md "No-shows"). 409 with the product's words.
 */
export async function refuseWhileNoShowOpen(tx: Tx, sessionId: string): Promise<void> {
  const report = await reportOf(tx, sessionId);
  if (report?.status === 'open') throw new AppError('CONFLICT', noShowMessages.reportOpen);
}
