/**
 * Session state changes (docs/architecture.md "Session and payment lifecycles"), each in ONE transaction with its payment change
 * and e-mails, and each guarded: the row is locked and re-checked, so an illegal or concurrent transition
 * answers 409 and changes nothing.
 *   booked → confirmed (client, after the end; payment released)
 *   booked → disputed  (client, once started; payment stays held)
 *   booked → cancelled (client or expert, before the start; refund per the policy booked under)
 *   booked → confirmed automatically 72 h after the end without a dispute
 *   disputed → completed (release) | cancelled (refund), the team decides
 * (docs/product.md "Sessions", "Cancellation policies", "Disputes").
 */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import { autoReleaseHours, canCancel, canConfirm, canDispute, refundCents } from '../../../shared/sessions.js';
import type { SessionView } from '../../../shared/schemas/sessions.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Tx } from '../../db/client.js';
import { disputes, experts, sessions, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import { actionEmail } from '../../infra/mail/templates.js';
import { refundPayment, releasePayment, securePayment } from '../payments/service.js';
import type { SessionDeps } from './booking-service.js';
import { cancellationEmail, releaseEmail, reminderEmail } from './emails.js';
import { loadForParty, toView, type SessionRow } from './service.js';

async function lockSession(tx: Tx, id: string): Promise<SessionRow> {
  const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', messages.session.notFound);
  return row;
}

async function emailOf(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx.select({ email: userTable.email }).from(userTable).where(eq(userTable.id, userId));
  return row?.email ?? null;
}

async function expertOf(tx: Tx, expertId: string) {
  const [row] = await tx.select().from(experts).where(eq(experts.id, expertId));
  return row!;
}

async function view(deps: SessionDeps, user: CurrentUser, id: string): Promise<SessionView> {
  const { row, side } = await loadForParty(deps.db, user, id);
  return toView(row, side);
}

/** Confirms a booked session and releases its payment (inside `tx`); sends the release notice. */
async function confirmAndRelease(tx: Tx, deps: SessionDeps, s: SessionRow, actorId: string | null, automatic: boolean, now: Date) {
  await tx.update(sessions).set({ status: 'confirmed', confirmedAt: now, updatedAt: now }).where(eq(sessions.id, s.id));
  await releasePayment(tx, deps.provider, s.id, actorId, automatic ? 'auto-release 72 h after the session' : 'confirmed by the client');
  const expert = await expertOf(tx, s.expertId);
  const to = await emailOf(tx, expert.userId);
  if (to && s.totalAmountCents > 0) await enqueueEmail(tx, releaseEmail(s, { email: to }, deps.baseUrl, automatic));
}

/**
 * Confirming and reporting are the client's: refuses the expert with words for the expert (403), naming the
 * review under way when the session is already disputed.
 */
function refuseUnlessClient(side: 'client' | 'expert', status: SessionRow['status'], action: 'confirm' | 'dispute'): void {
  if (side === 'client') return;
  if (status === 'disputed') throw new AppError('FORBIDDEN', messages.session.expertDisputed);
  throw new AppError('FORBIDDEN', action === 'confirm' ? messages.session.expertCannotConfirm : messages.session.expertCannotDispute);
}

/** The 409 for a transition that is not allowed now; a disputed session says the team is reviewing it. */
function notNow(s: SessionRow): AppError {
  return new AppError('CONFLICT', s.status === 'disputed' ? messages.session.clientDisputed : messages.session.badTransition);
}

/** POST /api/sessions/{id}/confirm — client only, booked and past its end. 403 (expert) / 404 / 409. */
export async function confirmSession(deps: SessionDeps, user: CurrentUser, id: string, now = new Date()): Promise<SessionView> {
  const { row, side } = await loadForParty(deps.db, user, id);
  refuseUnlessClient(side, row.session.status, 'confirm');
  await deps.db.transaction(async (tx) => {
    const s = await lockSession(tx, id);
    if (!canConfirm(s, now)) throw notNow(s);
    await confirmAndRelease(tx, deps, s, user.id, false, now);
  });
  return view(deps, user, id);
}

/**
 * POST /api/sessions/{id}/dispute — client only (403 for the expert), booked and started. Stores the report; the payment stays
 * held (an authorisation is charged now so the team's decision may come after it would lapse); the team is told.
 */
export async function disputeSession(deps: SessionDeps, user: CurrentUser, id: string, description: string, now = new Date()): Promise<SessionView> {
  const { row, side } = await loadForParty(deps.db, user, id);
  refuseUnlessClient(side, row.session.status, 'dispute');
  await deps.db.transaction(async (tx) => {
    const s = await lockSession(tx, id);
    if (!canDispute(s, now)) throw notNow(s);
    await tx.update(sessions).set({ status: 'disputed', updatedAt: now }).where(eq(sessions.id, id));
    await tx.insert(disputes).values({ sessionId: id, clientId: user.id, description });
    await securePayment(tx, deps.provider, id);
    const team = await tx.select({ email: userTable.email }).from(userTable).where(eq(userTable.role, 'admin'));
    for (const { email: to } of team) {
      await enqueueEmail(
        tx,
        actionEmail({
          to,
          subject: `Dispute reported: ${s.clientName} with ${s.expertName}`,
          paragraphs: [
            `${s.clientName} reported an issue with their session.`,
            `Report: ${description || '(no details given)'}`,
            'Please review within 24 hours.',
          ],
          actionLabel: 'Open the team console',
          url: `${deps.baseUrl}/admin`,
        }),
      );
    }
  });
  return view(deps, user, id);
}

/**
 * POST /api/sessions/{id}/cancel — client or expert, booked and before the start. The client's refund
 * follows the cancellation policy stored with the session at booking (an expert's later change does not
 * apply: docs/security.md, "Policy change after booking"); an expert's cancellation refunds in full. Both
 * parties get an e-mail. 403 / 404; 409 when not booked or already started.
 */
export async function cancelSession(deps: SessionDeps, user: CurrentUser, id: string, reason: string, now = new Date()): Promise<SessionView> {
  const { row, side } = await loadForParty(deps.db, user, id);
  await deps.db.transaction(async (tx) => {
    const s = await lockSession(tx, id);
    if (!canCancel(s, now)) throw new AppError('CONFLICT', messages.session.badTransition);
    const expert = await expertOf(tx, s.expertId);
    const refund = refundCents({ amountCents: s.totalAmountCents, policy: s.cancellationPolicy, cancelledBy: side, startsAt: s.startsAt, now });
    await tx
      .update(sessions)
      .set({ status: 'cancelled', cancelledBy: side, cancelReason: reason, cancelledAt: now, updatedAt: now })
      .where(eq(sessions.id, id));
    const refunded = await refundPayment(tx, deps.provider, id, refund, user.id, `cancelled by the ${side}: ${reason}`);
    const by = side === 'client' ? s.clientName : s.expertName;
    for (const [userId, zone] of [
      [s.clientId, expert.timezone],
      [expert.userId, expert.timezone],
    ] as const) {
      const to = await emailOf(tx, userId);
      if (to) await enqueueEmail(tx, cancellationEmail(s, { email: to, zone }, by, reason, refunded, deps.baseUrl));
    }
  });
  deps.busyChanged?.(row.session.expertId);
  return view(deps, user, id);
}

/**
 * The team's decision on a disputed session (docs/product.md "Disputes"), inside the caller's `tx`:
 *   for the client: disputed → cancelled (cancelled_by 'team', reason = the note); `refundCents` of the held
 *   payment refunded, any rest released; for the expert: disputed → completed, the payment released.
 * 409 and nothing changes unless the session is disputed. Returns the session as it was and the cents refunded.
 */
export async function settleDisputedSession(
  tx: Tx,
  provider: PaymentProvider,
  id: string,
  outcome: { decision: 'client'; refundCents: number } | { decision: 'expert' },
  actorId: string,
  note: string,
  now = new Date(),
): Promise<{ session: SessionRow; refundedCents: number }> {
  const s = await lockSession(tx, id);
  if (s.status !== 'disputed') throw new AppError('CONFLICT', messages.session.badTransition);
  if (outcome.decision === 'expert') {
    await tx.update(sessions).set({ status: 'completed', completedAt: now, updatedAt: now }).where(eq(sessions.id, id));
    await releasePayment(tx, provider, id, actorId, `dispute decided for the expert: ${note}`);
    return { session: s, refundedCents: 0 };
  }
  await tx.update(sessions).set({ status: 'cancelled', cancelledBy: 'team', cancelReason: note, cancelledAt: now, updatedAt: now }).where(eq(sessions.id, id));
  const refundedCents = await refundPayment(tx, provider, id, outcome.refundCents, actorId, `dispute decided for the client: ${note}`);
  return { session: s, refundedCents };
}

/**
 * Job: booked sessions that ended more than 72 hours ago become confirmed and their payments are released.
 * Claims rows with FOR UPDATE SKIP LOCKED, so several servers can run it at once. Each session is released
 * in a savepoint of its own: one the provider refuses (e.g. a lapsed card authorisation) stays booked and
 * the others still go through; the job then throws an AggregateError naming the refused sessions, which the
 * job runner logs. Returns how many were released.
 */
export async function autoReleaseDue(deps: SessionDeps, now = new Date(), batch = 50): Promise<number> {
  const cutoff = new Date(now.getTime() - autoReleaseHours * 3_600_000);
  const refused: { sessionId: string; err: unknown }[] = [];
  const released = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.status, 'booked'), lte(sessions.endsAt, cutoff)))
      .orderBy(sessions.endsAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const s of due) {
      try {
        await tx.transaction((item) => confirmAndRelease(item, deps, s, null, true, now));
      } catch (err) {
        refused.push({ sessionId: s.id, err });
      }
    }
    return due.length - refused.length;
  });
  if (refused.length > 0)
    throw new AggregateError(
      refused.map((r) => r.err),
      `auto-release refused for sessions ${refused.map((r) => r.sessionId).join(', ')}`,
    );
  return released;
}

/** Job: e-mails both parties 24 hours before a booked session, once (reminder_sent_at). Returns how many sessions. */
export async function sendDueReminders(deps: SessionDeps, now = new Date(), batch = 50): Promise<number> {
  const horizon = new Date(now.getTime() + 24 * 3_600_000);
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.status, 'booked'), isNull(sessions.reminderSentAt), gt(sessions.startsAt, now), lte(sessions.startsAt, horizon)))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const s of due) {
      const expert = await expertOf(tx, s.expertId);
      const clientEmail = await emailOf(tx, s.clientId);
      const expertEmail = await emailOf(tx, expert.userId);
      if (clientEmail) await enqueueEmail(tx, reminderEmail(s, { email: clientEmail, zone: expert.timezone, side: 'client' }, deps.baseUrl));
      if (expertEmail) await enqueueEmail(tx, reminderEmail(s, { email: expertEmail, zone: expert.timezone, side: 'expert' }, deps.baseUrl));
      await tx.update(sessions).set({ reminderSentAt: now }).where(eq(sessions.id, s.id));
    }
    return due.length;
  });
}
