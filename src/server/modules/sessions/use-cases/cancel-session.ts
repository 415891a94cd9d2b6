/** POST /api/sessions/{id}/cancel (docs/product.md "Sessions", "Cancellation policies"): booked → cancelled. */
import { eq } from 'drizzle-orm';
import { messages } from '../../../../shared/messages.js';
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import { canCancel, refundCents } from '../../../../shared/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { sessions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { outboxInsert } from '../../../infra/mail/outbox.js';
import { refundPayment } from '../../payments/service.js';
import type { SessionDeps } from '../deps.js';
import { cancellationEmails } from '../emails.js';
import { loadForParty, lockSession, viewForParty } from '../load-session.js';
import { partiesOf } from '../parties.js';

/**
 * The client or the expert cancels a booked session before its start (at `now`) with `reason`. The client's
 * refund (integer cents) follows the cancellation policy stored with the session at booking (an expert's later
 * change does not apply: docs/security.md, "Policy change after booking"); an expert's cancellation refunds in
 * full; the rest of a held payment is released. Both parties get an e-mail in their own zone with the invite's
 * CANCEL (SEQUENCE raised), all in one transaction; the slot is then free. Returns the session as the caller sees
 * it. 403 / 404; 409 when not booked or already started.
 */
export async function cancelSession(deps: SessionDeps, user: CurrentUser, id: string, reason: string, now = new Date()): Promise<SessionView> {
  const { side } = await loadForParty(deps.db, user, id);
  await deps.db.transaction(async (tx) => {
    const s = await lockSession(tx, id);
    if (!canCancel(s, now)) throw new AppError('CONFLICT', messages.session.badTransition);
    const refund = refundCents({ amountCents: s.totalAmountCents, policy: s.cancellationPolicy, cancelledBy: side, startsAt: s.startsAt, now });
    await tx
      .update(sessions)
      .set({ status: 'cancelled', cancelledBy: side, cancelReason: reason, cancelledAt: now, inviteSequence: s.inviteSequence + 1, updatedAt: now })
      .where(eq(sessions.id, id));
    const refunded = await refundPayment(tx, deps.provider, id, refund, user.id, `cancelled by the ${side}: ${reason}`);
    const by = side === 'client' ? s.clientName : s.expertName;
    const mails = cancellationEmails({ ...s, inviteSequence: s.inviteSequence + 1 }, await partiesOf(tx, s), by, reason, refunded, deps);
    if (mails.length) await outboxInsert(tx, mails);
  });
  return viewForParty(deps.db, user, id);
}
