/** POST /api/sessions/{id}/dispute (docs/product.md "Sessions", "Disputes"): booked → disputed. */
import { eq } from 'drizzle-orm';
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import { canDispute } from '../../../../shared/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { disputes, sessions, user as userTable } from '../../../db/schema.js';
import { enqueueEmail } from '../../../infra/mail/outbox.js';
import { actionEmail } from '../../../infra/mail/templates.js';
import { securePayment } from '../../payments/service.js';
import type { SessionDeps } from '../deps.js';
import { loadForParty, lockSession, viewForParty } from '../load-session.js';
import { refuseWhileNoShowOpen } from '../no-show-report.js';
import { notNow, refuseUnlessClient } from '../transitions.js';
import { clock } from '../../../clock.js';

/**
 * The client reports an issue with a booked session that has started (at `now`), with `description` (may be
 * empty). In one transaction: the session becomes disputed, the report is stored, the payment stays held (an
 * authorisation is charged now so the team's decision may come after it would lapse) and every team member is
 * e-mailed. Returns the session as the client sees it. 403 (expert) / 404 / 409 when not allowed now.
 */
export async function disputeSession(deps: SessionDeps, user: CurrentUser, id: string, description: string, now = clock.now()): Promise<SessionView> {
  const { row, side } = await loadForParty(deps.db, user, id);
  refuseUnlessClient(side, row.session.status, 'dispute');
  await deps.db.transaction(async (tx) => {
    const s = await lockSession(tx, id);
    if (!canDispute(s, now)) throw notNow(s);
    await refuseWhileNoShowOpen(tx, id);
    await tx.update(sessions).set({ status: 'disputed', updatedAt: now }).where(eq(sessions.id, id));
    await tx.insert(disputes).values({ sessionId: id, clientId: user.id, description });
    await securePayment(tx, deps.provider, id);
    const team = await tx.select({ email: userTable.email }).from(userTable).where(eq(userTable.role, 'admin'));
    for (const { email: to } of team) {
      await enqueueEmail(
        tx,
        actionEmail({
          to,
          subject: `Dispute reported: ${s.clientName} with ${s.expertName}`,
          paragraphs: [
            `${s.clientName} reported an issue with their session.`,
            `Report: ${description || '(no details given)'}`,
            'Please review within 24 hours.',
          ],
          actionLabel: 'Open the team console',
          url: `${deps.baseUrl}/admin`,
        }),
      );
    }
  });
  return viewForParty(deps.db, user, id);
}
