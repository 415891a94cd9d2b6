import { describe, expect, it } from 'vitest';
import { canAnswer, canPropose, isProposalDue, proposalExpiry } from '../../src/shared/reschedule-proposals.js';

const start = new Date('2026-03-29T15:00:00Z');
const at = (hoursBeforeStart: number) => new Date(start.getTime() - hoursBeforeStart * 3_600_000);
const booked = { status: 'booked', startsAt: start };

describe('reschedule proposal rules (docs/product.md "Reschedule proposals")', () => {
  it('lets only the expert propose, on a booked session that has not started, a different time in the future', () => {
    expect(canPropose(booked, 'expert', at(-24), at(10))).toBe(true);
    expect(canPropose(booked, 'expert', at(5), at(10))).toBe(true);
    expect(canPropose(booked, 'client', at(-24), at(10))).toBe(false);
    // Not the session's own time, not in the past, not once the session has started.
    expect(canPropose(booked, 'expert', start, at(10))).toBe(false);
    expect(canPropose(booked, 'expert', at(11), at(10))).toBe(false);
    expect(canPropose(booked, 'expert', at(-24), at(0))).toBe(false);
  });

  it.each(['confirmed', 'completed', 'disputed', 'cancelled', 'pending_payment', 'expired'])('a %s session takes no proposal', (status) => {
    expect(canPropose({ status, startsAt: start }, 'expert', at(-24), at(10))).toBe(false);
  });

  it('expires at the session start it was made for, in UTC', () => {
    expect(proposalExpiry(booked).toISOString()).toBe('2026-03-29T15:00:00.000Z');
  });

  it('lets only the client answer an open proposal before it expires, while the session stands as proposed for', () => {
    const open = { status: 'open' as const, expiresAt: start };
    expect(canAnswer(open, booked, 'client', at(1))).toBe(true);
    expect(canAnswer(open, booked, 'expert', at(1))).toBe(false);
    expect(canAnswer(open, booked, 'client', at(0))).toBe(false);
    expect(canAnswer({ ...open, status: 'withdrawn' }, booked, 'client', at(1))).toBe(false);
    expect(canAnswer({ ...open, status: 'accepted' }, booked, 'client', at(1))).toBe(false);
    // The session was cancelled, or the client moved it meanwhile.
    expect(canAnswer(open, { ...booked, status: 'cancelled' }, 'client', at(1))).toBe(false);
    expect(canAnswer(open, { ...booked, startsAt: at(-48) }, 'client', at(1))).toBe(false);
  });

  it('is due to close at its expiry, or as soon as its session no longer stands as proposed for', () => {
    const open = { status: 'open' as const, expiresAt: start };
    expect(isProposalDue(open, booked, at(0.01))).toBe(false);
    expect(isProposalDue(open, booked, at(0))).toBe(true);
    expect(isProposalDue(open, { ...booked, status: 'cancelled' }, at(5))).toBe(true);
    expect(isProposalDue(open, { ...booked, startsAt: at(-48) }, at(5))).toBe(true);
    expect(isProposalDue({ ...open, status: 'declined' }, booked, at(0))).toBe(false);
  });
});
