/** The team's decision on a disputed session (docs/product.md "Disputes"), for src/server/modules/admin/dispute-resolution-service.ts. */
import { eq } from 'drizzle-orm';
import { messages } from '../../../../shared/messages.js';
import type { Tx } from '../../../db/client.js';
import { sessions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import type { PaymentProvider } from '../../../infra/payments/provider.js';
import { refundPayment, releasePayment } from '../../payments/service.js';
import { lockSession } from '../load-session.js';
import type { SessionRow } from '../session-view.js';

/**
 * Settles the disputed session `id` inside the caller's `tx`, at `now`, by team member `actorId` with `note`:
 *   for the client: disputed → cancelled (cancelled_by 'team', reason = the note); `refundCents` (integer cents)
 *   of the held payment refunded, any rest released; for the expert: disputed → completed, the payment released.
 * 409 and nothing changes unless the session is disputed; 404 unknown session. Returns the session as it was
 * and the cents refunded.
 */
export async function settleDisputedSession(
  tx: Tx,
  provider: PaymentProvider,
  id: string,
  outcome: { decision: 'client'; refundCents: number } | { decision: 'expert' },
  actorId: string,
  note: string,
  now = new Date(),
): Promise<{ session: SessionRow; refundedCents: number }> {
  const s = await lockSession(tx, id);
  if (s.status !== 'disputed') throw new AppError('CONFLICT', messages.session.badTransition);
  if (outcome.decision === 'expert') {
    await tx.update(sessions).set({ status: 'completed', completedAt: now, updatedAt: now }).where(eq(sessions.id, id));
    await releasePayment(tx, provider, id, actorId, `dispute decided for the expert: ${note}`);
    return { session: s, refundedCents: 0 };
  }
  await tx.update(sessions).set({ status: 'cancelled', cancelledBy: 'team', cancelReason: note, cancelledAt: now, updatedAt: now }).where(eq(sessions.id, id));
  const refundedCents = await refundPayment(tx, provider, id, outcome.refundCents, actorId, `dispute decided for the client: ${note}`);
  return { session: s, refundedCents };
}
