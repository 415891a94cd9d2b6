/**
 * Loading one session for the use cases: for one of its two parties (a session is visible only to its client
 * and its expert, docs/product.md "Roles"), and locked for a state change (docs/architecture.md "Session and
 * payment lifecycles": the row is locked and re-checked, so a concurrent transition answers 409).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SessionView } from '../../../shared/schemas/sessions.js';
import { messages } from '../../../shared/messages.js';
import { isUuid } from '../../../shared/ids.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { qualified as q } from '../../db/qualified.js';
import { experts, payments, rescheduleProposals, sessionMoves, sessions, workshops } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { clientFoundAbsent } from './client-absence-service.js';
import { toView, type MoveTuple, type PaymentRow, type ProposalRow, type SessionRow } from './session-view.js';

const ms = (column: AnyPgColumn) => sql`(extract(epoch from ${q(column)}) * 1000)::float8`;

export type PartyRow = {
  session: SessionRow;
  expert: { slug: string; userId: string };
  payment: PaymentRow | null;
  proposal: ProposalRow | null;
  moves: MoveTuple[];
  clientAbsent: boolean;
};

/** The session's moves, oldest first, as json [fromMs, toMs, movedBy, movedAtMs] (ms since the epoch, UTC), in the same statement. */
const movesSql = sql<
  MoveTuple[]
>`coalesce((select json_agg(json_build_array(${ms(sessionMoves.fromStartsAt)}, ${ms(sessionMoves.toStartsAt)}, ${q(sessionMoves.movedBy)}, ${ms(sessionMoves.movedAt)}) order by ${q(sessionMoves.movedAt)}, ${q(sessionMoves.createdAt)}) from ${sessionMoves} where ${q(sessionMoves.sessionId)} = ${q(sessions.id)}), '[]'::json)`;

/**
 * One session with its payment and the caller's side: 'client' when they booked it, 'expert' when it is with
 * their expert profile. 404 'Session not found' (also for malformed ids); 403 "You don't have permission to view
 * this session".
 */
export async function loadForParty(db: Db | Tx, user: CurrentUser, sessionId: string): Promise<{ row: PartyRow; side: 'client' | 'expert' }> {
  if (!isUuid(sessionId)) throw new AppError('NOT_FOUND', messages.session.notFound);
  const [row] = await db
    .select({
      session: sessions,
      expert: { slug: experts.slug, userId: experts.userId },
      payment: payments,
      proposal: rescheduleProposals,
      moves: movesSql,
      clientAbsent: clientFoundAbsent,
    })
    .from(sessions)
    .innerJoin(experts, eq(experts.id, sessions.expertId))
    .leftJoin(payments, eq(payments.sessionId, sessions.id))
    // At most one open proposal per session (a partial unique index).
    .leftJoin(rescheduleProposals, and(eq(rescheduleProposals.sessionId, sessions.id), eq(rescheduleProposals.status, 'open')))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', messages.session.notFound);
  if (row.session.clientId === user.id) return { row, side: 'client' };
  if (row.expert.userId === user.id) return { row, side: 'expert' };
  throw new AppError('FORBIDDEN', messages.session.forbidden);
}

/** The session `sessionId` as `user` (one of its parties) sees it now; errors as loadForParty. */
export async function viewForParty(db: Db | Tx, user: CurrentUser, sessionId: string): Promise<SessionView> {
  const { row, side } = await loadForParty(db, user, sessionId);
  return toView(row, side);
}

/**
 * The session row `id` locked FOR UPDATE inside `tx`, for a state change. 404 'Session not found'. A workshop seat's
 * workshop is locked first: every writer of a workshop and its seats takes them in that order (an expert's edit or
 * cancellation locks the workshop and then writes the seats; a seat's own change counts it in the workshop through
 * the seats' trigger), so two never wait on each other and PostgreSQL never aborts one as a deadlock.
 */
export async function lockSession(tx: Tx, id: string): Promise<SessionRow> {
  await tx
    .select({ id: workshops.id })
    .from(workshops)
    .where(eq(workshops.id, sql`(select ${sessions.workshopId} from ${sessions} where ${sessions.id} = ${id})`))
    .for('update');
  const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', messages.session.notFound);
  return row;
}
