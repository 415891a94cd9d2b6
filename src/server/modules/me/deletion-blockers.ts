/** What must happen before an account can be deleted (docs/product.md "Account"). */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import type { Tx } from '../../db/client.js';
import { disputes, noShowReports, payments, sessions } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/**
 * Refuses (CONFLICT, 409) the deletion of an account whose sessions (`mine`: as client or as expert) still need it,
 * naming what must happen first: a session still to happen (pending payment or booked: `messages.account.upcomingSession`),
 * a disputed session or an open dispute or no-show report (`openReport`), money held, pending or in a card dispute
 * (`moneyHeld`).
 */
export async function refuseWhileNeeded(tx: Tx, mine: SQL): Promise<void> {
  const one = { one: sql`1` };
  const upcoming = await tx
    .select(one)
    .from(sessions)
    .where(and(mine, inArray(sessions.status, ['pending_payment', 'booked'])))
    .limit(1);
  if (upcoming.length) throw new AppError('CONFLICT', messages.account.upcomingSession);
  const reported = await tx
    .select(one)
    .from(sessions)
    .leftJoin(disputes, eq(disputes.sessionId, sessions.id))
    .leftJoin(noShowReports, eq(noShowReports.sessionId, sessions.id))
    .where(and(mine, or(eq(sessions.status, 'disputed'), eq(disputes.status, 'open'), inArray(noShowReports.status, ['open', 'contested']))))
    .limit(1);
  if (reported.length) throw new AppError('CONFLICT', messages.account.openReport);
  const held = await tx
    .select(one)
    .from(sessions)
    .innerJoin(payments, eq(payments.sessionId, sessions.id))
    .where(and(mine, inArray(payments.status, ['pending', 'held', 'disputed'])))
    .limit(1);
  if (held.length) throw new AppError('CONFLICT', messages.account.moneyHeld);
}
