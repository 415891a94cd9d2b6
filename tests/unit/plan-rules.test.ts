/** Plan rules (docs/product.md "Plans and packages"): periods, the 48-hour refund, the renewal retries and recurring revenue. */
import { describe, expect, it } from 'vitest';
import { mrrAt, mrrByMonth } from '../../src/shared/plan-revenue.js';
import {
  cancelRefundsPeriod,
  nextRetryAt,
  periodEnd,
  periodSettlesAt,
  planSessionLabel,
  prepaidSessionLabel,
  prorateChange,
  trialEnd,
} from '../../src/shared/plans.js';

const at = (iso: string) => new Date(iso);
const hour = 3_600_000;

describe('plan rules', () => {
  it('runs a period one calendar month in UTC, a trial its days, and settles 72 hours after the end', () => {
    expect(periodEnd(at('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(periodEnd(at('2026-03-15T23:30:00Z')).toISOString()).toBe('2026-04-15T23:30:00.000Z');
    expect(trialEnd(at('2026-03-01T00:00:00Z'), 14).toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(periodSettlesAt(at('2026-04-01T00:00:00Z')).toISOString()).toBe('2026-04-04T00:00:00.000Z');
  });

  it('refunds a paid month in full only within 48 hours of its start and with nothing booked', () => {
    const paid = { kind: 'paid' as const, startsAt: at('2026-05-01T00:00:00Z') };
    expect(cancelRefundsPeriod(paid, 0, new Date(paid.startsAt.getTime() + 47 * hour))).toBe(true);
    expect(cancelRefundsPeriod(paid, 0, new Date(paid.startsAt.getTime() + 48 * hour))).toBe(false);
    expect(cancelRefundsPeriod(paid, 1, new Date(paid.startsAt.getTime() + hour))).toBe(false);
    expect(cancelRefundsPeriod({ ...paid, kind: 'trial' }, 0, new Date(paid.startsAt.getTime() + hour))).toBe(false);
  });

  it('tries a failed renewal again 1, 3 and 7 days after it was due, then lapses', () => {
    const due = at('2026-06-10T12:00:00Z');
    expect(nextRetryAt(due, 1)?.toISOString()).toBe('2026-06-11T12:00:00.000Z');
    expect(nextRetryAt(due, 2)?.toISOString()).toBe('2026-06-13T12:00:00.000Z');
    expect(nextRetryAt(due, 3)?.toISOString()).toBe('2026-06-17T12:00:00.000Z');
    expect(nextRetryAt(due, 4)).toBeNull();
  });

  it('counts the monthly recurring revenue of plans paying, not those in a trial or ended', () => {
    const subs = [
      { priceCents: 10000, createdAt: '2026-01-05T00:00:00Z', trialEndsAt: null, endedAt: null },
      { priceCents: 5000, createdAt: '2026-02-10T00:00:00Z', trialEndsAt: '2026-02-24T00:00:00Z', endedAt: '2026-04-02T00:00:00Z' },
      { priceCents: 7000, createdAt: '2026-03-30T00:00:00Z', trialEndsAt: '2026-04-13T00:00:00Z', endedAt: null },
    ];
    expect(mrrAt(subs, at('2026-02-20T00:00:00Z'))).toBe(10000);
    expect(mrrAt(subs, at('2026-03-31T00:00:00Z'))).toBe(15000);
    expect(mrrByMonth(subs, at('2026-04-20T00:00:00Z'), 4)).toEqual([
      { month: '2026-01', mrrCents: 10000 },
      { month: '2026-02', mrrCents: 15000 },
      { month: '2026-03', mrrCents: 15000 },
      { month: '2026-04', mrrCents: 17000 },
    ]);
  });

  it('labels a plan session by its month', () => {
    expect(planSessionLabel(1, 2)).toBe('Plan session · 1 of 2 this month');
    expect(prepaidSessionLabel({ number: 2, count: 4, plan: false })).toBe('Package session · 2 of 4');
  });

  it('prorates a change of plan as Stripe does: a credit for the old price’s unused time, a charge for the new price’s remaining time', () => {
    // Stripe's own example: from $10 to $20 a month halfway through, a $5 credit and a $10 charge, $5 to pay.
    const april = { startsAt: at('2026-04-01T00:00:00Z'), endsAt: at('2026-05-01T00:00:00Z') };
    expect(prorateChange(april, 1000, 2000, at('2026-04-16T00:00:00Z'))).toEqual({ creditCents: 500, chargeCents: 1000, netCents: 500 });
    // A downgrade: the credit exceeds the charge.
    expect(prorateChange(april, 2000, 1000, at('2026-04-16T00:00:00Z'))).toEqual({ creditCents: 1000, chargeCents: 500, netCents: -500 });
    // Whole seconds left of the period, each line rounded to the nearest cent: 1/3 of $100 is $33.33, 2/3 $66.67.
    const thirty = { startsAt: at('2026-06-01T00:00:00Z'), endsAt: at('2026-07-01T00:00:00Z') };
    expect(prorateChange(thirty, 10000, 20000, at('2026-06-21T00:00:00.900Z'))).toEqual({ creditCents: 3333, chargeCents: 6667, netCents: 3334 });
    // At the start the whole prices, at (or after) the end nothing.
    expect(prorateChange(april, 18000, 30000, april.startsAt)).toEqual({ creditCents: 18000, chargeCents: 30000, netCents: 12000 });
    expect(prorateChange(april, 18000, 30000, april.endsAt)).toEqual({ creditCents: 0, chargeCents: 0, netCents: 0 });
    expect(prorateChange(april, 18000, 30000, at('2026-06-01T00:00:00Z')).netCents).toBe(0);
  });
});
