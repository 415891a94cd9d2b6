/** Job: reservation expiry (docs/product.md "Payments"; docs/architecture.md "Jobs"). */
import { and, eq, lte } from 'drizzle-orm';
import { sessions } from '../../../db/schema.js';
import type { SessionDeps } from '../deps.js';
import { settleLocked } from './settle-reservation.js';
import { clock } from '../../../clock.js';

/**
 * Settles reservations whose 15 minutes are over at `now`, at most `batch` per call — booked if the payment
 * completed after all, otherwise the intent is cancelled and the slot freed (settle-reservation.ts). Claims rows
 * with FOR UPDATE SKIP LOCKED, so several servers can run it at once. Returns how many reservations were settled.
 */
export async function expireReservations(deps: SessionDeps, now = clock.now(), batch = 20): Promise<number> {
  const settled = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.status, 'pending_payment'), lte(sessions.reservedUntil, now)))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const s of due) await settleLocked(tx, deps, s, now);
    return due;
  });
  return settled.length;
}
