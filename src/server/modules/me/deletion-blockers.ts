/** What must happen before an account can be deleted (docs/product.md "Account"). */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { disputes, experts, noShowReports, payments, sessions } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** The sessions of account `userId` as client, and as the expert of `expertId` when it has a profile. */
export function sessionsOfAccount(userId: string, expertId: string | undefined): SQL {
  return expertId ? or(eq(sessions.clientId, userId), eq(sessions.expertId, expertId))! : eq(sessions.clientId, userId);
}

/**
 * What keeps the account whose sessions are `mine` (as client or as expert) from being deleted, in the product's
 * words and in this order, each at most once: a session still to happen (pending payment or booked:
 * `messages.account.upcomingSession`), a disputed session or an open dispute or no-show report (`openReport`), money
 * held, pending or in a card dispute (`moneyHeld`). Empty when nothing does.
 */
export async function deletionBlockers(db: Db | Tx, mine: SQL): Promise<string[]> {
  const one = { one: sql`1` };
  const upcoming = db
    .select(one)
    .from(sessions)
    .where(and(mine, inArray(sessions.status, ['pending_payment', 'booked'])))
    .limit(1);
  const reported = db
    .select(one)
    .from(sessions)
    .leftJoin(disputes, eq(disputes.sessionId, sessions.id))
    .leftJoin(noShowReports, eq(noShowReports.sessionId, sessions.id))
    .where(and(mine, or(eq(sessions.status, 'disputed'), eq(disputes.status, 'open'), inArray(noShowReports.status, ['open', 'contested']))))
    .limit(1);
  const held = db
    .select(one)
    .from(sessions)
    .innerJoin(payments, eq(payments.sessionId, sessions.id))
    .where(and(mine, inArray(payments.status, ['pending', 'held', 'disputed'])))
    .limit(1);
  const found = [
    [(await upcoming).length, messages.account.upcomingSession],
    [(await reported).length, messages.account.openReport],
    [(await held).length, messages.account.moneyHeld],
  ] as const;
  return found.filter(([count]) => count > 0).map(([, words]) => words);
}

/** Refuses (CONFLICT, 409) the deletion of an account whose sessions `mine` still need it, naming the first of its deletionBlockers. */
export async function refuseWhileNeeded(tx: Tx, mine: SQL): Promise<void> {
  const [first] = await deletionBlockers(tx, mine);
  if (first) throw new AppError('CONFLICT', first);
}

/**
 * GET /api/me/deletion: what keeps the signed-in account from being deleted now (deletionBlockers), so the page says it
 * before asking for the password. The deletion itself checks again, under the account's lock.
 */
export async function accountDeletionBlockers(db: Db, current: CurrentUser): Promise<{ blockers: string[] }> {
  const [expert] = await db.select({ id: experts.id }).from(experts).where(eq(experts.userId, current.id));
  return { blockers: await deletionBlockers(db, sessionsOfAccount(current.id, expert?.id)) };
}
