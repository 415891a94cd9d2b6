/** POST /api/sessions/{id}/reschedule-proposals/{proposalId}/accept (docs/product.md "Reschedule proposals"): the session moves. */
import { messages } from '../../../../shared/messages.js';
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { AppError } from '../../../errors.js';
import type { SessionDeps } from '../deps.js';
import { moveSession } from '../move-session.js';
import { answerProposal, closeProposal } from '../proposals.js';
import { clock } from '../../../clock.js';

/**
 * The client of session `id` accepts the expert's open proposal `proposalId` at `now`: the session moves to the
 * proposed time the way the client's own move does (moveSession: the held payment stays with the session and nothing
 * is charged again; both parties get an e-mail with the updated invite; the move is recorded as made by the expert),
 * and the proposal is marked accepted. Returns the session as the client sees it. 403 the expert / 404 no such
 * session or proposal; 409 the proposal is closed or expired, or the session is no longer at the time it was made
 * for; 409 the new time now clashes for either party or is no longer a free time (nothing changes: the proposal
 * stays open).
 */
export async function acceptRescheduleProposal(deps: SessionDeps, user: CurrentUser, id: string, proposalId: string, now = clock.now()): Promise<SessionView> {
  return answerProposal(deps, user, id, proposalId, now, async (tx, s, p) => {
    try {
      await moveSession(tx, deps, s, p.proposedStartsAt, 'expert', now);
    } catch (err) {
      // The time was free when proposed: no longer one of the session's free times means it now clashes.
      if (err instanceof AppError && err.code === 'UNPROCESSABLE') throw new AppError('CONFLICT', messages.reschedule.notFree);
      throw err;
    }
    await closeProposal(tx, p.id, 'accepted', now);
  });
}
