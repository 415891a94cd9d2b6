/** Cancelling a suspended account's booked sessions in one action (docs/product.md "Team console", "People"). */
import { messages } from '../../../shared/messages.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { cancelSessionForTeam } from '../sessions/use-cases/cancel-session-for-team.js';
import type { SettleDeps } from '../sessions/use-cases/settle-dispute.js';
import { recordAudit } from './audit-service.js';
import { bookedSessionIdsOf, findUser } from './user-directory-service.js';
import { clock } from '../../clock.js';

/**
 * Cancels every booked, not yet started session of the suspended account `id` (as client or as expert), each refunded
 * in full and both parties e-mailed with `reason`, in one transaction with one audit row listing them. Returns how many
 * were cancelled and the cents refunded; a repeat finds none and answers 0. 404 unknown account; 409 'This account is
 * not suspended'.
 */
export async function cancelBookedSessionsOf(
  db: Db,
  deps: SettleDeps,
  admin: CurrentUser,
  id: string,
  reason: string,
  now = clock.now(),
): Promise<{ cancelled: number; refundedCents: number }> {
  return db.transaction(async (tx) => {
    const { u, expert } = await findUser(tx, id, true);
    if (!u.suspendedAt) throw new AppError('CONFLICT', messages.admin.notSuspended);
    const cancelled: string[] = [];
    let refundedCents = 0;
    for (const sessionId of await bookedSessionIdsOf(tx, u.id, expert?.id ?? null, now)) {
      const refunded = await cancelSessionForTeam(tx, deps, sessionId, admin.id, reason, now);
      if (refunded === null) continue;
      cancelled.push(sessionId);
      refundedCents += refunded;
    }
    if (cancelled.length)
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'user.cancel_booked_sessions',
        targetType: 'user',
        targetId: u.id,
        detail: { reason, sessionIds: cancelled, refundedCents },
      });
    return { cancelled: cancelled.length, refundedCents };
  });
}
