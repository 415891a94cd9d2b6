/** GET /api/sessions: the caller's sessions (docs/product.md "Sessions", "Payments"). */
import { and, desc, eq, getTableColumns, ne, or, sql } from 'drizzle-orm';
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { qualified as q } from '../../../db/qualified.js';
import { experts, payments, sessions } from '../../../db/schema.js';
import { toView } from '../session-view.js';

/**
 * The session list as a prepared statement (built once per database; placeholder `userId`): the caller's sessions
 * as client, or as the expert of their own profile (found by a scalar subquery, so each side of the OR reads its
 * own index, sessions by client and by expert), with only the columns a view needs.
 */
function listStatement(db: Db) {
  const userId = sql.placeholder('userId');
  const {
    idempotencyKey: _key,
    requestHash: _hash,
    reminderSentAt: _reminder,
    hourReminderSentAt: _hourReminder,
    inviteSequence: _sequence,
    confirmedAt: _confirmed,
    cancelledAt: _cancelled,
    reservedUntil: _reserved,
    ...viewed
  } = getTableColumns(sessions);
  const ownExpert = sql`(select ${q(experts.id)} from ${experts} where ${q(experts.userId)} = ${userId})`;
  return db
    .select({
      session: viewed,
      expert: { slug: experts.slug },
      payment: {
        status: payments.status,
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
        cardBrand: payments.cardBrand,
        cardLast4: payments.cardLast4,
        provider: payments.provider,
      },
    })
    .from(sessions)
    .innerJoin(experts, eq(experts.id, sessions.expertId))
    .leftJoin(payments, eq(payments.sessionId, sessions.id))
    .where(
      and(
        ne(sessions.status, 'expired'),
        or(eq(sessions.clientId, userId), and(sql`${sessions.expertId} = ${ownExpert}`, ne(sessions.status, 'pending_payment'))),
      ),
    )
    .orderBy(desc(sessions.startsAt))
    .limit(500)
    .prepare('list_my_sessions');
}
const listStatements = new WeakMap<Db, ReturnType<typeof listStatement>>();

/**
 * The caller's sessions, newest start first (at most 500) — those they booked and those with their expert
 * profile (docs/product.md "Sessions"), in one query.
 * Reservations whose payment never completed (expired) are left out, and the expert does not see a reservation
 * still awaiting the client's 3-D Secure (pending_payment) until it is booked (docs/product.md "Payments").
 */
export async function listMySessions(db: Db, user: CurrentUser): Promise<SessionView[]> {
  let statement = listStatements.get(db);
  if (!statement) listStatements.set(db, (statement = listStatement(db)));
  const rows = await statement.execute({ userId: user.id });
  return rows.map((row) => toView(row, row.session.clientId === user.id ? 'client' : 'expert'));
}
