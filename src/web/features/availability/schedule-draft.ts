/**
 * The availability editor's working copy and its conversion to and from the API (PUT /api/me/availability).
 * Minutes count from the expert's local midnight on a 15-minute grid; 1440 is the end of the day. Weekday
 * 0 = Sunday, shown Monday first. Pure.
 */
import type { AvailabilityInput, AvailabilitySettings, DateExceptionInput } from '@shared/schemas/experts';
import { maxBufferMinutes, minutesPerDay, slotStepMinutes } from '@shared/slots';

export type Range = { key: number; startMinute: number; endMinute: number };
/** A weekday: `enabled` off keeps its ranges in the draft but sends none. */
export type DayDraft = { weekday: number; enabled: boolean; ranges: Range[] };
/** One date exception: a day off, or custom hours (one or more ranges) replacing that day's weekly hours. */
export type OverrideDraft = { date: string; kind: 'blocked' | 'custom'; ranges: Range[] };
/** Scheduling limits as edited: buffers in minutes; the daily maximum as typed ('' = no limit). */
export type LimitsDraft = { bufferBeforeMinutes: number; bufferAfterMinutes: number; maxSessionsPerDay: string };
export type ScheduleDraft = { timezone: string; days: DayDraft[]; overrides: OverrideDraft[]; limits: LimitsDraft };

/** Display order: Monday … Sunday. */
export const weekdayOrder = [1, 2, 3, 4, 5, 6, 0] as const;
/** Hours given to a day switched on without ranges, and to new custom hours: 9:00 AM–5:00 PM. */
export const defaultRange = { startMinute: 9 * 60, endMinute: 17 * 60 };

/** Buffer choices in minutes, 0 … 60. */
export const bufferChoices = [0, 5, 10, 15, 20, 25, 30, 45, maxBufferMinutes] as const;

let nextKey = 1;
/** A range with a fresh React key. */
export function range(startMinute: number, endMinute: number): Range {
  return { key: nextKey++, startMinute, endMinute };
}

/** '9:00 AM', '12:15 PM'; 1440 reads '12:00 AM (end of day)'. */
export function minuteLabel(minute: number): string {
  if (minute >= minutesPerDay) return '12:00 AM (end of day)';
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Grid times a range may start at (0 … 23:45) and end at (0:15 … 24:00). */
export const startMinutes = Array.from({ length: minutesPerDay / slotStepMinutes }, (_, i) => i * slotStepMinutes);
export const endMinutes = startMinutes.map((m) => m + slotStepMinutes);

/** The range added after the last one: the next hour (cut at midnight), or 9–5 on an empty day; null when the day is full. */
export function nextRange(ranges: Range[]): Range | null {
  const last = ranges.at(-1);
  if (!last) return range(defaultRange.startMinute, defaultRange.endMinute);
  if (last.endMinute >= minutesPerDay) return null;
  return range(last.endMinute, Math.min(last.endMinute + 60, minutesPerDay));
}

/** Editor state from the stored settings (the default Monday–Friday hours when none are stored). */
export function toDraft(settings: AvailabilitySettings): ScheduleDraft {
  const days = weekdayOrder.map((weekday) => {
    const ranges = settings.rules.filter((r) => r.weekday === weekday).map((r) => range(r.startMinute, r.endMinute));
    return { weekday, enabled: ranges.length > 0, ranges };
  });
  const byDate = new Map<string, OverrideDraft>();
  for (const e of settings.exceptions) {
    const current = byDate.get(e.date);
    if (e.kind === 'blocked') byDate.set(e.date, { date: e.date, kind: 'blocked', ranges: [] });
    else if (current?.kind === 'custom') current.ranges.push(range(e.startMinute, e.endMinute));
    else if (!current) byDate.set(e.date, { date: e.date, kind: 'custom', ranges: [range(e.startMinute, e.endMinute)] });
  }
  const limits = {
    bufferBeforeMinutes: settings.bufferBeforeMinutes,
    bufferAfterMinutes: settings.bufferAfterMinutes,
    maxSessionsPerDay: settings.maxSessionsPerDay === null ? '' : String(settings.maxSessionsPerDay),
  };
  return { timezone: settings.timezone, days, overrides: sortOverrides([...byDate.values()]), limits };
}

export function sortOverrides(overrides: OverrideDraft[]): OverrideDraft[] {
  return [...overrides].sort((a, b) => a.date.localeCompare(b.date));
}

/** The daily maximum as typed: null for '' (no limit), the number for digits, NaN otherwise. */
export function typedMaxPerDay(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/**
 * The PUT body. Ranges and limits are sent as entered, so the server's rules (order, overlaps, limit ranges)
 * report mistakes in its words; the page refuses a daily maximum that is not digits (NaN) before sending.
 */
export function toInput(draft: ScheduleDraft): AvailabilityInput {
  return {
    timezone: draft.timezone,
    rules: draft.days.flatMap((d) => (d.enabled ? d.ranges.map(({ startMinute, endMinute }) => ({ weekday: d.weekday, startMinute, endMinute })) : [])),
    exceptions: draft.overrides.flatMap<DateExceptionInput>((o) =>
      o.kind === 'blocked'
        ? [{ date: o.date, kind: 'blocked' }]
        : o.ranges.map(({ startMinute, endMinute }) => ({ date: o.date, kind: 'custom', startMinute, endMinute })),
    ),
    bufferBeforeMinutes: draft.limits.bufferBeforeMinutes,
    bufferAfterMinutes: draft.limits.bufferAfterMinutes,
    maxSessionsPerDay: typedMaxPerDay(draft.limits.maxSessionsPerDay),
  };
}
