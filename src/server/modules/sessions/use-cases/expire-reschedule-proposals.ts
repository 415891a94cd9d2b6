/** Job: reschedule proposals nobody answered in time are closed (docs/product.md "Reschedule proposals"; docs/architecture.md "Jobs"). */
import { and, eq, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rescheduleProposals, sessions } from '../../../db/schema.js';
import { clock } from '../../../clock.js';

/**
 * At `now`, open proposals whose expiry (the session's start when they were made) has come become 'expired' and the
 * original booking stands; open proposals whose session no longer stands as proposed for (cancelled, or moved by the
 * client meanwhile) become 'withdrawn'. Each is one conditional UPDATE on open rows, so several servers may run it at
 * once and a proposal closes once; the session is never changed. Returns how many proposals were closed.
 */
export async function expireRescheduleProposals(db: Db, now = clock.now()): Promise<number> {
  const expired = await db
    .update(rescheduleProposals)
    .set({ status: 'expired', answeredAt: now })
    .where(and(eq(rescheduleProposals.status, 'open'), lte(rescheduleProposals.expiresAt, now)))
    .returning({ id: rescheduleProposals.id });
  const stale = await db
    .update(rescheduleProposals)
    .set({ status: 'withdrawn', answeredAt: now })
    .from(sessions)
    .where(
      and(
        eq(rescheduleProposals.status, 'open'),
        eq(sessions.id, rescheduleProposals.sessionId),
        or(ne(sessions.status, 'booked'), ne(sessions.startsAt, sql`${rescheduleProposals.expiresAt}`)),
      ),
    )
    .returning({ id: rescheduleProposals.id });
  return expired.length + stale.length;
}
