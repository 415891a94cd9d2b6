/**
 * Reading sessions: the caller's list, one session for one of its two parties, and the expert's busy
 * times for slot generation (as SQL the slot read embeds). Spec §6: a session is visible only to its client and its expert.
 */
import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SessionView } from '../../../shared/schemas/sessions.js';
import { messages } from '../../../shared/messages.js';
import { liveStatuses } from '../../../shared/sessions.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { experts, payments, sessions } from '../../db/schema.js';
import { qualified as q } from '../../db/qualified.js';
import { AppError } from '../../errors.js';

export type SessionRow = typeof sessions.$inferSelect;
type Joined = { session: SessionRow; expert: { slug: string; userId: string; cancellationPolicy: string }; payment: typeof payments.$inferSelect | null };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function joined(db: Db | Tx) {
  return db
    .select({ session: sessions, expert: { slug: experts.slug, userId: experts.userId, cancellationPolicy: experts.cancellationPolicy }, payment: payments })
    .from(sessions)
    .innerJoin(experts, eq(experts.id, sessions.expertId))
    .leftJoin(payments, eq(payments.sessionId, sessions.id));
}

/** Shapes a session for `viewer` (its client or its expert). */
export function toView(row: Joined, viewerRole: 'client' | 'expert'): SessionView {
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
    cancellationPolicy: expert.cancellationPolicy as SessionView['cancellationPolicy'],
    completedAt: s.completedAt?.toISOString() ?? null,
    updatedAt: s.updatedAt.toISOString(),
    createdAt: s.createdAt.toISOString(),
    viewerRole,
    payment: payment
      ? { status: payment.status as NonNullable<SessionView['payment']>['status'], amountCents: payment.amountCents, refundedCents: payment.refundedCents, cardBrand: payment.cardBrand, cardLast4: payment.cardLast4, provider: payment.provider }
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
 * GET /api/sessions: the caller's sessions, newest start first — those they booked and those with their
 * expert profile (spec §7 "Select sessions where client_id or expert_id equals the user"). Reservations whose
 * payment never completed (expired) are left out, and the expert does not see a reservation still awaiting
 * the client's 3-D Secure (pending_payment) until it is booked (issue 5 §5).
 */
export async function listMySessions(db: Db, user: CurrentUser): Promise<SessionView[]> {
  // The user's own expert profile first, so each side of the OR reads its own index (sessions by client, by
  // expert) instead of joining every session to its expert to test experts.user_id.
  const [own] = await db.select({ id: experts.id }).from(experts).where(eq(experts.userId, user.id)).limit(1);
  const asClient = eq(sessions.clientId, user.id);
  const mine = own ? or(asClient, and(eq(sessions.expertId, own.id), ne(sessions.status, 'pending_payment'))) : asClient;
  const rows = await joined(db)
    .where(and(ne(sessions.status, 'expired'), mine))
    .orderBy(desc(sessions.startsAt))
    .limit(500);
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
  return sql<[number, number][]>`coalesce((select json_agg(json_build_array(${ms(start)}, ${ms(end)})) from ${sessions} where ${q(sessions.expertId)} = ${expertId} and ${q(sessions.status)} in (${live}) and ${start} < ${to} and ${start} > ${from} - interval '120 minutes' and ${end} > ${from}), '[]'::json)`;
}
