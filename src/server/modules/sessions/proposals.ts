/** Reading and closing a session's reschedule proposals inside a use case's transaction (docs/product.md "Reschedule proposals"). */
import { and, eq } from 'drizzle-orm';
import { canAnswer, proposalMessages } from '../../../shared/reschedule-proposals.js';
import type { SessionView } from '../../../shared/schemas/sessions.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Tx } from '../../db/client.js';
import { rescheduleProposals } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { SessionDeps } from './deps.js';
import { loadForParty, lockSession, viewForParty } from './load-session.js';
import type { ProposalRow, SessionRow } from './session-view.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Proposal `proposalId` of session `sessionId`, locked FOR UPDATE (after the session, the order every use case takes). 404 'Proposal not found'. */
export async function lockProposal(tx: Tx, sessionId: string, proposalId: string): Promise<ProposalRow> {
  if (!uuidPattern.test(proposalId)) throw new AppError('NOT_FOUND', proposalMessages.notFound);
  const [row] = await tx
    .select()
    .from(rescheduleProposals)
    .where(and(eq(rescheduleProposals.id, proposalId), eq(rescheduleProposals.sessionId, sessionId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', proposalMessages.notFound);
  return row;
}

/** Closes proposal `id` as `status` at `now`; only an open one changes (answered_at is set with it). */
export async function closeProposal(tx: Tx, id: string, status: 'accepted' | 'declined' | 'expired' | 'withdrawn', now: Date): Promise<void> {
  await tx
    .update(rescheduleProposals)
    .set({ status, answeredAt: now })
    .where(and(eq(rescheduleProposals.id, id), eq(rescheduleProposals.status, 'open')));
}

/** Withdraws the session's open proposal, if any (a new proposal replaces it). */
export async function withdrawOpenProposal(tx: Tx, sessionId: string, now: Date): Promise<void> {
  await tx
    .update(rescheduleProposals)
    .set({ status: 'withdrawn', answeredAt: now })
    .where(and(eq(rescheduleProposals.sessionId, sessionId), eq(rescheduleProposals.status, 'open')));
}

/**
 * The frame of the client's answer to proposal `proposalId` of session `id` at `now`: only the client answers (403
 * otherwise); in one transaction the session and then the proposal are locked, the proposal must still be answerable
 * (open, not expired, the session booked at the time it was made for: else 409) and `answer` does the rest. Returns
 * the session as the client sees it afterwards. 404 no such session or proposal.
 */
export async function answerProposal(
  deps: SessionDeps,
  user: CurrentUser,
  id: string,
  proposalId: string,
  now: Date,
  answer: (tx: Tx, s: SessionRow, p: ProposalRow) => Promise<void>,
): Promise<SessionView> {
  const { side } = await loadForParty(deps.db, user, id);
  if (side !== 'client') throw new AppError('FORBIDDEN', proposalMessages.onlyClient);
  await deps.db.transaction(async (tx) => {
    const s = await lockSession(tx, id);
    const p = await lockProposal(tx, id, proposalId);
    if (!canAnswer(p, s, side, now)) throw new AppError('CONFLICT', proposalMessages.closed);
    await answer(tx, s, p);
  });
  return viewForParty(deps.db, user, id);
}
