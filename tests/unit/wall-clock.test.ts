import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateInZone, generateSlots, wallClockToUtc, type WeeklyRule } from '../../src/shared/slots.js';
import { offsetName } from '../../src/shared/wall-clock.js';
import { startFromLocal } from '../../src/server/modules/workshops/workshop-times.js';

/*
 * Wall-clock conversion (docs/product.md "Availability", RFC 5545 §3.3.5) against an independent model built here
 * from Intl's "longOffset" zone names (GMT+05:30), not from the product's formatter or any date library: each zone's
 * offset changes between 2026 and 2035 are found by sampling and bisection, and a wall-clock time L near a change
 * at instant T, from offset `before` to offset `after`, is
 *   L − before  when that instant precedes T (before the change, or the first occurrence of a repeated time),
 *   L − after   when that instant is at or after T (after the change),
 *   L − before  otherwise: L is in the gap, and moves forward by the gap.
 * CI runs this file under several host zones (.ci/run); the answers must not change with TZ.
 */

const minuteMs = 60_000;
const dayMs = 86_400_000;
const from = Date.UTC(2026, 0, 1);
const to = Date.UTC(2036, 0, 1);

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Offset of `zone` at `ms` in ms east of UTC, read from Intl's "GMT+hh:mm" zone name. */
function offsetOf(zone: string, ms: number): number {
  let f = offsetFormats.get(zone);
  if (!f) offsetFormats.set(zone, (f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })));
  const name = f.formatToParts(ms).find((p) => p.type === 'timeZoneName')!.value;
  const m = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(name);
  if (!m) throw new Error(`Unexpected offset name ${name} in ${zone}`);
  if (!m[1]) return 0;
  const size = (Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0)) * 1000;
  return m[1] === '-' ? -size : size;
}

type Transition = { zone: string; at: number; before: number; after: number };

/** The zone's offset changes in [from, to): sampled every 3 days, each change bisected to the minute. */
function transitionsOf(zone: string): Transition[] {
  const out: Transition[] = [];
  const step = 3 * dayMs;
  let previous = offsetOf(zone, from);
  for (let t = from + step; t < to + step; t += step) {
    const now = offsetOf(zone, t);
    if (now === previous) continue;
    let lo = t - step;
    let hi = t;
    while (hi - lo > minuteMs) {
      const mid = lo + Math.floor((hi - lo) / 2 / minuteMs) * minuteMs;
      if (offsetOf(zone, mid) === previous) lo = mid;
      else hi = mid;
    }
    out.push({ zone, at: hi, before: previous, after: now });
    previous = now;
  }
  return out;
}

/** The independent answer: the instant at which `zone` shows the wall-clock time `wall` (written as UTC ms) near `x`. */
function expectedInstant(wall: number, x: Transition): number {
  if (wall - x.before < x.at) return wall - x.before;
  if (wall - x.after >= x.at) return wall - x.after;
  return wall - x.before;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const midnightOf = (ms: number) => Math.floor(ms / dayMs) * dayMs;
/** The product's conversion of a wall-clock time written as UTC ms. */
const product = (wall: number, zone: string) => wallClockToUtc(isoDate(wall), (wall - midnightOf(wall)) / minuteMs, zone).getTime();

const zones = Intl.supportedValuesOf('timeZone');
const transitions = zones.flatMap(transitionsOf);

describe('wall-clock conversion in every IANA zone with offset changes in 2026–2035 (RFC 5545 §3.3.5)', () => {
  it('finds the zones to check', () => {
    const changing = new Set(transitions.map((x) => x.zone));
    expect(changing.size).toBeGreaterThan(50);
    for (const zone of ['Europe/London', 'Europe/Berlin', 'Australia/Sydney', 'America/New_York', 'Australia/Lord_Howe']) expect(changing).toContain(zone);
  });

  it('every wall-clock time every 5 minutes from an hour before to an hour after each change', () => {
    for (const x of transitions) {
      const low = x.at + Math.min(x.before, x.after) - 60 * minuteMs;
      const high = x.at + Math.max(x.before, x.after) + 60 * minuteMs;
      for (let wall = Math.ceil(low / (5 * minuteMs)) * 5 * minuteMs; wall <= high; wall += 5 * minuteMs) {
        const got = product(wall, x.zone);
        if (got !== expectedInstant(wall, x)) {
          expect({ zone: x.zone, wall: new Date(wall).toISOString(), got: new Date(got).toISOString() }).toEqual({
            zone: x.zone,
            wall: new Date(wall).toISOString(),
            got: new Date(expectedInstant(wall, x)).toISOString(),
          });
        }
      }
    }
  });

  it('any minute near any change, and midnight written as minute 1440 of the day before', () => {
    fc.assert(
      fc.property(fc.nat(transitions.length - 1), fc.integer({ min: -180, max: 180 }), (i, minutes) => {
        const x = transitions[i]!;
        const wall = x.at + x.before + minutes * minuteMs;
        expect(product(wall, x.zone)).toBe(expectedInstant(wall, x));
        const midnight = midnightOf(wall);
        expect(wallClockToUtc(isoDate(midnight - dayMs), 1440, x.zone).getTime()).toBe(wallClockToUtc(isoDate(midnight), 0, x.zone).getTime());
      }),
      { numRuns: 2000 },
    );
  });

  it('the local date of every instant from an hour before to an hour after each change', () => {
    for (const x of transitions) {
      for (let t = x.at - 60 * minuteMs; t <= x.at + 60 * minuteMs; t += 15 * minuteMs) {
        expect(dateInZone(new Date(t), x.zone)).toBe(isoDate(t + offsetOf(x.zone, t)));
      }
    }
  });
});

describe('slots on change days: an expert available inside 00:00–04:00 every day', () => {
  const named = ['Europe/London', 'Europe/Berlin', 'Australia/Sydney', 'America/New_York', 'Australia/Lord_Howe'];
  /** Hours starting and ending on every quarter hour of 00:00–04:00, so that both ends fall in each changed hour. */
  const windows: { startMinute: number; endMinute: number }[] = [];
  for (let startMinute = 0; startMinute <= 180; startMinute += 15) {
    for (let endMinute = startMinute + 60; endMinute <= 240; endMinute += 15) windows.push({ startMinute, endMinute });
  }

  for (const zone of named) {
    it(`${zone}: every 15-minute start from the window's first start to an hour before its end, on each change day`, () => {
      for (const x of transitions.filter((t) => t.zone === zone)) {
        const wall = x.at + x.before;
        const date = isoDate(wall);
        const model = (minute: number) => expectedInstant(midnightOf(wall) + minute * minuteMs, x);
        for (const { startMinute, endMinute } of windows) {
          const rules: WeeklyRule[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute, endMinute }));
          const expected: string[] = [];
          const [start, end] = [model(startMinute), model(endMinute)];
          for (let t = Math.ceil(start / (15 * minuteMs)) * 15 * minuteMs; t + 60 * minuteMs <= end; t += 15 * minuteMs)
            expected.push(new Date(t).toISOString());
          const got = generateSlots({
            expertTimeZone: zone,
            clientTimeZone: zone,
            rules,
            exceptions: [],
            busy: [],
            date,
            durationMinutes: 60,
            now: new Date(from - dayMs),
          });
          expect({ zone, date, startMinute, endMinute, slots: got }).toEqual({ zone, date, startMinute, endMinute, slots: expected });
        }
      }
    });
  }
});

describe('a workshop\'s start typed in its expert\'s zone (docs/product.md "Workshops")', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it('18:00 on 15 December typed in a GMT-8 zone is 02:00 UTC on 16 December, whatever the host zone', () => {
    expect(startFromLocal('2026-12-15T18:00', 'America/Los_Angeles', now).toISOString()).toBe('2026-12-16T02:00:00.000Z');
    expect(offsetName('America/Los_Angeles', new Date('2026-12-16T02:00:00Z'))).toBe('GMT-8');
    expect(offsetName('America/Los_Angeles', new Date('2027-07-16T01:00:00Z'))).toBe('GMT-7');
  });
  it("a Vancouver expert's start and its label use the same offset: the one of the date typed, not today's", () => {
    // British Columbia keeps UTC-7 all year from November 2026 in current IANA data (2026 releases), GMT-8 in older
    // ones: the label and the stored instant must agree whichever data the runtime carries.
    for (const local of ['2026-12-15T18:00', '2027-03-01T09:30', '2027-07-15T18:00']) {
      const start = startFromLocal(local, 'America/Vancouver', now);
      const [, sign, hours] = /^GMT([+-])(\d+)$/.exec(offsetName('America/Vancouver', start))!;
      const offsetHours = Number(`${sign}${hours}`);
      expect(start.getTime()).toBe(Date.parse(`${local}:00Z`) - offsetHours * 3_600_000);
    }
  });
  it('names half-hour offsets', () => {
    expect(offsetName('Asia/Kolkata', now)).toBe('GMT+5:30');
  });
});
