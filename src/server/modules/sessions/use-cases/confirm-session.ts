/** POST /api/sessions/{id}/confirm (docs/product.md "Sessions"): booked → confirmed, payment released. */
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import { canConfirm } from '../../../../shared/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { SessionDeps } from '../deps.js';
import { loadForParty, lockSession, viewForParty } from '../load-session.js';
import { refuseWhileNoShowOpen } from '../no-show-report.js';
import { confirmAndRelease, notNow, refuseUnlessClient } from '../transitions.js';
import { clock } from '../../../clock.js';

/**
 * The client confirms the session took place: client only, booked and past its end (at `now`). In one
 * transaction the session becomes confirmed, its held payment is released to the expert and the expert is
 * e-mailed. Returns the session as the client sees it. 403 (expert) / 404 / 409 when not allowed now.
 */
export async function confirmSession(deps: SessionDeps, user: CurrentUser, id: string, now = clock.now()): Promise<SessionView> {
  const { row, side } = await loadForParty(deps.db, user, id);
  refuseUnlessClient(side, row.session.status, 'confirm');
  await deps.db.transaction(async (tx) => {
    const s = await lockSession(tx, id);
    if (!canConfirm(s, now)) throw notNow(s);
    await refuseWhileNoShowOpen(tx, id);
    await confirmAndRelease(tx, deps, s, user.id, false, now);
  });
  return viewForParty(deps.db, user, id);
}
