/**
 * The team cancels a booked session with a full refund (docs/product.md "Team console", "People": the booked sessions
 * of a suspended account), for src/server/modules/admin/.
 */
import { canCancel } from '../../../../shared/sessions.js';
import type { Tx } from '../../../db/client.js';
import { heldCents } from '../../payments/service.js';
import { lockSession } from '../load-session.js';
import { settleSession, type SettleDeps } from './settle-dispute.js';
import { clock } from '../../../clock.js';

/**
 * Inside the caller's `tx`, at `now`: when session `id` is still booked and not started, cancels it (cancelled_by
 * 'team', reason `reason`), refunds everything held (integer cents; a free intro has nothing) and e-mails both parties
 * the cancellation with the invite's CANCEL. Returns the cents refunded, or null when the session can no longer be
 * cancelled (started, or changed meanwhile): nothing changes then. 404 unknown session.
 */
export async function cancelSessionForTeam(tx: Tx, deps: SettleDeps, id: string, actorId: string, reason: string, now = clock.now()): Promise<number | null> {
  const s = await lockSession(tx, id);
  if (!canCancel(s, now)) return null;
  const held = await heldCents(tx, id);
  return settleSession(tx, deps, s, { decision: 'client', refundCents: held }, actorId, `cancelled by the team: ${reason}`, reason, now);
}
