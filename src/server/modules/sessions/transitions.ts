/**
 * The guards and steps the lifecycle use cases share (docs/product.md "Sessions", "Disputes"); who may do what
 * when is decided in src/shared/sessions.ts (canConfirm, canDispute, canCancel).
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import type { Tx } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import { releasePayment } from '../payments/service.js';
import type { SessionDeps } from './deps.js';
import { releaseEmail } from './emails.js';
import { emailOf, expertOf } from './parties.js';
import type { SessionRow } from './session-view.js';

/**
 * Confirming and reporting are the client's: refuses the expert with words for the expert (403), naming the
 * review under way when the session is already disputed.
 */
export function refuseUnlessClient(side: 'client' | 'expert', status: SessionRow['status'], action: 'confirm' | 'dispute'): void {
  if (side === 'client') return;
  if (status === 'disputed') throw new AppError('FORBIDDEN', messages.session.expertDisputed);
  throw new AppError('FORBIDDEN', action === 'confirm' ? messages.session.expertCannotConfirm : messages.session.expertCannotDispute);
}

/** The 409 for a transition that is not allowed now; a disputed session says the team is reviewing it. */
export function notNow(s: SessionRow): AppError {
  return new AppError('CONFLICT', s.status === 'disputed' ? messages.session.clientDisputed : messages.session.badTransition);
}

/**
 * booked → confirmed for the locked session `s` inside `tx`, at `now`: releases its payment to the expert (by
 * `actorId`, null for the auto-release job) and queues the expert's release notice for a paid session.
 */
export async function confirmAndRelease(tx: Tx, deps: SessionDeps, s: SessionRow, actorId: string | null, automatic: boolean, now: Date): Promise<void> {
  await tx.update(sessions).set({ status: 'confirmed', confirmedAt: now, updatedAt: now }).where(eq(sessions.id, s.id));
  await releasePayment(tx, deps, s.id, actorId, automatic ? 'auto-release 72 h after the session' : 'confirmed by the client');
  const expert = await expertOf(tx, s.expertId);
  const to = await emailOf(tx, expert.userId);
  if (to && s.totalAmountCents > 0) await enqueueEmail(tx, releaseEmail(s, { email: to }, deps.baseUrl, automatic));
}
