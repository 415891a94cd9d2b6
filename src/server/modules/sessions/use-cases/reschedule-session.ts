/** POST /api/sessions/{id}/reschedule (docs/product.md "Reschedule"): the client moves a booked session. */
import { messages } from '../../../../shared/messages.js';
import { canClientReschedule } from '../../../../shared/reschedule.js';
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { AppError } from '../../../errors.js';
import type { SessionDeps } from '../deps.js';
import { loadForParty, lockSession, viewForParty } from '../load-session.js';
import { moveSession } from '../move-session.js';
import { withdrawOpenProposal } from '../proposals.js';
import { clock } from '../../../clock.js';

/**
 * The client of session `id` moves it to start at `startsAt` (one of its free times, same duration) at `now`, while
 * the cancellation policy stored with it would still refund them in full (canClientReschedule). The payment stays
 * held as it is; both parties get the updated invite (moveSession); an open proposal of the expert's is withdrawn. Returns the session as the client sees it.
 * Errors: 403 the expert (who proposes instead) or another account; 404; 409 not allowed now (the reason in the
 * product's words) or the time was just taken / clashes with the client's other session; 422 not a free time.
 */
export async function rescheduleSession(deps: SessionDeps, user: CurrentUser, id: string, startsAt: Date, now = clock.now()): Promise<SessionView> {
  const { side } = await loadForParty(deps.db, user, id);
  if (side !== 'client') throw new AppError('FORBIDDEN', messages.reschedule.clientOnly);
  await deps.db.transaction(async (tx) => {
    const s = await lockSession(tx, id);
    const verdict = canClientReschedule(s, now);
    if (!verdict.allowed) throw new AppError('CONFLICT', verdict.reason);
    await moveSession(tx, deps, s, startsAt, 'client', now);
    // The expert's open proposal was for the old time: the client's own move answers it.
    await withdrawOpenProposal(tx, id, now);
  });
  return viewForParty(deps.db, user, id);
}
