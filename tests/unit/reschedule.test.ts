/** Who may reschedule, and when (docs/product.md "Reschedule"): within the stored policy's full-refund window. */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { canClientReschedule, pastWindowReason } from '../../src/shared/reschedule.js';
import { refundCents, type CancellationPolicy } from '../../src/shared/sessions.js';

const now = new Date('2026-11-25T12:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
const session = (o: { startsIn: number; policy?: CancellationPolicy; status?: string; amount?: number }) => ({
  status: o.status ?? 'booked',
  startsAt: hours(o.startsIn),
  totalAmountCents: o.amount ?? 9000,
  cancellationPolicy: o.policy ?? 'flexible',
});

describe('canClientReschedule', () => {
  it.each([
    ['flexible', 24],
    ['moderate', 72],
    ['strict', 7 * 24],
  ] as const)('%s: allowed exactly while a client cancellation would refund in full (%i hours)', (policy, window) => {
    for (const startsIn of [window + 100, window, window - 0.001, 1, 0.01]) {
      const s = session({ startsIn, policy });
      const fullRefund = refundCents({ amountCents: 9000, policy, cancelledBy: 'client', startsAt: s.startsAt, now }) === 9000;
      expect(canClientReschedule(s, now).allowed, `${startsIn} h`).toBe(fullRefund);
    }
  });

  it("explains the refusal in the policy's own terms", () => {
    expect(canClientReschedule(session({ startsIn: 48, policy: 'moderate' }), now)).toEqual({
      allowed: false,
      reason:
        "Rescheduling is possible until 72 hours before the start under this session's Moderate policy. You can still cancel (50% refund), or the expert can propose a new time.",
    });
    expect(pastWindowReason('strict')).toBe(
      "Rescheduling is possible until 7 days before the start under this session's Strict policy. You can still cancel (no refund), or the expert can propose a new time.",
    );
    expect(pastWindowReason('flexible')).toContain('until 24 hours before');
  });

  it('a free introductory meeting moves until it starts; started or not booked, never', () => {
    expect(canClientReschedule(session({ startsIn: 3, amount: 0, policy: 'strict' }), now)).toEqual({ allowed: true });
    expect(canClientReschedule(session({ startsIn: 0 }), now)).toEqual({ allowed: false, reason: messages.reschedule.started });
    expect(canClientReschedule(session({ startsIn: -1, amount: 0 }), now)).toEqual({ allowed: false, reason: messages.reschedule.started });
    for (const status of ['pending_payment', 'confirmed', 'completed', 'disputed', 'cancelled', 'expired'])
      expect(canClientReschedule(session({ startsIn: 500, status }), now)).toEqual({ allowed: false, reason: messages.reschedule.notUpcoming });
  });
});
