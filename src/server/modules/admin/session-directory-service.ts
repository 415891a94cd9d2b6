/**
 * The console's sessions (docs/product.md "Team console", "Sessions and money"): finding any session by id, party or
 * date, and one session with its payment ledger. Reads only.
 */
import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import type { AdminSessionDetail, AdminSessionSummary, SessionListQuery } from '../../../shared/schemas/admin-sessions.js';
import type { Db, Tx } from '../../db/client.js';
import { experts, paymentEvents, payments, sessions, user } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paymentSummaryOf } from '../payments/service.js';
import { assertUuid, type Page } from './audit-service.js';

const clientUser = alias(user, 'client_user');
const expertUser = alias(user, 'expert_user');
const actor = alias(user, 'actor');

function joined(db: Db | Tx) {
  return db
    .select({ s: sessions, p: payments, clientEmail: clientUser.email, expertEmail: expertUser.email, expertUserId: experts.userId, slug: experts.slug })
    .from(sessions)
    .innerJoin(experts, eq(experts.id, sessions.expertId))
    .leftJoin(clientUser, eq(clientUser.id, sessions.clientId))
    .leftJoin(expertUser, eq(expertUser.id, experts.userId))
    .leftJoin(payments, eq(payments.sessionId, sessions.id));
}

type Joined = Awaited<ReturnType<ReturnType<typeof joined>['where']>>[number];

function summaryOf({ s, p, clientEmail, expertEmail, expertUserId, slug }: Joined): AdminSessionSummary {
  return {
    id: s.id,
    startsAt: s.startsAt.toISOString(),
    durationMinutes: s.durationMinutes,
    kind: s.kind as AdminSessionSummary['kind'],
    status: s.status as AdminSessionSummary['status'],
    totalAmountCents: s.totalAmountCents,
    currency: s.currency,
    client: { id: s.clientId, name: s.clientName, email: clientEmail },
    expert: { id: expertUserId, name: s.expertName, email: expertEmail, expertId: s.expertId, slug },
    payment: paymentSummaryOf(p),
  };
}

/** The next UTC day of the date `d` (YYYY-MM-DD), as an instant. */
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000);

/**
 * GET /api/admin/sessions: newest start first. `q` a session id (exact), or a part of either party's name or e-mail
 * (any case); `from` / `to` the first and last UTC date of the start, inclusive; `status`. Paginated.
 */
export async function listSessions(db: Db, q: SessionListQuery): Promise<Page<AdminSessionSummary>> {
  const filters: SQL[] = [];
  if (q.q) {
    if (z.uuid().safeParse(q.q).success) filters.push(eq(sessions.id, q.q));
    else {
      const like = `%${q.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
      filters.push(
        or(
          sql`lower(${sessions.clientName}) like ${like}`,
          sql`lower(${sessions.expertName}) like ${like}`,
          sql`lower(${clientUser.email}) like ${like}`,
          sql`lower(${expertUser.email}) like ${like}`,
        )!,
      );
    }
  }
  if (q.from) filters.push(gte(sessions.startsAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) filters.push(lt(sessions.startsAt, dayAfter(q.to)));
  if (q.status) filters.push(eq(sessions.status, q.status));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(desc(sessions.startsAt), desc(sessions.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(sessions)
      .innerJoin(experts, eq(experts.id, sessions.expertId))
      .leftJoin(clientUser, eq(clientUser.id, sessions.clientId))
      .leftJoin(expertUser, eq(expertUser.id, experts.userId))
      .where(where),
  ]);
  return { items: rows.map(summaryOf), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/**
 * GET /api/admin/sessions/{id}: the session, both parties, the payment and its ledger oldest first (who moved the
 * money, the note), and the cents a team refund may return now. 404 'Session not found'.
 */
export async function getSessionForTeam(db: Db | Tx, id: string): Promise<AdminSessionDetail> {
  assertUuid(id, messages.admin.sessionNotFound);
  const [row] = await joined(db).where(eq(sessions.id, id));
  if (!row) throw new AppError('NOT_FOUND', messages.admin.sessionNotFound);
  const ledger = row.p
    ? await db
        .select({ e: paymentEvents, actorName: actor.name })
        .from(paymentEvents)
        .leftJoin(actor, eq(actor.id, paymentEvents.actorId))
        .where(eq(paymentEvents.paymentId, row.p.id))
        // A refund and the release of the rest share one transaction's time: the refund reads first.
        .orderBy(
          asc(paymentEvents.createdAt),
          sql`array_position(array['hold', 'dispute', 'refund', 'release', 'fee'], ${paymentEvents.type})`,
          asc(paymentEvents.id),
        )
    : [];
  return {
    ...summaryOf(row),
    topic: row.s.topic,
    cancelledBy: row.s.cancelledBy,
    cancelReason: row.s.cancelReason,
    ledger: ledger.map(({ e, actorName }) => ({
      id: e.id,
      type: e.type as AdminSessionDetail['ledger'][number]['type'],
      amountCents: e.amountCents,
      note: e.note,
      actorName,
      at: e.createdAt.toISOString(),
    })),
    refundableCents: row.p?.status === 'held' && row.s.status !== 'disputed' ? row.p.amountCents : 0,
  };
}
