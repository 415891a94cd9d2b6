/**
 * Reading sessions: the caller's list, one session for one of its two parties, and the expert's busy
 * times for slot generation (as SQL the slot read embeds). A session is visible only to its client and its expert (docs/product.md "Roles").
 */
import { and, desc, eq, getTableColumns, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SessionView } from '../../../shared/schemas/sessions.js';
import { messages } from '../../../shared/messages.js';
import { liveStatuses } from '../../../shared/sessions.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { experts, payments, sessions } from '../../db/schema.js';
import { qualified as q } from '../../db/qualified.js';
import { AppError } from '../../errors.js';

export type SessionRow = typeof sessions.$inferSelect;
type Joined = { session: SessionRow; expert: { slug: string; userId: string }; payment: typeof payments.$inferSelect | null };
/** The columns a session view is made of (a `Joined` row has them all). */
type Viewed = {
  session: Omit<SessionRow, 'idempotencyKey' | 'requestHash' | 'reminderSentAt' | 'confirmedAt' | 'cancelledAt' | 'reservedUntil'>;
  expert: { slug: string };
  payment: Pick<typeof payments.$inferSelect, 'status' | 'amountCents' | 'refundedCents' | 'cardBrand' | 'cardLast4' | 'provider'> | null;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function joined(db: Db | Tx) {
  return db
    .select({ session: sessions, expert: { slug: experts.slug, userId: experts.userId }, payment: payments })
    .from(sessions)
    .innerJoin(experts, eq(experts.id, sessions.expertId))
    .leftJoin(payments, eq(payments.sessionId, sessions.id));
}

/**
 * Shapes a session for `viewer` (its client or its expert). `cancellationPolicy` is the policy stored with the
 * session at booking, not the expert's current one.
 */
export function toView(row: Viewed, viewerRole: 'client' | 'expert'): SessionView {
  const { session: s, expert, payment } = row;
  return {
    id: s.id,
    clientId: s.clientId,
    expertId: s.expertId,
    expertSlug: expert.slug,
    expertName: s.expertName,
    clientName: s.clientName,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
    durationMinutes: s.durationMinutes,
    kind: s.kind as SessionView['kind'],
    topic: s.topic,
    hourlyRateCents: s.hourlyRateCents,
    totalAmountCents: s.totalAmountCents,
    currency: s.currency,
    status: s.status as SessionView['status'],
    clientFeedbackSubmitted: s.clientFeedbackSubmitted,
    expertFeedbackSubmitted: s.expertFeedbackSubmitted,
    meetingUrl: s.meetingUrl,
    cancelledBy: s.cancelledBy,
    cancelReason: s.cancelReason,
    cancellationPolicy: s.cancellationPolicy,
    completedAt: s.completedAt?.toISOString() ?? null,
    updatedAt: s.updatedAt.toISOString(),
    createdAt: s.createdAt.toISOString(),
    viewerRole,
    payment: payment
      ? {
          status: payment.status as NonNullable<SessionView['payment']>['status'],
          amountCents: payment.amountCents,
          refundedCents: payment.refundedCents,
          cardBrand: payment.cardBrand,
          cardLast4: payment.cardLast4,
          provider: payment.provider,
        }
      : null,
  };
}

/**
 * One session with the caller's side: 'client' when they booked it, 'expert' when it is with their expert
 * profile. 404 'Session not found' (also for malformed ids); 403 "You don't have permission to view this session".
 */
export async function loadForParty(db: Db | Tx, user: CurrentUser, sessionId: string): Promise<{ row: Joined; side: 'client' | 'expert' }> {
  if (!uuidPattern.test(sessionId)) throw new AppError('NOT_FOUND', messages.session.notFound);
  const [row] = await joined(db).where(eq(sessions.id, sessionId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', messages.session.notFound);
  if (row.session.clientId === user.id) return { row, side: 'client' };
  if (row.expert.userId === user.id) return { row, side: 'expert' };
  throw new AppError('FORBIDDEN', messages.session.forbidden);
}

/** GET /api/sessions/{id}: the session as its client or expert sees it. */
export async function getSession(db: Db, user: CurrentUser, sessionId: string): Promise<SessionView> {
  const { row, side } = await loadForParty(db, user, sessionId);
  return toView(row, side);
}

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
 * GET /api/sessions: the caller's sessions, newest start first (at most 500) — those they booked and those with
 * their expert profile (docs/product.md "Sessions"), in one query.
 * Reservations whose payment never completed (expired) are left out, and the expert does not see a reservation
 * still awaiting the client's 3-D Secure (pending_payment) until it is booked (docs/product.md "Payments").
 */
export async function listMySessions(db: Db, user: CurrentUser): Promise<SessionView[]> {
  let statement = listStatements.get(db);
  if (!statement) listStatements.set(db, (statement = listStatement(db)));
  const rows = await statement.execute({ userId: user.id });
  return rows.map((row) => toView(row, row.session.clientId === user.id ? 'client' : 'expert'));
}

/**
 * SQL for the live sessions (incl. reserved ones) of the expert `expertId` (a uuid value or a column of an
 * enclosing query) overlapping [from, to) (SQL timestamptz values), as a json array of [startMs, endMs] pairs
 * (ms since the epoch, UTC), for slot generation. A scalar subquery, so the slot read embeds it in its single
 * statement; it reads the sessions_expert_idx range (expert_id, starts_at) from `from` − 120 minutes (the
 * longest session, per the sessions duration check) to `to`.
 */
export function busyIntervalsSql(expertId: SQL, from: SQL, to: SQL): SQL<[number, number][]> {
  const live = sql.join(
    liveStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  const [start, end] = [q(sessions.startsAt), q(sessions.endsAt)];
  return sql<
    [number, number][]
  >`coalesce((select json_agg(json_build_array(${ms(start)}, ${ms(end)})) from ${sessions} where ${q(sessions.expertId)} = ${expertId} and ${q(sessions.status)} in (${live}) and ${start} < ${to} and ${start} > ${from} - interval '120 minutes' and ${end} > ${from}), '[]'::json)`;
}
