/** Job: no-show reports nobody contested within 48 hours are settled for their reporter (docs/product.md "No-shows"; docs/architecture.md "Jobs"). */
import { and, eq, lte } from 'drizzle-orm';
import { uncontestedOutcome } from '../../../../shared/no-shows.js';
import { noShowReports, sessions } from '../../../db/schema.js';
import { enqueueEmail } from '../../../infra/mail/outbox.js';
import { heldCents } from '../../payments/service.js';
import type { SessionDeps } from '../deps.js';
import { noShowSettledEmail } from '../no-show-emails.js';
import { handleEachClaimed } from '../claimed-items.js';
import { mailFacts } from '../no-show-report.js';
import { emailOf, expertOf } from '../parties.js';
import { settleSession } from './settle-dispute.js';
import { clock } from '../../../clock.js';

/**
 * Open reports whose contest deadline passed by `now` are upheld, at most `batch` per call: the client reported →
 * the session is cancelled and the held payment refunded in full; the expert reported → the session is completed
 * and the payment released (the settlement of a dispute, settle-dispute.ts). Each party gets one e-mail: the
 * cancellation (with the invite's CANCEL) or the settlement notice. Claims the
 * sessions with FOR UPDATE SKIP LOCKED (session first, then report, the order the contest takes), so several
 * servers can run it at once; each report is settled in a savepoint of its own, and one the provider refuses
 * stays open while the others go through (the job then throws an AggregateError naming them). Returns how many
 * were settled.
 */
export async function settleDueNoShows(deps: SessionDeps, now = clock.now(), batch = 50): Promise<number> {
  return handleEachClaimed(
    deps.db,
    'no-show settlement',
    (tx) =>
      tx
        .select({ session: sessions, report: noShowReports })
        .from(noShowReports)
        .innerJoin(sessions, eq(sessions.id, noShowReports.sessionId))
        .where(and(eq(noShowReports.status, 'open'), lte(noShowReports.respondBy, now), eq(sessions.status, 'booked')))
        .orderBy(noShowReports.respondBy)
        .limit(batch)
        .for('update', { of: sessions, skipLocked: true }),
    ({ session }) => session.id,
    async (item, { session: s, report }) => {
      // Upheld before the session moves: the database refuses to complete a session with an open report.
      await item.update(noShowReports).set({ status: 'upheld', resolvedAt: now }).where(eq(noShowReports.id, report.id));
      const held = await heldCents(item, s.id);
      const note = `${report.reportedBy === 'client' ? 'The expert' : 'The client'} did not attend (no-show report not contested within 48 hours)`;
      const outcome = uncontestedOutcome(report.reportedBy) === 'refund' ? { decision: 'client' as const, refundCents: held } : { decision: 'expert' as const };
      await settleSession(item, deps, s, outcome, null, `no-show uncontested: ${note}`, note, now);
      // A refund cancels the session, and its cancellation e-mail (the reason, the refund, the invite's CANCEL) is
      // the one e-mail each party gets; a release changes no calendar, so the settlement notice says it.
      if (outcome.decision === 'client') return;
      const facts = mailFacts(s, report, held);
      for (const userId of [s.clientId, (await expertOf(item, s.expertId)).userId]) {
        const to = await emailOf(item, userId);
        if (to) await enqueueEmail(item, noShowSettledEmail(to, facts, deps.baseUrl));
      }
    },
  );
}
