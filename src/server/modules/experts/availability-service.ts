/**
 * Expert availability: bookable slots and days for clients, and the expert's own weekly ranges and date
 * exceptions. Slot rules live in src/shared/slots.ts; this file loads the rows and the busy times.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { AvailabilityInput, AvailabilitySettings, DateExceptionInput } from '../../../shared/schemas/experts.js';
import { expertMessages, maxAvailabilityDays } from '../../../shared/schemas/experts.js';
import { availableDays, dateInZone, daysInclusive, defaultWeeklyRules, generateSlots, shiftDate, wallClockToUtc, type Availability, type Interval } from '../../../shared/slots.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { availabilityExceptions, availabilityRules, experts } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findExpert, type ExpertRow } from './service.js';

/**
 * Where busy times come from: the expert's live sessions overlapping [from, to), UTC. The sessions module
 * provides it; the routes take it as an option (see routes.ts).
 */
export type BusyIntervals = (expertId: string, from: Date, to: Date) => Promise<Interval[]>;

/** Longest bookable duration in minutes: busy times are read this far past the asked range. */
const maxDurationMs = 120 * 60_000;

type DbOrTx = Db | Tx;

function toException(row: typeof availabilityExceptions.$inferSelect): DateExceptionInput {
  return row.kind === 'blocked' || row.startMinute === null || row.endMinute === null
    ? { date: row.date, kind: 'blocked' }
    : { date: row.date, kind: 'custom', startMinute: row.startMinute, endMinute: row.endMinute };
}

/** Rules and exceptions (those between `first` and `last`, expert dates, when given) of one expert. */
async function loadAvailability(db: DbOrTx, expert: ExpertRow, range?: { first: string; last: string }) {
  const rules = await db
    .select({ weekday: availabilityRules.weekday, startMinute: availabilityRules.startMinute, endMinute: availabilityRules.endMinute })
    .from(availabilityRules)
    .where(eq(availabilityRules.expertId, expert.id))
    .orderBy(asc(availabilityRules.weekday), asc(availabilityRules.startMinute));
  const exceptionRows = await db
    .select()
    .from(availabilityExceptions)
    .where(
      and(
        eq(availabilityExceptions.expertId, expert.id),
        range ? gte(availabilityExceptions.date, range.first) : undefined,
        range ? lte(availabilityExceptions.date, range.last) : undefined,
      ),
    )
    .orderBy(asc(availabilityExceptions.date), asc(availabilityExceptions.startMinute));
  return { rules, exceptions: exceptionRows.map(toException) };
}

/** The expert's availability around client dates `from`..`to` in zone `tz`, with busy times from `busy`. */
async function availabilityFor(db: Db, expert: ExpertRow, from: string, to: string, tz: string, busy: BusyIntervals): Promise<Availability> {
  const start = wallClockToUtc(from, 0, tz);
  const end = wallClockToUtc(shiftDate(to, 1), 0, tz);
  const range = { first: shiftDate(dateInZone(start, expert.timezone), -1), last: shiftDate(dateInZone(end, expert.timezone), 1) };
  const { rules, exceptions } = await loadAvailability(db, expert, range);
  return { expertTimeZone: expert.timezone, rules, exceptions, busy: await busy(expert.id, start, new Date(end.getTime() + maxDurationMs)) };
}

/**
 * Start times (UTC ISO) a client in zone `tz` can book on `date` for `duration` minutes: inside the expert's
 * availability, outside busy times, at least 2 hours from `now`, on the 15-minute grid. An expert marked
 * unavailable has none. 404 'Expert Not Found'.
 */
export async function listSlots(db: Db, idOrSlug: string, q: { date: string; duration: number; tz: string }, now: Date, busy: BusyIntervals): Promise<string[]> {
  const expert = await findExpert(db, idOrSlug);
  if (!expert.isAvailable) return [];
  const availability = await availabilityFor(db, expert, q.date, q.date, q.tz, busy);
  return generateSlots({ ...availability, date: q.date, clientTimeZone: q.tz, durationMinutes: q.duration, now });
}

/**
 * The client dates `from`..`to` (inclusive, at most 62 days; zone `tz`) having at least one slot of
 * `duration` minutes, for the date picker. 400 when the range is reversed or too long; 404 'Expert Not Found'.
 */
export async function listAvailableDays(db: Db, idOrSlug: string, q: { from: string; to: string; duration: number; tz: string }, now: Date, busy: BusyIntervals): Promise<string[]> {
  const days = daysInclusive(q.from, q.to);
  if (days < 1) throw new AppError('VALIDATION', expertMessages.rangeOrder);
  if (days > maxAvailabilityDays) throw new AppError('VALIDATION', expertMessages.rangeTooLong);
  const expert = await findExpert(db, idOrSlug);
  if (!expert.isAvailable) return [];
  const availability = await availabilityFor(db, expert, q.from, q.to, q.tz, busy);
  return availableDays({ ...availability, from: q.from, to: q.to, clientTimeZone: q.tz, durationMinutes: q.duration, now });
}

/** The expert profile owned by `user`; 403 when the account has none. */
async function ownExpert(db: DbOrTx, user: CurrentUser): Promise<ExpertRow> {
  const [row] = await db.select().from(experts).where(eq(experts.userId, user.id)).limit(1);
  if (!row) throw new AppError('FORBIDDEN', expertMessages.notAnExpert);
  return row;
}

async function settingsOf(db: DbOrTx, expert: ExpertRow): Promise<AvailabilitySettings> {
  const { rules, exceptions } = await loadAvailability(db, expert);
  const usesDefault = rules.length === 0;
  return { timezone: expert.timezone, rules: usesDefault ? [...defaultWeeklyRules] : rules, exceptions, usesDefault };
}

/** GET /api/me/availability: the signed-in expert's zone, weekly ranges (default when none) and exceptions. 403 without a profile. */
export async function getMyAvailability(db: Db, user: CurrentUser): Promise<AvailabilitySettings> {
  return settingsOf(db, await ownExpert(db, user));
}

/**
 * PUT /api/me/availability: replaces zone, weekly ranges and exceptions in one transaction (input already
 * validated by `availabilityInput`; the exclusion constraints are the backstop). 403 without a profile.
 */
export async function saveMyAvailability(db: Db, user: CurrentUser, input: AvailabilityInput): Promise<AvailabilitySettings> {
  return db.transaction(async (tx) => {
    const expert = await ownExpert(tx, user);
    const [updated] = await tx.update(experts).set({ timezone: input.timezone, updatedAt: new Date() }).where(eq(experts.id, expert.id)).returning();
    await tx.delete(availabilityRules).where(eq(availabilityRules.expertId, expert.id));
    await tx.delete(availabilityExceptions).where(eq(availabilityExceptions.expertId, expert.id));
    if (input.rules.length > 0) await tx.insert(availabilityRules).values(input.rules.map((r) => ({ expertId: expert.id, ...r })));
    if (input.exceptions.length > 0) {
      await tx.insert(availabilityExceptions).values(
        input.exceptions.map((e) => (e.kind === 'custom' ? { expertId: expert.id, ...e } : { expertId: expert.id, date: e.date, kind: e.kind })),
      );
    }
    return settingsOf(tx, updated ?? expert);
  });
}
