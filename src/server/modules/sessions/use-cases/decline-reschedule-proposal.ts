/** POST /api/sessions/{id}/reschedule-proposals/{proposalId}/decline (docs/product.md "Reschedule proposals"): the session is cancelled. */
import { declinedProposalReason } from '../../../../shared/reschedule-proposals.js';
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { SessionDeps } from '../deps.js';
import { answerProposal, closeProposal } from '../proposals.js';
import { cancelLockedSession } from './cancel-session.js';
import { clock } from '../../../clock.js';

/**
 * The client of session `id` declines the expert's open proposal `proposalId` at `now`: the session is cancelled by
 * the client with the reason "Declined the expert's proposed new time" and the held payment refunded in full,
 * whatever the cancellation policy and however close the start (the expert asked for the change); both parties get
 * the cancellation with the invite's CANCEL (cancelLockedSession). The proposal is marked declined. Returns the
 * session as the client sees it. 403 the expert / 404 no such session or proposal; 409 the proposal is closed or
 * expired, or the session is no longer at the time it was made for.
 */
export async function declineRescheduleProposal(deps: SessionDeps, user: CurrentUser, id: string, proposalId: string, now = clock.now()): Promise<SessionView> {
  return answerProposal(deps, user, id, proposalId, now, async (tx, s, p) => {
    await closeProposal(tx, p.id, 'declined', now);
    await cancelLockedSession(tx, deps, s, { side: 'client', userId: user.id }, declinedProposalReason, s.totalAmountCents, now);
  });
}
