/**
 * The disputes queue and the team's decisions (docs/product.md "Disputes"). A decision locks the dispute, checks the
 * refund against the money still held, moves the session (sessions' `settleDisputedSession`: cancelled with
 * a refund, or completed with the payment released; the ledger records it), resolves the dispute, audits
 * and e-mails both parties — all in ONE transaction, so a refused decision changes nothing.
 */
import { count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messages } from '../../../shared/messages.js';
import type { DisputeView, ResolveDisputeInput } from '../../../shared/schemas/admin.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { disputes, experts, noShowReports, payments, sessions, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import { requestHash } from '../../infra/request-hash.js';
import { heldCents, paymentSummaryOf } from '../payments/service.js';
import { recomputeRating } from '../feedback/service.js';
import { settleDisputedSession } from '../sessions/use-cases/settle-dispute.js';
import { assertUuid, isReplay, recordAudit, type Page, type PageQuery } from './audit-service.js';
import { disputeDecisionEmail } from './emails.js';
import { clock } from '../../clock.js';

const m = messages.admin;
const clientUser = alias(userTable, 'client_user');
const expertUser = alias(userTable, 'expert_user');

function joined(db: Db | Tx) {
  return db
    .select({
      d: disputes,
      s: sessions,
      clientEmail: clientUser.email,
      expert: { slug: experts.slug, userId: experts.userId },
      expertEmail: expertUser.email,
      p: payments,
      n: noShowReports,
    })
    .from(disputes)
    .innerJoin(sessions, eq(sessions.id, disputes.sessionId))
    .innerJoin(experts, eq(experts.id, sessions.expertId))
    .leftJoin(clientUser, eq(clientUser.id, sessions.clientId))
    .leftJoin(expertUser, eq(expertUser.id, experts.userId))
    .leftJoin(payments, eq(payments.sessionId, sessions.id))
    .leftJoin(noShowReports, eq(noShowReports.sessionId, sessions.id));
}

type Joined = Awaited<ReturnType<ReturnType<typeof joined>['where']>>[number];

function toView({ d, s, clientEmail, expert, expertEmail, p, n }: Joined): DisputeView {
  return {
    id: d.id,
    status: d.status as DisputeView['status'],
    description: d.description,
    createdAt: d.createdAt.toISOString(),
    session: {
      id: s.id,
      topic: s.topic,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
      durationMinutes: s.durationMinutes,
      kind: s.kind as DisputeView['session']['kind'],
      status: s.status as DisputeView['session']['status'],
      totalAmountCents: s.totalAmountCents,
      currency: s.currency,
    },
    client: { id: s.clientId, name: s.clientName, email: clientEmail },
    expert: { id: s.expertId, name: s.expertName, email: expertEmail, slug: expert.slug },
    payment: paymentSummaryOf(p),
    heldCents: p?.status === 'held' ? p.amountCents : 0,
    noShow: n ? { reportedBy: n.reportedBy, statement: n.statement, contestStatement: n.contestStatement, reportedAt: n.createdAt.toISOString() } : null,
    resolution:
      d.status === 'resolved' && d.decision && d.resolvedAt
        ? {
            decision: d.decision as 'client' | 'expert',
            refundCents: d.refundCents ?? 0,
            note: d.resolutionNote ?? '',
            resolvedBy: d.resolvedBy,
            resolvedAt: d.resolvedAt.toISOString(),
          }
        : null,
  };
}

/** GET /api/admin/disputes?status=open|resolved: open ones oldest first (the queue), resolved newest first. Paginated. */
export async function listDisputes(db: Db, q: PageQuery & { status: 'open' | 'resolved' }): Promise<Page<DisputeView>> {
  const where: SQL = eq(disputes.status, q.status);
  const rows = await joined(db)
    .where(where)
    .orderBy(q.status === 'open' ? disputes.createdAt : desc(disputes.resolvedAt), disputes.id)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(disputes).where(where);
  return { items: rows.map(toView), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** How many disputes wait for a decision. */
export async function countOpenDisputes(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(disputes).where(eq(disputes.status, 'open'));
  return row?.n ?? 0;
}

/** GET /api/admin/disputes/{id}: the session, both parties, the client's report (or both statements of a contested no-show), the money. 404. */
export async function getDispute(db: Db | Tx, id: string): Promise<DisputeView> {
  assertUuid(id, m.disputeNotFound);
  const [row] = await joined(db).where(eq(disputes.id, id));
  if (!row) throw new AppError('NOT_FOUND', m.disputeNotFound);
  return toView(row);
}

/**
 * POST /api/admin/disputes/{id}/resolve (`resolveDisputeInput`). For the client: refund `refundCents`
 * (default: all that is held; 400 outside 1..held) and cancel; for the expert: release and complete.
 * Both parties are e-mailed with the note (links to `site.baseUrl`; a decision for the client also sends the
 * cancellation with the invite's CANCEL from `site.mailFrom`, settle-dispute.ts), and the expert's public rating is
 * recomputed (a session decided for the client no longer counts). With an `idempotencyKey` (money-moving mutations), a replay of the
 * request that decided the dispute — same dispute, same body — answers the decided dispute and changes nothing;
 * the key with another dispute or body answers 422 and changes nothing (request-hash.ts, as with Stripe).
 * 404 unknown; 409 already decided (by another request) or the session is not disputed.
 */
export async function resolveDispute(
  db: Db,
  provider: PaymentProvider,
  admin: CurrentUser,
  id: string,
  input: ResolveDisputeInput,
  site: { baseUrl: string; mailFrom: string },
  idempotencyKey?: string,
  now = clock.now(),
): Promise<DisputeView> {
  assertUuid(id, m.disputeNotFound);
  const hash = requestHash({ disputeId: id, ...input });
  return db.transaction(async (tx) => {
    const [d] = await tx.select().from(disputes).where(eq(disputes.id, id)).for('update');
    if (!d) throw new AppError('NOT_FOUND', m.disputeNotFound);
    if (await isReplay(tx, 'dispute.resolve', idempotencyKey, id, hash)) return getDispute(tx, id);
    if (d.status !== 'open') throw new AppError('CONFLICT', m.disputeResolved);
    const held = await heldCents(tx, d.sessionId);
    let refund = 0;
    if (input.decision === 'client') {
      refund = input.refundCents ?? held;
      if (held === 0 ? input.refundCents !== undefined : refund < 1 || refund > held) throw new AppError('VALIDATION', m.refundRange);
    }
    const note = input.note.trim();
    const outcome = input.decision === 'client' ? { decision: 'client' as const, refundCents: refund } : { decision: 'expert' as const };
    const { session: s, refundedCents } = await settleDisputedSession(tx, { provider, ...site }, d.sessionId, outcome, admin.id, note, now);
    await tx
      .update(disputes)
      .set({ status: 'resolved', decision: input.decision, refundCents: refundedCents, resolutionNote: note, resolvedBy: admin.id, resolvedAt: now })
      .where(eq(disputes.id, id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'dispute.resolve',
      targetType: 'dispute',
      targetId: id,
      detail: {
        sessionId: s.id,
        decision: input.decision,
        refundCents: refundedCents,
        heldCents: held,
        note,
        ...(idempotencyKey ? { idempotencyKey, requestHash: hash } : {}),
      },
    });
    await recomputeRating(tx, s.expertId);
    const view = await getDispute(tx, id);
    const facts = {
      sessionId: s.id,
      clientName: s.clientName,
      expertName: s.expertName,
      decision: input.decision,
      refundCents: refundedCents,
      amountCents: held,
      note,
    };
    for (const to of [view.client.email, view.expert.email]) if (to) await enqueueEmail(tx, disputeDecisionEmail(to, facts, site.baseUrl));
    return view;
  });
}
