/** POST /api/sessions/{id}/payment (docs/product.md "Payments"): the client finished the card's 3-D Secure. */
import { messages } from '../../../../shared/messages.js';
import { reservationWords } from '../../../../shared/reservation-words.js';
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { AppError } from '../../../errors.js';
import type { SessionDeps } from '../deps.js';
import { loadForParty, viewForParty } from '../load-session.js';
import { settleReservationIn } from './settle-reservation.js';
import { clock } from '../../../clock.js';

/**
 * Asks the processor and settles the reservation (settle-reservation.ts). Answers the session with `booked` when
 * the processor confirms the money is held, or `pending_payment` while the bank is still confirming. 402 "The
 * payment was not completed…" (reservation-words.ts) once the reservation has expired or the payment failed (the slot is then free
 * again). 403 for anyone but the session's client; 404 unknown session.
 */
export async function completeReservation(deps: SessionDeps, user: CurrentUser, sessionId: string, now = clock.now()): Promise<SessionView> {
  const { side, row } = await loadForParty(deps.db, user, sessionId);
  if (side !== 'client') throw new AppError('FORBIDDEN', messages.session.forbidden);
  const status = await deps.db.transaction((tx) => settleReservationIn(tx, deps, sessionId, now));
  if (status === 'expired') throw new AppError('PAYMENT_DECLINED', reservationWords(row.session.kind).expired);
  return viewForParty(deps.db, user, sessionId);
}
