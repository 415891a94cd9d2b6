/** GET /api/sessions: a page of the caller's sessions (docs/product.md "Sessions", "Payments"). */
import { and, asc, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { SessionList, SessionListQuery } from '../../../../shared/schemas/sessions.js';
import type { SessionListPart } from '../../../../shared/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { experts, payments, rescheduleProposals, sessions } from '../../../db/schema.js';
import { clientFoundAbsent } from '../client-absence-service.js';
import { toView } from '../session-view.js';
import { mySessions, upcomingListed } from '../session-parts.js';
import { clock } from '../../../clock.js';

const userId = sql.placeholder('userId');
const now = sql.placeholder('now');

/** Which of the caller's sessions each part holds, and in which order its pages come. */
function part(when: SessionListPart): { where: SQL; order: SQL[] } {
  const mine = mySessions(userId);
  const upcoming = upcomingListed(sql`${now}::timestamptz`);
  if (when === 'upcoming') return { where: and(mine, upcoming)!, order: [asc(sessions.startsAt), asc(sessions.id)] };
  if (when === 'past') return { where: and(mine, sql`not (${upcoming})`)!, order: [desc(sessions.startsAt), desc(sessions.id)] };
  return { where: mine, order: [desc(sessions.startsAt), desc(sessions.id)] };
}

/**
 * A part's page and its count as prepared statements (built once per database and part; placeholders `userId`,
 * `now` (ISO instant), `limit`, `offset`), with only the columns a view needs. Each side of the caller's OR reads
 * its own index (sessions by client, by expert).
 */
function statements(db: Db, when: SessionListPart) {
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
  const { where, order } = part(when);
  const page = db
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
      proposal: {
        id: rescheduleProposals.id,
        status: rescheduleProposals.status,
        proposedStartsAt: rescheduleProposals.proposedStartsAt,
        message: rescheduleProposals.message,
        expiresAt: rescheduleProposals.expiresAt,
      },
      clientAbsent: clientFoundAbsent,
    })
    .from(sessions)
    .innerJoin(experts, eq(experts.id, sessions.expertId))
    .leftJoin(payments, eq(payments.sessionId, sessions.id))
    // The open proposal of a new time, so a list can flag it (at most one per session: a partial unique index).
    .leftJoin(rescheduleProposals, and(eq(rescheduleProposals.sessionId, sessions.id), eq(rescheduleProposals.status, 'open')))
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`list_my_sessions_${when}`);
  const total = db.select({ total: count() }).from(sessions).where(where).prepare(`count_my_sessions_${when}`);
  return { page, total };
}
const prepared = new WeakMap<Db, Map<SessionListPart, ReturnType<typeof statements>>>();

/**
 * Page `page` (from 1, `pageSize` 1..100) of the caller's sessions in part `when` — upcoming soonest first, past and
 * all newest first — with the part's total: `{ sessions, total, page, pageSize }`. A page past the last has no
 * sessions. Each view carries its open proposal of a new time, as the session itself does. The list holds the sessions they booked and those with their expert profile; reservations whose payment
 * never completed (expired) are left out, and the expert does not see a reservation still awaiting the client's
 * 3-D Secure (pending_payment) until it is booked (docs/product.md "Sessions", "Payments").
 */
export async function listMySessions(db: Db, user: CurrentUser, { when, page, pageSize }: SessionListQuery, at = clock.now()): Promise<SessionList> {
  let parts = prepared.get(db);
  if (!parts) prepared.set(db, (parts = new Map()));
  let statement = parts.get(when);
  if (!statement) parts.set(when, (statement = statements(db, when)));
  const values = { userId: user.id, now: at.toISOString() };
  const rows = await statement.page.execute({ ...values, limit: pageSize, offset: (page - 1) * pageSize });
  const [counted] = await statement.total.execute(values);
  return {
    sessions: rows.map((row) => toView(row, row.session.clientId === user.id ? 'client' : 'expert')),
    total: counted?.total ?? 0,
    page,
    pageSize,
  };
}
