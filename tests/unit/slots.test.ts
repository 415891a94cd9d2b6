import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { durations } from '../../src/shared/pricing.js';
import {
  availableDays,
  dateInZone,
  defaultWeeklyRules,
  generateSlots,
  isIsoDate,
  isValidTimeZone,
  rangesOn,
  type SlotRequest,
  type WeeklyRule,
} from '../../src/shared/slots.js';

const longAgo = new Date('2026-01-01T00:00:00Z');

/** A request with defaults: expert and client in UTC, default rules, 60 minutes, `now` far in the past. */
function slots(q: Partial<SlotRequest> & { date: string }): string[] {
  return generateSlots({ expertTimeZone: 'UTC', clientTimeZone: 'UTC', rules: [], exceptions: [], busy: [], durationMinutes: 60, now: longAgo, ...q });
}

/** ISO start times every 15 minutes from `first` to `last` inclusive. */
function every15(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(first); t <= Date.parse(last); t += 15 * 60_000) out.push(new Date(t).toISOString());
  return out;
}

const sunday = (startMinute: number, endMinute: number): WeeklyRule[] => [{ weekday: 0, startMinute, endMinute }];

describe('default availability', () => {
  it('is Monday–Friday 09:00–17:00', () => {
    expect(defaultWeeklyRules.map((r) => r.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(defaultWeeklyRules.every((r) => r.startMinute === 540 && r.endMinute === 1020)).toBe(true);
  });

  it('gives Monday 09:00–16:00 starts for an hour and nothing on a weekend', () => {
    expect(slots({ date: '2026-06-15' })).toEqual(every15('2026-06-15T09:00:00Z', '2026-06-15T16:00:00Z'));
    expect(slots({ date: '2026-06-13' })).toEqual([]);
    expect(slots({ date: '2026-06-14' })).toEqual([]);
  });

  it('is in the expert zone: 09:00 in Vancouver (PDT) is 16:00 UTC', () => {
    const s = slots({ date: '2026-06-15', expertTimeZone: 'America/Vancouver', clientTimeZone: 'America/Vancouver' });
    expect(s[0]).toBe('2026-06-15T16:00:00.000Z');
    expect(s.at(-1)).toBe('2026-06-15T23:00:00.000Z');
  });
});

describe('daylight-saving changes', () => {
  // Los Angeles, not Vancouver: British Columbia keeps Pacific daylight time all year from 2026-03-08 (tz database
  // 2026c, shipped with Node.js 22 and 24), so Vancouver no longer falls back on 2026-11-01.
  const pacific = { expertTimeZone: 'America/Los_Angeles', clientTimeZone: 'America/Los_Angeles' };

  it('America/Los_Angeles, 2026-03-08 spring forward: 00:00–04:00 is only 3 real hours', () => {
    expect(slots({ ...pacific, date: '2026-03-08', rules: sunday(0, 240) })).toEqual(every15('2026-03-08T08:00:00Z', '2026-03-08T10:00:00Z'));
  });

  it('America/Los_Angeles: 09:00 is 17:00 UTC before the change and 16:00 UTC after it', () => {
    const rules = sunday(540, 1020);
    expect(slots({ ...pacific, date: '2026-03-01', rules })[0]).toBe('2026-03-01T17:00:00.000Z');
    expect(slots({ ...pacific, date: '2026-03-08', rules })[0]).toBe('2026-03-08T16:00:00.000Z');
    expect(slots({ ...pacific, date: '2026-03-08', rules }).at(-1)).toBe('2026-03-08T23:00:00.000Z');
  });

  it('America/Los_Angeles, 2026-11-01 fall back: 00:00–04:00 is 5 real hours', () => {
    expect(slots({ ...pacific, date: '2026-11-01', rules: sunday(0, 240) })).toEqual(every15('2026-11-01T07:00:00Z', '2026-11-01T11:00:00Z'));
    expect(slots({ ...pacific, date: '2026-11-01', rules: sunday(540, 1020) })[0]).toBe('2026-11-01T17:00:00.000Z');
  });

  it('Europe/London, 2026-03-29: 00:00–03:00 is 2 real hours', () => {
    const london = { expertTimeZone: 'Europe/London', clientTimeZone: 'Europe/London' };
    expect(slots({ ...london, date: '2026-03-29', rules: sunday(0, 180) })).toEqual(every15('2026-03-29T00:00:00Z', '2026-03-29T01:00:00Z'));
  });

  it('Europe/London, 2026-10-25: 00:00–03:00 is 4 real hours starting the evening before in UTC', () => {
    const london = { expertTimeZone: 'Europe/London', clientTimeZone: 'Europe/London' };
    expect(slots({ ...london, date: '2026-10-25', rules: sunday(0, 180) })).toEqual(every15('2026-10-24T23:00:00Z', '2026-10-25T02:00:00Z'));
  });

  it('Australia/Sydney, 2026-04-05 (DST ends): 00:00–04:00 is 5 real hours', () => {
    const sydney = { expertTimeZone: 'Australia/Sydney', clientTimeZone: 'Australia/Sydney' };
    expect(slots({ ...sydney, date: '2026-04-05', rules: sunday(0, 240) })).toEqual(every15('2026-04-04T13:00:00Z', '2026-04-04T17:00:00Z'));
    expect(slots({ ...sydney, date: '2026-04-05', rules: sunday(540, 1020) })[0]).toBe('2026-04-04T23:00:00.000Z');
  });

  it('Australia/Sydney, 2026-10-04 (DST starts): 00:00–04:00 is 3 real hours', () => {
    const sydney = { expertTimeZone: 'Australia/Sydney', clientTimeZone: 'Australia/Sydney' };
    expect(slots({ ...sydney, date: '2026-10-04', rules: sunday(0, 240) })).toEqual(every15('2026-10-03T14:00:00Z', '2026-10-03T16:00:00Z'));
    expect(slots({ ...sydney, date: '2026-10-04', rules: sunday(540, 1020) })[0]).toBe('2026-10-03T22:00:00.000Z');
  });

  it('a client across a DST change sees the expert hours at their own new offset', () => {
    // Expert in UTC (no DST), client in London on the spring-forward Sunday: 09:00 UTC is 10:00 BST.
    const s = slots({ date: '2026-03-29', clientTimeZone: 'Europe/London', rules: sunday(540, 600) });
    expect(s).toEqual(['2026-03-29T09:00:00.000Z']);
    expect(new TZDate(Date.parse(s[0]!), 'Europe/London').getHours()).toBe(10);
  });
});

describe('client and expert on different dates', () => {
  const expert = { expertTimeZone: 'America/Vancouver' };

  it('a client in Tokyo sees the expert’s Monday hours on Tuesday', () => {
    const tuesday = slots({ ...expert, clientTimeZone: 'Asia/Tokyo', date: '2026-06-16' });
    expect(tuesday).toEqual(every15('2026-06-15T16:00:00Z', '2026-06-15T23:00:00Z'));
    expect(tuesday.every((s) => dateInZone(new Date(s), 'Asia/Tokyo') === '2026-06-16')).toBe(true);
    expect(slots({ ...expert, clientTimeZone: 'Asia/Tokyo', date: '2026-06-15' })).toEqual([]); // expert's Sunday
    expect(slots({ ...expert, clientTimeZone: 'Asia/Tokyo', date: '2026-06-20' })).toHaveLength(29); // expert's Friday
  });

  it('a client in Vancouver sees a Sydney expert’s Monday on Sunday', () => {
    const s = slots({ expertTimeZone: 'Australia/Sydney', clientTimeZone: 'America/Vancouver', date: '2026-06-14' });
    expect(s[0]).toBe('2026-06-14T23:00:00.000Z');
    expect(s.at(-1)).toBe('2026-06-15T06:00:00.000Z');
  });

  it('a window crossing the client’s midnight is split between the two dates', () => {
    // Vancouver 09:00–17:00 PDT = 17:00–01:00 in London (BST).
    const q = { ...expert, clientTimeZone: 'Europe/London' };
    expect(slots({ ...q, date: '2026-06-15' })).toEqual(every15('2026-06-15T16:00:00Z', '2026-06-15T22:45:00Z'));
    expect(slots({ ...q, date: '2026-06-16' })[0]).toBe('2026-06-15T23:00:00.000Z');
  });
});

describe('lead time, busy intervals, exceptions, grid', () => {
  it('starts at least 2 hours from now, on the 15-minute grid', () => {
    expect(slots({ date: '2026-06-15', now: new Date('2026-06-15T08:10:00Z') })[0]).toBe('2026-06-15T10:15:00.000Z');
    expect(slots({ date: '2026-06-15', now: new Date('2026-06-15T08:00:00Z') })[0]).toBe('2026-06-15T10:00:00.000Z');
    expect(slots({ date: '2026-06-15', now: new Date('2026-06-15T15:10:00Z') })).toEqual([]);
    expect(slots({ date: '2026-06-14', now: new Date('2026-06-15T08:00:00Z') })).toEqual([]); // past day
  });

  it('never overlaps a busy interval (touching is fine)', () => {
    const busy = [{ start: new Date('2026-06-15T10:00:00Z'), end: new Date('2026-06-15T11:00:00Z') }];
    const s = slots({ date: '2026-06-15', busy });
    expect(s).toContain('2026-06-15T09:00:00.000Z');
    expect(s).toContain('2026-06-15T11:00:00.000Z');
    for (const t of ['09:15', '09:45', '10:00', '10:45']) expect(s).not.toContain(`2026-06-15T${t}:00.000Z`);
    expect(s).toHaveLength(29 - 7);
  });

  it('a blocked date has no slots', () => {
    expect(slots({ date: '2026-06-15', exceptions: [{ date: '2026-06-15', kind: 'blocked' }] })).toEqual([]);
    expect(slots({ date: '2026-06-16', exceptions: [{ date: '2026-06-15', kind: 'blocked' }] })).toHaveLength(29);
  });

  it('custom hours replace the weekly rules that day, also on a day without rules', () => {
    const exceptions = [{ date: '2026-06-15', kind: 'custom' as const, startMinute: 780, endMinute: 840 }];
    expect(slots({ date: '2026-06-15', exceptions })).toEqual(['2026-06-15T13:00:00.000Z']);
    expect(slots({ date: '2026-06-15', exceptions, durationMinutes: 30 })).toEqual(every15('2026-06-15T13:00:00Z', '2026-06-15T13:30:00Z'));
    const saturday = [{ date: '2026-06-13', kind: 'custom' as const, startMinute: 600, endMinute: 660 }];
    expect(slots({ date: '2026-06-13', exceptions: saturday })).toEqual(['2026-06-13T10:00:00.000Z']);
  });

  it('exceptions are dates in the expert zone', () => {
    // Vancouver Monday 2026-06-15 blocked: the Tokyo client's Tuesday loses its slots.
    const q = { expertTimeZone: 'America/Vancouver', clientTimeZone: 'Asia/Tokyo', date: '2026-06-16' };
    expect(slots({ ...q, exceptions: [{ date: '2026-06-15', kind: 'blocked' }] })).toEqual([]);
  });

  it('rounds an off-grid window start up to the grid', () => {
    const rules = [{ weekday: 1, startMinute: 550, endMinute: 600 }];
    expect(slots({ date: '2026-06-15', rules, durationMinutes: 15 })).toEqual(every15('2026-06-15T09:15:00Z', '2026-06-15T09:45:00Z'));
  });

  it('a duration longer than the window gives nothing', () => {
    const rules = [{ weekday: 1, startMinute: 540, endMinute: 600 }];
    expect(slots({ date: '2026-06-15', rules, durationMinutes: 90 })).toEqual([]);
    expect(slots({ date: '2026-06-15', rules, durationMinutes: 60 })).toEqual(['2026-06-15T09:00:00.000Z']);
  });

  it('ranges that touch merge, also across the expert’s midnight', () => {
    const rules = [
      { weekday: 1, startMinute: 1320, endMinute: 1440 },
      { weekday: 2, startMinute: 0, endMinute: 120 },
    ];
    expect(slots({ date: '2026-06-15', rules, durationMinutes: 120 })).toEqual(every15('2026-06-15T22:00:00Z', '2026-06-15T23:45:00Z'));
  });
});

describe('availableDays', () => {
  it('lists the client dates with at least one slot', () => {
    const q = { expertTimeZone: 'UTC', clientTimeZone: 'UTC', rules: [], busy: [], durationMinutes: 60, now: longAgo };
    expect(availableDays({ ...q, exceptions: [{ date: '2026-06-17', kind: 'blocked' }], from: '2026-06-13', to: '2026-06-21' })).toEqual([
      '2026-06-15',
      '2026-06-16',
      '2026-06-18',
      '2026-06-19',
    ]);
  });
});

describe('input checks', () => {
  it('accepts real calendar dates and IANA zones only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isValidTimeZone('Asia/Tokyo')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('property: every slot is inside availability, outside busy time, on the asked date', () => {
  const zones = ['UTC', 'America/Vancouver', 'Europe/London', 'Australia/Sydney', 'Asia/Tokyo', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns'];
  // Range boundaries stay from 05:00, clear of the 00:00–04:00 DST gaps of these zones, so that
  // local→UTC (the generator) and UTC→local (this check) agree exactly.
  const range = fc
    .tuple(fc.integer({ min: 20, max: 96 }), fc.integer({ min: 20, max: 96 }))
    .filter(([a, b]) => a !== b)
    .map(([a, b]) => [Math.min(a, b) * 15, Math.max(a, b) * 15] as const);
  const rule = fc.tuple(fc.integer({ min: 0, max: 6 }), range).map(([weekday, [startMinute, endMinute]]) => ({ weekday, startMinute, endMinute }));
  const day = fc.integer({ min: 0, max: 364 }).map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
  const busy = fc.array(
    fc.tuple(fc.integer({ min: 0, max: 365 * 24 * 4 }), fc.integer({ min: 1, max: 16 })).map(([q, len]) => {
      const start = Date.UTC(2026, 0, 1) + q * 15 * 60_000;
      return { start: new Date(start), end: new Date(start + len * 15 * 60_000) };
    }),
    { maxLength: 30 },
  );
  const exception = fc.oneof(
    day.map((date) => ({ date, kind: 'blocked' as const })),
    fc.tuple(day, range).map(([date, [startMinute, endMinute]]) => ({ date, kind: 'custom' as const, startMinute, endMinute })),
  );

  it('holds for random zones, rules, exceptions, busy times and durations', () => {
    let withSlots = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom(...zones),
        fc.array(rule, { maxLength: 6 }),
        fc.array(exception, { maxLength: 4 }),
        busy,
        day,
        fc.constantFrom(...durations),
        fc.integer({ min: -48, max: 24 }),
        (expertTimeZone, clientTimeZone, rawRules, rawExceptions, busyTimes, date, durationMinutes, nowOffsetHours) => {
          const rules = rawRules.filter((r, i) => rawRules.findIndex((o) => o.weekday === r.weekday) === i);
          const exceptions = rawExceptions.filter((e, i) => rawExceptions.findIndex((o) => o.date === e.date) === i);
          const now = new Date(Date.parse(`${date}T00:00:00Z`) + nowOffsetHours * 3_600_000);
          const found = generateSlots({ expertTimeZone, clientTimeZone, rules, exceptions, busy: busyTimes, date, durationMinutes, now });
          expect([...found].sort()).toEqual(found);
          expect(new Set(found).size).toBe(found.length);
          if (found.length > 0) withSlots += 1;
          for (const iso of found) {
            const start = Date.parse(iso);
            expect(start % (15 * 60_000)).toBe(0);
            expect(start).toBeGreaterThanOrEqual(now.getTime() + 2 * 3_600_000);
            expect(dateInZone(new Date(start), clientTimeZone)).toBe(date);
            const end = start + durationMinutes * 60_000;
            expect(busyTimes.some((b) => start < b.end.getTime() && b.start.getTime() < end)).toBe(false);
            // Availability changes only at 15-minute boundaries here, so checking each quarter hour suffices.
            for (let t = start; t < end; t += 15 * 60_000) {
              const local = new TZDate(t, expertTimeZone);
              const minute = local.getHours() * 60 + local.getMinutes();
              const ranges = rangesOn(dateInZone(new Date(t), expertTimeZone), rules, exceptions);
              expect(ranges.some((r) => r.startMinute <= minute && minute < r.endMinute)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(withSlots).toBeGreaterThan(30); // the property was exercised, not vacuously true
  });
});
