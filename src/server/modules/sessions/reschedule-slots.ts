/**
 * The free start times a booked session can move to (docs/product.md "Reschedule"): the booking slots of its expert
 * (availability, 2-hour notice, buffers, daily maximum: src/shared/slots.ts) for the session's own duration, with the
 * session itself not counted busy, and its current start left out.
 */
import { dateInZone, generateSlots, shiftDate, type Availability } from '../../../shared/slots.js';
import type { Db, Tx } from '../../db/client.js';
import { availabilityFor } from '../experts/availability-service.js';
import { busyIntervalsSql } from './busy-intervals.js';
import type { SessionRow } from './session-view.js';

type Moved = Pick<SessionRow, 'expertId' | 'startsAt' | 'durationMinutes'>;
type Range = { from: string; to: string; tz: string };

/** The slots of `range` for `s` from `availability` (whose busy times no longer hold `s`), its current start left out. */
function slotsOf(availability: Availability, s: Moved, range: Range, now: Date): string[] {
  const current = s.startsAt.toISOString();
  const slots: string[] = [];
  for (let date = range.from; date <= range.to; date = shiftDate(date, 1))
    slots.push(...generateSlots({ ...availability, date, clientTimeZone: range.tz, durationMinutes: s.durationMinutes, now }).filter((t) => t !== current));
  return slots;
}

/** The expert's availability around `range` (null when they are marked unavailable), with `s` not counted busy. */
async function availabilityWithout(db: Db | Tx, s: Moved, range: Range): Promise<Availability | null> {
  const { isAvailable, availability } = await availabilityFor(db, s.expertId, range.from, range.to, range.tz, busyIntervalsSql);
  if (!isAvailable) return null;
  // The session being moved frees its own time: the exclusion constraint lets one live session of an expert start at
  // an instant, so the busy entry starting there is this session.
  return { ...availability, busy: availability.busy.filter((b) => b.start.getTime() !== s.startsAt.getTime()) };
}

/**
 * Start times (UTC ISO, ascending) on client dates `from`..`to` (inclusive, YYYY-MM-DD in zone `tz`) that session
 * `s` could move to at `now`. An expert marked unavailable offers none. Runs on `db` or inside a transaction.
 */
export async function rescheduleSlots(db: Db | Tx, s: Moved, range: Range, now: Date): Promise<string[]> {
  const availability = await availabilityWithout(db, s, range);
  return availability ? slotsOf(availability, s, range, now) : [];
}

/**
 * Whether `startsAt` is a time session `s` can move to at `now`: 'free'; 'taken' when it is within the expert's
 * availability but another session (with buffers) or the daily maximum stands in the way — someone else may have
 * just taken it; 'offered-never' otherwise (outside availability, under the notice, off the 15-minute grid).
 */
export async function moveTimeStatus(db: Db | Tx, s: Moved, startsAt: Date, now: Date): Promise<'free' | 'taken' | 'offered-never'> {
  const day = dateInZone(startsAt, 'UTC');
  const range = { from: day, to: day, tz: 'UTC' };
  const availability = await availabilityWithout(db, s, range);
  if (!availability) return 'offered-never';
  const iso = startsAt.toISOString();
  if (slotsOf(availability, s, range, now).includes(iso)) return 'free';
  return slotsOf({ ...availability, busy: [] }, s, range, now).includes(iso) ? 'taken' : 'offered-never';
}
