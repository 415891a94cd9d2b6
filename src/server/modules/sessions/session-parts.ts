/**
 * Which sessions are the caller's, and which of them a list shows as upcoming, as SQL conditions on `sessions`
 * (docs/product.md "Sessions"). One place for the session list, its counters and their tests.
 */
import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { qualified as q } from '../../db/qualified.js';
import { experts, sessions } from '../../db/schema.js';

/**
 * The sessions of account `userId` (a value or a placeholder): those they booked, and those with their expert
 * profile (found by a scalar subquery, so each side of the OR reads its own index) except a reservation still
 * awaiting the client's 3-D Secure; never an expired reservation (docs/product.md "Sessions", "Payments").
 */
export function mySessions(userId: unknown): SQL {
  const ownExpert = sql`(select ${q(experts.id)} from ${experts} where ${q(experts.userId)} = ${userId})`;
  return and(
    ne(sessions.status, 'expired'),
    or(eq(sessions.clientId, sql`${userId}`), and(sql`${sessions.expertId} = ${ownExpert}`, ne(sessions.status, 'pending_payment'))),
  )!;
}

/** In a list's Upcoming part at instant `now` (SQL timestamptz): booked or reserved awaiting payment, and not yet ended. */
export function upcomingListed(now: SQL): SQL {
  return and(inArray(sessions.status, ['booked', 'pending_payment']), sql`${sessions.endsAt} > ${now}`)!;
}
