/** How 3-D Secure reservations (docs/product.md "Payments") read in the UI: badges, calendar and payment lines (their place in session lists and counters: tests/api/stripe.test.ts). */
import { describe, expect, it } from 'vitest';
import type { SessionView } from '../../src/shared/schemas/sessions';
import { liveStatuses, sessionState } from '../../src/shared/sessions';
import { paymentStatusLine } from '../../src/web/features/sessions/payment-status';

const now = new Date('2026-11-22T12:00:00Z');
function session(
  id: string,
  status: SessionView['status'],
  payment: NonNullable<SessionView['payment']>['status'] | null,
  startsAt = '2026-11-25T10:00:00Z',
): SessionView {
  return {
    id,
    clientId: 'c',
    expertId: 'e',
    expertSlug: 'erin',
    expertName: 'Erin Expert',
    clientName: 'Casey Client',
    startsAt,
    endsAt: new Date(new Date(startsAt).getTime() + 3_600_000).toISOString(),
    durationMinutes: 60,
    kind: 'paid',
    workshopId: null,
    topic: 'Growth',
    hourlyRateCents: 9000,
    totalAmountCents: 9000,
    currency: 'USD',
    status,
    clientFeedbackSubmitted: false,
    clientAbsent: false,
    expertFeedbackSubmitted: false,
    meetingUrl: 'https://meet.example/x',
    cancelledBy: null,
    cancelReason: null,
    cancellationPolicy: 'flexible',
    completedAt: null,
    updatedAt: now.toISOString(),
    createdAt: now.toISOString(),
    viewerRole: 'client',
    payment: payment ? { status: payment, amountCents: 9000, refundedCents: 0, cardBrand: null, cardLast4: null, provider: 'stripe' } : null,
    proposal: null,
    package: null,
    moves: [],
    reschedule: { allowed: false, reason: null },
  };
}

describe('payment reservations', () => {
  it('occupy the calendar while pending, not once expired', () => {
    expect(liveStatuses).toContain('pending_payment');
    expect(liveStatuses).not.toContain('expired');
  });

  it('are badged Awaiting payment / Payment not completed', () => {
    expect(sessionState({ status: 'pending_payment', startsAt: new Date(), durationMinutes: 60 })).toEqual({ label: 'Awaiting payment', tone: 'amber' });
    expect(sessionState({ status: 'expired', startsAt: new Date(), durationMinutes: 60 })).toEqual({ label: 'Payment not completed', tone: 'neutral' });
  });

  it('say plainly that nothing was charged for a lapsed reservation', () => {
    expect(paymentStatusLine(session('x', 'expired', 'failed'))).toBe('Payment not completed — nothing was charged');
    expect(paymentStatusLine(session('y', 'pending_payment', 'pending'))).toBe("Payment of $90.00 awaiting your bank's confirmation");
  });
});
