/**
 * Bookable start times (availability with time zones; docs/product.md "Availability"). Pure and isomorphic.
 *
 * An expert's availability is wall-clock minutes in the expert's IANA zone: weekly rules (per weekday, one or
 * more [start, end) ranges), replaced on a date by a `custom` exception or removed by a `blocked` one; an expert
 * with no rules has `defaultWeeklyRules` (Monday–Friday 09:00–17:00). Each day's ranges become UTC instants
 * through src/shared/wall-clock.ts (Intl offsets, independent of the host's TZ), so daylight-saving days are 23
 * or 25 hours long; per RFC 5545 §3.3.5 an ambiguous wall-clock time is its first occurrence and one inside a
 * gap moves forward by the gap (02:30 on a spring-forward night is 03:30). Touching ranges merge, also across
 * midnight.
 *
 * A slot is a start instant on the 15-minute grid (a UTC grid equals the local grid in every zone whose offset
 * is a multiple of 15 minutes, i.e. all current zones) such that [start, start + duration) lies wholly inside
 * availability, overlaps no busy interval, starts at least 2 hours after `now`, and whose start falls on the
 * requested date as seen in the CLIENT's zone.
 */
import { wallClockAt, wallClockToInstant } from './wall-clock.js';

/** A weekly range: minutes after local midnight, [startMinute, endMinute), weekday 0 = Sunday … 6 = Saturday. */
export type WeeklyRule = { weekday: number; startMinute: number; endMinute: number };
/** A date exception in the expert's zone: a day off, or custom hours replacing that day's weekly rules. */
export type DateException = { date: string; kind: 'blocked' } | { date: string; kind: 'custom'; startMinute: number; endMinute: number };
/** A half-open interval of real time [start, end). */
export type Interval = { start: Date; end: Date };
/** A live session of the expert: its own times and the buffers it was booked under (minutes; absent = 0). */
export type BusySession = Interval & { bufferBeforeMinutes?: number; bufferAfterMinutes?: number };
/** The expert's scheduling limits (docs/product.md "Availability"). */
export type SchedulingLimits = {
  /** Free minutes kept before and after a session, 0–60 each. */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** Most live sessions starting on one date in the expert's zone; null = no limit. */
  maxSessionsPerDay: number | null;
};
/** Largest buffer before or after a session, in minutes. */
export const maxBufferMinutes = 60;
/** Largest daily maximum an expert can set (a day of 15-minute sessions). */
export const maxSessionsPerDayCap = 96;
/** No buffers, no daily maximum. */
export const noLimits: SchedulingLimits = { bufferBeforeMinutes: 0, bufferAfterMinutes: 0, maxSessionsPerDay: null };

export const slotStepMinutes = 15;
/** Minimum time between now and a slot's start, in minutes. */
export const minLeadMinutes = 120;
export const minutesPerDay = 1440;
/** Weekday names by number as availability rules count them: 0 = Sunday … 6 = Saturday. */
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Availability of an expert without weekly rules: Monday–Friday 09:00–17:00 in the expert's zone. */
export const defaultWeeklyRules: readonly WeeklyRule[] = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 17 * 60 }));

export type Availability = {
  /** IANA zone of the expert, e.g. 'America/Vancouver'. */
  expertTimeZone: string;
  /** Weekly rules; empty means `defaultWeeklyRules`. */
  rules: readonly WeeklyRule[];
  exceptions: readonly DateException[];
  /** The expert's live sessions, UTC. */
  busy: readonly BusySession[];
  /** Buffers and daily maximum; absent = `noLimits`. */
  limits?: SchedulingLimits;
};

export type SlotRequest = Availability & {
  /** The day asked for, YYYY-MM-DD, in the client's zone. */
  date: string;
  /** IANA zone of the client. */
  clientTimeZone: string;
  durationMinutes: number;
  now: Date;
};

const minuteMs = 60_000;
const stepMs = slotStepMinutes * minuteMs;
/** Years 1900–2999 only: later years overflow the date arithmetic of a day's slots (a 500 found by tests/security/fuzz). */
const datePattern = /^(19|2\d)\d{2}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD, in the years 1900–2999. */
export function isIsoDate(value: string): boolean {
  if (!datePattern.test(value)) return false;
  const [y, m, d] = dateParts(value);
  const t = new Date(Date.UTC(y, m, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m && t.getUTCDate() === d;
}

/** Zone names already found valid (see isValidTimeZone). */
const knownZones = new Set<string>();

/** True when the runtime's Intl knows the IANA zone (e.g. 'Europe/London'). */
export function isValidTimeZone(zone: string): boolean {
  if (!zone) return false;
  // Building a DateTimeFormat costs tens of microseconds; the answers for valid names are kept (a bounded set).
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    if (knownZones.size < 1000) knownZones.add(zone);
    return true;
  } catch {
    return false;
  }
}

function dateParts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m - 1, d];
}

/** Midnight UTC of a calendar date, in ms since the epoch. */
const utcMidnight = (date: string) => Date.UTC(...dateParts(date));
/** The calendar date (YYYY-MM-DD) of a UTC instant in ms, for years 1000–9999. */
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Zone conversions already made, by zone, date (or instant) and minute. A day's slots need a dozen conversions,
 * each some microseconds through Intl, and the same few (expert dates × their ranges, the
 * client's day bounds) recur request after request. Answers depend only on the key, so the memo is exact; it
 * is dropped whole when it reaches `memoLimit` entries.
 */
const conversions = new Map<string, number | string>();
const memoLimit = 20_000;

function memo<T extends number | string>(key: string, compute: () => T): T {
  const hit = conversions.get(key);
  if (hit !== undefined) return hit as T;
  const value = compute();
  if (conversions.size >= memoLimit) conversions.clear();
  conversions.set(key, value);
  return value;
}

/** The calendar date `days` after `date` (YYYY-MM-DD; zone-free calendar arithmetic). */
export function shiftDate(date: string, days: number): string {
  return utcDate(utcMidnight(date) + days * 86_400_000);
}

/** Weekday of a calendar date, 0 = Sunday. */
export function weekdayOf(date: string): number {
  return new Date(utcMidnight(date)).getUTCDay();
}

/**
 * The instant when the clock in `zone` shows `date` at `minute` minutes after midnight (1440 = next midnight).
 * RFC 5545 §3.3.5: an ambiguous time is its first occurrence; a non-existent one moves forward by the gap.
 */
export function wallClockToUtc(date: string, minute: number, zone: string): Date {
  return new Date(memo(`w ${zone} ${date} ${minute}`, () => wallClockToInstant(utcMidnight(date) + minute * minuteMs, zone)));
}

/** The calendar date (YYYY-MM-DD) of `instant` in `zone`. */
export function dateInZone(instant: Date, zone: string): string {
  const ms = instant.getTime();
  if (zone === 'UTC') return utcDate(ms);
  return memo(`d ${zone} ${ms}`, () => utcDate(wallClockAt(ms, zone)));
}

/** The expert's [start, end) minute ranges on one of their local dates, after exceptions and defaults. */
export function rangesOn(date: string, rules: readonly WeeklyRule[], exceptions: readonly DateException[]): { startMinute: number; endMinute: number }[] {
  const today = exceptions.filter((e) => e.date === date);
  if (today.some((e) => e.kind === 'blocked')) return [];
  const custom = today.flatMap((e) => (e.kind === 'custom' ? [{ startMinute: e.startMinute, endMinute: e.endMinute }] : []));
  if (custom.length > 0) return custom;
  const weekday = weekdayOf(date);
  return (rules.length > 0 ? rules : defaultWeeklyRules).filter((r) => r.weekday === weekday).map(({ startMinute, endMinute }) => ({ startMinute, endMinute }));
}

/** Sorts intervals and merges overlapping or touching ones. */
function merge(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out.at(-1);
    if (last && i.start.getTime() <= last.end.getTime()) {
      if (i.end.getTime() > last.end.getTime()) last.end = i.end;
    } else {
      out.push({ start: i.start, end: i.end });
    }
  }
  return out;
}

/** The expert's availability as merged UTC intervals over their local dates `first`..`last` (inclusive). */
function availabilityBetween(a: Availability, first: string, last: string): Interval[] {
  const intervals: Interval[] = [];
  for (let date = first; date <= last; date = shiftDate(date, 1)) {
    for (const r of rangesOn(date, a.rules, a.exceptions)) {
      intervals.push({ start: wallClockToUtc(date, r.startMinute, a.expertTimeZone), end: wallClockToUtc(date, r.endMinute, a.expertTimeZone) });
    }
  }
  return merge(intervals);
}

/**
 * The real time a session takes from its expert's calendar: [start − buffer before, end + buffer after), in ms.
 * Two live sessions of an expert may not have overlapping blocked ranges (docs/product.md "Availability"; the
 * database's expert_busy_no_overlap constraint, migrations 0017 and 0028), so consecutive sessions are at least the
 * first's buffer after plus the second's buffer before apart.
 */
export function blockedRange(start: number, end: number, bufferBeforeMinutes = 0, bufferAfterMinutes = 0): [number, number] {
  return [start - bufferBeforeMinutes * minuteMs, end + bufferAfterMinutes * minuteMs];
}

/** How many of `busy` start on each date of `zone` (YYYY-MM-DD → count). */
function sessionsPerDate(busy: readonly BusySession[], zone: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const b of busy) {
    const date = dateInZone(b.start, zone);
    counts.set(date, (counts.get(date) ?? 0) + 1);
  }
  return counts;
}

/**
 * True when the expert's date (in their zone) of `start` already has their maximum of live sessions in `busy`
 * (docs/product.md "Availability"). `busy` must hold every live session of that date.
 */
export function dayIsFull(start: Date, a: Pick<Availability, 'expertTimeZone' | 'busy' | 'limits'>): boolean {
  const max = a.limits?.maxSessionsPerDay ?? null;
  return max !== null && (sessionsPerDate(a.busy, a.expertTimeZone).get(dateInZone(start, a.expertTimeZone)) ?? 0) >= max;
}

/**
 * Start times (UTC ISO-8601, ascending) the client can book on `date` in their zone. Returns [] for a
 * non-positive duration. Inputs are assumed valid (use isIsoDate / isValidTimeZone first). With `limits`, a start
 * is refused when the slot's blocked range overlaps a busy session's blocked range (see blockedRange), or when
 * its date in the expert's zone already has the expert's maximum of sessions; `busy` must then cover every live
 * session of those dates.
 */
export function generateSlots(q: SlotRequest): string[] {
  if (!(q.durationMinutes > 0)) return [];
  const durationMs = q.durationMinutes * minuteMs;
  const dayStart = wallClockToUtc(q.date, 0, q.clientTimeZone).getTime();
  const dayEnd = wallClockToUtc(shiftDate(q.date, 1), 0, q.clientTimeZone).getTime();
  const first = shiftDate(dateInZone(new Date(dayStart), q.expertTimeZone), -1);
  const last = shiftDate(dateInZone(new Date(dayEnd), q.expertTimeZone), 1);
  const earliest = q.now.getTime() + minLeadMinutes * minuteMs;
  const { bufferBeforeMinutes, bufferAfterMinutes, maxSessionsPerDay } = q.limits ?? noLimits;
  const busy = q.busy.map((b) => blockedRange(b.start.getTime(), b.end.getTime(), b.bufferBeforeMinutes, b.bufferAfterMinutes));
  const perDate = maxSessionsPerDay === null ? null : sessionsPerDate(q.busy, q.expertTimeZone);
  const full = (t: number) => perDate !== null && (perDate.get(dateInZone(new Date(t), q.expertTimeZone)) ?? 0) >= maxSessionsPerDay!;

  const slots: string[] = [];
  for (const window of availabilityBetween(q, first, last)) {
    const from = Math.max(window.start.getTime(), dayStart, earliest);
    for (let t = Math.ceil(from / stepMs) * stepMs; t < dayEnd && t + durationMs <= window.end.getTime(); t += stepMs) {
      const [s, e] = blockedRange(t, t + durationMs, bufferBeforeMinutes, bufferAfterMinutes);
      if (!busy.some(([bs, be]) => s < be && bs < e) && !full(t)) slots.push(new Date(t).toISOString());
    }
  }
  return slots;
}

/** The dates `from`..`to` (inclusive, YYYY-MM-DD in the client's zone) that have at least one slot. */
export function availableDays(q: Omit<SlotRequest, 'date'> & { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let date = q.from; date <= q.to; date = shiftDate(date, 1)) {
    if (generateSlots({ ...q, date }).length > 0) days.push(date);
  }
  return days;
}

/** Number of calendar days from `from` to `to` inclusive (negative when `to` is before `from`). */
export function daysInclusive(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / 86_400_000) + 1;
}
