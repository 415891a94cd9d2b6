import { describe, expect, it } from 'vitest';
import { blockedRange, dayIsFull, generateSlots, type BusySession, type SchedulingLimits, type SlotRequest } from '../../src/shared/slots.js';

/** Buffers and the daily maximum in slot generation (docs/product.md "Availability"). */
const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
const iso = (time: string, date = '2026-06-15') => new Date(`${date}T${time}:00.000Z`).toISOString();
const session = (start: string, minutes: number, before = 0, after = 0): BusySession => ({
  start: new Date(iso(start)),
  end: new Date(Date.parse(iso(start)) + minutes * 60_000),
  bufferBeforeMinutes: before,
  bufferAfterMinutes: after,
});
function slots(limits: SchedulingLimits | undefined, busy: BusySession[], q: Partial<SlotRequest> = {}): string[] {
  return generateSlots({
    expertTimeZone: 'UTC',
    clientTimeZone: 'UTC',
    rules: allDay,
    exceptions: [],
    busy,
    limits,
    date: '2026-06-15',
    durationMinutes: 60,
    now: new Date('2026-01-01T00:00:00Z'),
    ...q,
  });
}

describe('blockedRange', () => {
  it('widens a session by its buffers, in minutes', () => {
    expect(blockedRange(Date.parse(iso('10:00')), Date.parse(iso('11:00')), 15, 30)).toEqual([Date.parse(iso('09:45')), Date.parse(iso('11:30'))]);
    expect(blockedRange(1000, 2000)).toEqual([1000, 2000]);
  });
});

describe('buffers', () => {
  it('keep a new slot’s buffers clear of a busy session', () => {
    const offered = slots({ bufferBeforeMinutes: 15, bufferAfterMinutes: 30, maxSessionsPerDay: null }, [session('12:00', 60)]);
    // New [t − 15, t + 90) against [12:00, 13:00): t ≤ 10:30 or t ≥ 13:15.
    expect(offered).toContain(iso('10:30'));
    expect(offered).not.toContain(iso('10:45'));
    expect(offered).not.toContain(iso('13:00'));
    expect(offered).toContain(iso('13:15'));
  });

  it('add up with the busy session’s own buffers (the ones it was booked under)', () => {
    const offered = slots({ bufferBeforeMinutes: 15, bufferAfterMinutes: 15, maxSessionsPerDay: null }, [session('12:00', 60, 30, 30)]);
    // Busy blocks [11:30, 13:30); new [t − 15, t + 75): t ≤ 10:15 or t ≥ 13:45.
    expect(offered).toContain(iso('10:15'));
    expect(offered).not.toContain(iso('10:30'));
    expect(offered).not.toContain(iso('13:30'));
    expect(offered).toContain(iso('13:45'));
  });

  it('touching blocked ranges are fine; none at all is the old rule', () => {
    expect(slots(undefined, [session('12:00', 60)])).toEqual(expect.arrayContaining([iso('11:00'), iso('13:00')]));
    expect(slots(undefined, [session('12:00', 60)])).not.toContain(iso('11:15'));
  });
});

describe('daily maximum (the expert’s date, in their zone)', () => {
  const two = [session('09:00', 60), session('15:00', 60)];

  it('offers nothing on a date that has the maximum, and is off when null', () => {
    expect(slots({ bufferBeforeMinutes: 0, bufferAfterMinutes: 0, maxSessionsPerDay: 2 }, two)).toEqual([]);
    expect(slots({ bufferBeforeMinutes: 0, bufferAfterMinutes: 0, maxSessionsPerDay: 3 }, two)).toContain(iso('12:00'));
    expect(slots({ bufferBeforeMinutes: 0, bufferAfterMinutes: 0, maxSessionsPerDay: null }, two)).toContain(iso('12:00'));
  });

  it('counts by the expert’s date: a Tokyo expert’s day is not the client’s UTC day', () => {
    const limits = { bufferBeforeMinutes: 0, bufferAfterMinutes: 0, maxSessionsPerDay: 2 };
    // 09:00 and 15:00 UTC on 15 June are 18:00 on the 15th and 00:00 on the 16th in Tokyo: one each.
    const offered = slots(limits, two, { expertTimeZone: 'Asia/Tokyo' });
    expect(offered).toContain(iso('12:00'));
    expect(dayIsFull(new Date(iso('12:00')), { expertTimeZone: 'Asia/Tokyo', busy: two, limits })).toBe(false);
    const three = [...two, session('20:00', 60)];
    // The 16th in Tokyo (from 15:00 UTC) now has two: 15:00 onwards is refused, the 15th in Tokyo is not.
    expect(dayIsFull(new Date(iso('16:00')), { expertTimeZone: 'Asia/Tokyo', busy: three, limits })).toBe(true);
    const offeredThree = slots(limits, three, { expertTimeZone: 'Asia/Tokyo' });
    expect(offeredThree).toContain(iso('13:00'));
    expect(offeredThree.filter((s) => s >= iso('15:00'))).toEqual([]);
  });
});
