/** POST /api/sessions/{id}/no-show/contest (docs/product.md "No-shows"): the party reported absent contests; the session becomes a dispute. */
import { eq } from 'drizzle-orm';
import { canContestNoShow, noShowMessages } from '../../../../shared/no-shows.js';
import type { NoShowView } from '../../../../shared/schemas/no-shows.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { disputes, noShowReports, sessions, user as userTable } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { enqueueEmail } from '../../../infra/mail/outbox.js';
import { heldCents } from '../../payments/service.js';
import type { SessionDeps } from '../deps.js';
import { loadForParty, lockSession } from '../load-session.js';
import { noShowContestedEmail } from '../no-show-emails.js';
import { mailFacts, reportOf, toNoShowView } from '../no-show-report.js';
import { emailOf, expertOf } from '../parties.js';
import { clock } from '../../../clock.js';

/**
 * The party reported absent contests the open report on session `id` at `now`, with `statement` (1–5000
 * characters), before the report's deadline (48 hours after it was made). In one transaction: the report is
 * contested, the session becomes disputed and a dispute opens in the team console (its description the reporter's
 * statement; both statements are shown there), the payment stays held, and the team and the reporter are e-mailed.
 * Returns the report. 403 not a party, or the reporter / 404 no session or no report / 409 closed or past the deadline.
 */
export async function contestNoShow(deps: SessionDeps, user: CurrentUser, id: string, statement: string, now = clock.now()): Promise<NoShowView> {
  const { side } = await loadForParty(deps.db, user, id);
  return deps.db.transaction(async (tx) => {
    const s = await lockSession(tx, id);
    const report = await reportOf(tx, id, true);
    if (!report) throw new AppError('NOT_FOUND', noShowMessages.noReport);
    if (side === report.reportedBy) throw new AppError('FORBIDDEN', noShowMessages.contestNotYours);
    if (!canContestNoShow(report, side, now) || s.status !== 'booked') throw new AppError('CONFLICT', noShowMessages.contestClosed);
    const [contested] = await tx
      .update(noShowReports)
      .set({ status: 'contested', contestStatement: statement, contestedAt: now, resolvedAt: now })
      .where(eq(noShowReports.id, report.id))
      .returning();
    await tx.update(sessions).set({ status: 'disputed', updatedAt: now }).where(eq(sessions.id, id));
    await tx.insert(disputes).values({ sessionId: id, clientId: s.clientId, description: report.statement, createdAt: now });
    const facts = { ...mailFacts(s, report, await heldCents(tx, id)), contestStatement: statement };
    const team = await tx.select({ email: userTable.email }).from(userTable).where(eq(userTable.role, 'admin'));
    for (const { email } of team) await enqueueEmail(tx, noShowContestedEmail(email, facts, `${deps.baseUrl}/admin`, true));
    const reporterId = report.reportedBy === 'client' ? s.clientId : (await expertOf(tx, s.expertId)).userId;
    const to = await emailOf(tx, reporterId);
    if (to) await enqueueEmail(tx, noShowContestedEmail(to, facts, `${deps.baseUrl}/session/${id}`, false));
    return toNoShowView(contested!);
  });
}
