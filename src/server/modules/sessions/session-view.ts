/** How a session is shown to one of its two parties (docs/product.md "Sessions"). */
import type { SessionView } from '../../../shared/schemas/sessions.js';
import type { payments, sessions } from '../../db/schema.js';

export type SessionRow = typeof sessions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

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
  >;
  expert: { slug: string };
  payment: Pick<PaymentRow, 'status' | 'amountCents' | 'refundedCents' | 'cardBrand' | 'cardLast4' | 'provider'> | null;
};

/**
 * Shapes a session for `viewerRole` (its client or its expert). `cancellationPolicy` is the policy stored with the
 * session at booking, not the expert's current one; times are UTC ISO strings, amounts integer cents.
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
