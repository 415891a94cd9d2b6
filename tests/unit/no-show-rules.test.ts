import { describe, expect, it } from 'vitest';
import { absentParty, canContestNoShow, canReportNoShow, contestDeadline, isNoShowDue, uncontestedOutcome } from '../../src/shared/no-shows.js';

const end = new Date('2026-03-29T01:30:00Z');
const at = (hoursAfterEnd: number) => new Date(end.getTime() + hoursAfterEnd * 3_600_000);

describe('no-show rules (docs/product.md "No-shows")', () => {
  it.each([
    [-0.01, false],
    [0, true],
    [1, true],
    [47.99, true],
    [48, false],
    [72, false],
  ])('a booked session %s h after its end can be reported: %s', (h, allowed) => {
    expect(canReportNoShow({ status: 'booked', endsAt: end }, at(h))).toBe(allowed);
  });

  it.each(['confirmed', 'completed', 'disputed', 'cancelled', 'pending_payment', 'expired'])('a %s session cannot be reported', (status) => {
    expect(canReportNoShow({ status, endsAt: end }, at(1))).toBe(false);
  });

  it('gives the other party 48 hours from the report, in UTC whatever the wall clock does', () => {
    expect(contestDeadline(new Date('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-30T12:00:00.000Z');
  });

  it('lets only the party reported absent contest, while open and before the deadline', () => {
    const report = { status: 'open' as const, reportedBy: 'client' as const, respondBy: at(50) };
    expect(absentParty('client')).toBe('expert');
    expect(absentParty('expert')).toBe('client');
    expect(canContestNoShow(report, 'expert', at(49.99))).toBe(true);
    expect(canContestNoShow(report, 'client', at(2))).toBe(false);
    expect(canContestNoShow(report, 'expert', at(50))).toBe(false);
    expect(canContestNoShow({ ...report, status: 'contested' }, 'expert', at(2))).toBe(false);
    expect(canContestNoShow({ ...report, status: 'upheld' }, 'expert', at(2))).toBe(false);
  });

  it('settles an open report at its deadline, for its reporter', () => {
    const report = { status: 'open' as const, respondBy: at(50) };
    expect(isNoShowDue(report, at(49.99))).toBe(false);
    expect(isNoShowDue(report, at(50))).toBe(true);
    expect(isNoShowDue({ ...report, status: 'contested' }, at(60))).toBe(false);
    expect(uncontestedOutcome('client')).toBe('refund');
    expect(uncontestedOutcome('expert')).toBe('release');
  });
});
