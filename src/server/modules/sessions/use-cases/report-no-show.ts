/** POST /api/sessions/{id}/no-show (docs/product.md "No-shows"): a party reports that the other did not attend. */
import { eq } from 'drizzle-orm';
import { canReportNoShow, contestDeadline, noShowMessages } from '../../../../shared/no-shows.js';
import type { NoShowView } from '../../../../shared/schemas/no-shows.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { noShowReports, sessions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { enqueueEmail } from '../../../infra/mail/outbox.js';
import { securePayment, heldCents } from '../../payments/service.js';
import type { SessionDeps } from '../deps.js';
import { loadForParty, lockSession } from '../load-session.js';
import { noShowReportedEmail } from '../no-show-emails.js';
import { mailFacts, reportOf, toNoShowView } from '../no-show-report.js';
import { emailOf, expertOf } from '../parties.js';
import { clock } from '../../../clock.js';

/**
 * `user`, the client or the expert of booked session `id`, reports at `now` that the other party did not attend,
 * with `statement` (may be empty, ≤ 5000 characters). Allowed from the session's end until 48 hours after it. In one
 * transaction: the report is stored with its contest deadline (48 hours), the payment stays held (an authorisation
 * is charged now so the settlement may come after it would lapse) and the party named absent is e-mailed.
 * While the report is open nobody can confirm the session and the auto-release skips it.
 * Returns the report. 403 not a party / 404 / 409 outside the window, not booked, or already reported.
 */
export async function reportNoShow(deps: SessionDeps, user: CurrentUser, id: string, statement: string, now = clock.now()): Promise<NoShowView> {
  const { side } = await loadForParty(deps.db, user, id);
  return deps.db.transaction(async (tx) => {
    const s = await lockSession(tx, id);
    if (await reportOf(tx, id)) throw new AppError('CONFLICT', noShowMessages.already);
    if (!canReportNoShow(s, now)) throw new AppError('CONFLICT', noShowMessages.notNow);
    const [report] = await tx
      .insert(noShowReports)
      .values({ sessionId: id, reportedBy: side, reporterId: user.id, statement, respondBy: contestDeadline(now), createdAt: now })
      .returning();
    // The session's own row changes too, so kept session lists (src/server/cache/) are dropped and re-read.
    await tx.update(sessions).set({ updatedAt: now }).where(eq(sessions.id, id));
    await securePayment(tx, deps.provider, id);
    const absentUserId = side === 'client' ? (await expertOf(tx, s.expertId)).userId : s.clientId;
    const to = await emailOf(tx, absentUserId);
    if (to) await enqueueEmail(tx, noShowReportedEmail(to, mailFacts(s, report!, await heldCents(tx, id)), deps.baseUrl));
    return toNoShowView(report!);
  });
}
