/**
 * The team's decision on a disputed session (docs/product.md "Disputes"), for src/server/modules/admin/dispute-resolution-service.ts,
 * and the same settlement for a no-show report nobody contested (docs/product.md "No-shows").
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../../../shared/messages.js';
import type { Tx } from '../../../db/client.js';
import { sessions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { outboxInsert } from '../../../infra/mail/outbox.js';
import { refundPayment, releasePayment } from '../../payments/service.js';
import type { SessionDeps } from '../deps.js';
import { cancellationEmails } from '../emails.js';
import { lockSession } from '../load-session.js';
import { partiesOf } from '../parties.js';
import type { SessionRow } from '../session-view.js';
import { clock } from '../../../clock.js';

/**
 * Settles the disputed session `id` inside the caller's `tx`, at `now`, by team member `actorId` with `note`:
 *   for the client: disputed → cancelled (cancelled_by 'team', reason = the note); `refundCents` (integer cents)
 *   of the held payment refunded, any rest released; for the expert: disputed → completed, the payment released.
 * 409 and nothing changes unless the session is disputed; 404 unknown session. Returns the session as it was
 * and the cents refunded.
 */
export async function settleDisputedSession(
  tx: Tx,
  deps: SettleDeps,
  id: string,
  outcome: SettleOutcome,
  actorId: string,
  note: string,
  now = clock.now(),
): Promise<{ session: SessionRow; refundedCents: number }> {
  const s = await lockSession(tx, id);
  if (s.status !== 'disputed') throw new AppError('CONFLICT', messages.session.badTransition);
  const refundedCents = await settleSession(tx, deps, s, outcome, actorId, `dispute decided for the ${outcome.decision}: ${note}`, note, now);
  return { session: s, refundedCents };
}

export type SettleOutcome = { decision: 'client'; refundCents: number } | { decision: 'expert' };

/** The payment processor, and where the cancellation e-mails' links point and who sends them. */
export type SettleDeps = Pick<SessionDeps, 'provider' | 'baseUrl' | 'mailFrom'>;

/**
 * Decides the locked session `s` inside `tx`, at `now` — a dispute decided by the team, or a no-show report nobody
 * contested (docs/product.md "Disputes", "No-shows"): for the client → cancelled (cancelled_by 'team', reason
 * `reason`), `refundCents` of the held payment refunded and any rest released, and both parties get the
 * cancellation with the invite's CANCEL (SEQUENCE raised; docs/product.md "E-mail"); for the expert → completed, the
 * payment released. `ledgerNote` goes on the payment event, `actorId` is the deciding user (null for a job).
 * Returns the cents refunded.
 */
export async function settleSession(
  tx: Tx,
  deps: SettleDeps,
  s: SessionRow,
  outcome: SettleOutcome,
  actorId: string | null,
  ledgerNote: string,
  reason: string,
  now: Date,
): Promise<number> {
  if (outcome.decision === 'expert') {
    await tx.update(sessions).set({ status: 'completed', completedAt: now, updatedAt: now }).where(eq(sessions.id, s.id));
    await releasePayment(tx, deps, s.id, actorId, ledgerNote);
    return 0;
  }
  await tx
    .update(sessions)
    .set({ status: 'cancelled', cancelledBy: 'team', cancelReason: reason, cancelledAt: now, inviteSequence: s.inviteSequence + 1, updatedAt: now })
    .where(eq(sessions.id, s.id));
  const refunded = await refundPayment(tx, deps, s.id, outcome.refundCents, actorId, ledgerNote);
  const mails = cancellationEmails({ ...s, inviteSequence: s.inviteSequence + 1 }, await partiesOf(tx, s), 'the Mentora team', reason, refunded, deps);
  if (mails.length) await outboxInsert(tx, mails);
  return refunded;
}
