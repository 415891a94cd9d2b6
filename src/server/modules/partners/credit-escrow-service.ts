/**
 * The organisation's credit in a booking's escrow (docs/product.md "Booking with credit", decision 034): the part of a
 * payment the wallet paid is settled with the payment, in its transaction — spent when released to the expert,
 * returned to the wallet when refunded — each a ledger entry naming the session.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { programmeBookings } from '../../db/schema.js';
import { moveCredit } from './wallet-service.js';

/**
 * Settles the credit reserved for session `sessionId` inside `tx` (the caller holds the payment's row lock):
 * `returnCents` go back to the organisation's available balance ('return'), the rest of the reservation is spent
 * ('spend'). No-op for a session no programme funded.
 */
export async function settleCredit(tx: Tx, sessionId: string, returnCents: number, actorId: string | null, note?: string): Promise<void> {
  const [booking] = await tx.select().from(programmeBookings).where(eq(programmeBookings.sessionId, sessionId)).for('update');
  if (!booking || booking.creditCents === 0) return;
  const spent = booking.creditCents - returnCents;
  const move = { organisationId: booking.organisationId, sessionId, actorId, note };
  if (returnCents > 0) await moveCredit(tx, { ...move, kind: 'return', amountCents: returnCents, reservedChangeCents: -returnCents });
  if (spent > 0) await moveCredit(tx, { ...move, kind: 'spend', amountCents: 0, reservedChangeCents: -spent });
  await tx.update(programmeBookings).set({ returnedCents: returnCents }).where(eq(programmeBookings.sessionId, sessionId));
}
