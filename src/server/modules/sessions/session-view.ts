/** How a session is shown to one of its two parties (docs/product.md "Sessions"). */
import type { SessionView } from '../../../shared/schemas/sessions.js';
import { canClientReschedule } from '../../../shared/reschedule.js';
import { isProposalDue } from '../../../shared/reschedule-proposals.js';
import type { payments, rescheduleProposals, sessions } from '../../db/schema.js';
import { paymentSummaryOf } from '../payments/service.js';
import { clock } from '../../clock.js';

export type SessionRow = typeof sessions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ProposalRow = typeof rescheduleProposals.$inferSelect;
/** One move of a session as loadForParty reads it: [fromMs, toMs, movedBy, movedAtMs] (ms since the epoch, UTC). */
export type MoveTuple = [number, number, 'client' | 'expert', number];

/** The columns a session view is made of (a row of `loadForParty` has them all). */
export type Viewed = {
  session: Omit<
    SessionRow,
    | 'idempotencyKey'
    | 'requestHash'
    | 'reminderSentAt'
    | 'hourReminderSentAt'
    | 'inviteSequence'
    | 'confirmedAt'
    | 'cancelledAt'
    | 'reservedUntil'
    | 'bufferBeforeMinutes'
    | 'bufferAfterMinutes'
    | 'prepaidSessionId'
    | 'packageSessionNumber'
    | 'packageSessionCount'
    | 'subscriptionId'
  > &
    /** A package or plan session's place in its package or month (absent for a booking paid by card: none). */
    Partial<Pick<SessionRow, 'packageSessionNumber' | 'packageSessionCount' | 'subscriptionId'>>;
  expert: { slug: string };
  payment:
    | (Pick<PaymentRow, 'status' | 'amountCents' | 'refundedCents' | 'cardBrand' | 'cardLast4' | 'provider'> & {
        creditCents?: number;
        receiptNumber?: string | null;
      })
    | null;
  /** The session's open reschedule proposal (loadForParty and the session list join it). */
  proposal?: Pick<ProposalRow, 'id' | 'status' | 'proposedStartsAt' | 'message' | 'expiresAt'> | null;
  /** The session's moves, oldest first (loadForParty reads them; lists leave them out). */
  moves?: MoveTuple[];
  /** client-absence-service.ts `clientFoundAbsent` (a new booking: false). */
  clientAbsent?: boolean;
};

/**
 * Shapes a session for `viewerRole` (its client or its expert). `cancellationPolicy` is the policy stored with the
 * session at booking, not the expert's current one; times are UTC ISO strings, amounts integer cents.
 */
export function toView(row: Viewed, viewerRole: 'client' | 'expert'): SessionView {
  const { session: s, expert, payment, proposal, moves = [], clientAbsent = false } = row;
  const verdict = viewerRole === 'client' ? canClientReschedule(s, clock.now()) : null;
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
    workshopId: s.workshopId,
    topic: s.topic,
    hourlyRateCents: s.hourlyRateCents,
    totalAmountCents: s.totalAmountCents,
    currency: s.currency,
    status: s.status as SessionView['status'],
    clientFeedbackSubmitted: s.clientFeedbackSubmitted,
    expertFeedbackSubmitted: s.expertFeedbackSubmitted,
    clientAbsent,
    meetingUrl: s.meetingUrl,
    cancelledBy: s.cancelledBy,
    cancelReason: s.cancelReason,
    cancellationPolicy: s.cancellationPolicy,
    completedAt: s.completedAt?.toISOString() ?? null,
    updatedAt: s.updatedAt.toISOString(),
    createdAt: s.createdAt.toISOString(),
    viewerRole,
    payment: paymentSummaryOf(payment),
    package:
      s.packageSessionNumber && s.packageSessionCount
        ? { number: s.packageSessionNumber, count: s.packageSessionCount, plan: Boolean(s.subscriptionId) }
        : null,
    moves: moves.map(([from, to, movedBy, at]) => ({
      fromStartsAt: new Date(from).toISOString(),
      toStartsAt: new Date(to).toISOString(),
      movedBy,
      movedAt: new Date(at).toISOString(),
    })),
    // The client reschedules within their stored policy's full-refund window; the expert proposes a time instead.
    reschedule: verdict ? { allowed: verdict.allowed, reason: verdict.allowed ? null : verdict.reason } : { allowed: false, reason: null },
    // An open proposal the client can no longer answer (expired, or the session moved or ended meanwhile) is not shown.
    proposal:
      proposal && !isProposalDue(proposal, s)
        ? { id: proposal.id, startsAt: proposal.proposedStartsAt.toISOString(), message: proposal.message, expiresAt: proposal.expiresAt.toISOString() }
        : null,
  };
}

/**
 * The client's view of a session their booking has just written, made from the values written (`session`, with the
 * row's stored `createdAt` and `updatedAt`) and its payment as written (null when none), without reading it back.
 */
export function bookedView(
  session: Omit<Viewed['session'], 'clientFeedbackSubmitted' | 'expertFeedbackSubmitted' | 'cancelledBy' | 'cancelReason' | 'completedAt'>,
  expertSlug: string,
  payment: Viewed['payment'],
): SessionView {
  const fresh = { clientFeedbackSubmitted: false, expertFeedbackSubmitted: false, cancelledBy: null, cancelReason: null, completedAt: null };
  return toView({ session: { ...session, ...fresh }, expert: { slug: expertSlug }, payment }, 'client');
}
