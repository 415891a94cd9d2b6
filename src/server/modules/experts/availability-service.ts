/**
 * Expert availability: bookable slots and days for clients, and the expert's own weekly ranges and date
 * exceptions. Slot rules live in src/shared/slots.ts; this file loads the rows and the busy times.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AvailabilityInput, AvailabilitySettings, DateExceptionInput } from '../../../shared/schemas/experts.js';
import { dayLabel, expertMessages, maxAvailabilityDays } from '../../../shared/schemas/experts.js';
import {
  availableDays,
  dateInZone,
  daysInclusive,
  defaultWeeklyRules,
  generateSlots,
  shiftDate,
  wallClockToUtc,
  type Availability,
} from '../../../shared/slots.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { availabilityExceptions, availabilityRules, experts } from '../../db/schema.js';
import { qualified as q } from '../../db/qualified.js';
import { AppError } from '../../errors.js';
import { expertKey, type ExpertRow } from './service.js';
import { clock } from '../../clock.js';

/**
 * Where busy times come from: SQL giving the live sessions of the expert `expertId` (an SQL uuid: a value or a
 * column of the enclosing query) starting in [from, to) (SQL timestamptz values) as a json array of [startMs, endMs,
 * bufferBeforeMinutes, bufferAfterMinutes]. The sessions module provides it (busyIntervalsSql); the routes take it
 * as an option (see routes.ts). SQL rather than a function returning rows, so the slot read is one statement (one
 * round trip) instead of four.
 */
export type BusyIntervals = (expertId: SQL, from: SQL, to: SQL) => SQL<[number, number, number, number][]>;

/**
 * Busy times are read this far either side of the asked range: every session starting on an expert date that a
 * client date can touch (zone offsets differ by at most 26 hours), for the daily maximum, which also covers the
 * longest session (120 minutes) and the largest buffers (60 minutes each) reaching into the range.
 */
const busyMarginMs = 27 * 3_600_000;

type DbOrTx = Db | Tx;

function toException(row: Pick<typeof availabilityExceptions.$inferSelect, 'date' | 'kind' | 'startMinute' | 'endMinute'>): DateExceptionInput {
  return row.kind === 'blocked' || row.startMinute === null || row.endMinute === null
    ? { date: row.date, kind: 'blocked' }
    : { date: row.date, kind: 'custom', startMinute: row.startMinute, endMinute: row.endMinute };
}

/** The weekly rules and date exceptions of one expert (their availability settings). */
async function loadAvailability(db: DbOrTx, expert: ExpertRow) {
  const rules = await db
    .select({ weekday: availabilityRules.weekday, startMinute: availabilityRules.startMinute, endMinute: availabilityRules.endMinute })
    .from(availabilityRules)
    .where(eq(availabilityRules.expertId, expert.id))
    .orderBy(asc(availabilityRules.weekday), asc(availabilityRules.startMinute));
  const exceptionRows = await db
    .select()
    .from(availabilityExceptions)
    .where(eq(availabilityExceptions.expertId, expert.id))
    .orderBy(asc(availabilityExceptions.date), asc(availabilityExceptions.startMinute));
  return { rules, exceptions: exceptionRows.map(toException) };
}

/**
 * Client dates `from`..`to` as seen in any zone fall on expert dates from `from` − 2 to `to` + 2 (zone offsets
 * differ by at most 26 hours); slot generation also looks one date further either side. Exceptions are read for
 * this range, known before the expert's zone, so expert, rules, exceptions and busy times are one query.
 */
const exceptionMarginDays = 3;

type ExceptionJson = [date: string, kind: string, startMinute: number | null, endMinute: number | null];

/**
 * The availability read as a prepared statement, for an expert looked up `by` uuid or slug: built once per
 * database and busy source (the statement text is fixed; only the placeholders change), so a slot request
 * neither rebuilds the query in Drizzle nor has PostgreSQL parse and plan it again on a pooled connection.
 * Placeholders: key (uuid or slug), first and last (expert dates of the exceptions), busyFrom and busyTo (ISO).
 */
function availabilityStatement(db: DbOrTx, busy: BusyIntervals, by: 'id' | 'slug', name: string) {
  const p = sql.placeholder;
  const [r, x, e] = [availabilityRules, availabilityExceptions, experts];
  return db
    .select({
      id: e.id,
      timezone: e.timezone,
      isAvailable: e.isAvailable,
      bufferBeforeMinutes: e.bufferBeforeMinutes,
      bufferAfterMinutes: e.bufferAfterMinutes,
      maxSessionsPerDay: e.maxSessionsPerDay,
      rules: sql<
        [number, number, number][]
      >`coalesce((select json_agg(json_build_array(${q(r.weekday)}, ${q(r.startMinute)}, ${q(r.endMinute)}) order by ${q(r.weekday)}, ${q(r.startMinute)}) from ${r} where ${q(r.expertId)} = ${q(e.id)}), '[]'::json)`,
      exceptions: sql<
        ExceptionJson[]
      >`coalesce((select json_agg(json_build_array(${q(x.date)}, ${q(x.kind)}, ${q(x.startMinute)}, ${q(x.endMinute)}) order by ${q(x.date)}, ${q(x.startMinute)}) from ${x} where ${q(x.expertId)} = ${q(e.id)} and ${q(x.date)} between ${p('first')}::date and ${p('last')}::date), '[]'::json)`,
      busy: busy(q(e.id), sql`${p('busyFrom')}::timestamptz`, sql`${p('busyTo')}::timestamptz`),
    })
    .from(e)
    .where(and(by === 'id' ? eq(e.id, p('key')) : eq(e.slug, p('key')), eq(e.status, 'published')))
    .limit(1)
    .prepare(name);
}

type Statements = Record<'id' | 'slug', ReturnType<typeof availabilityStatement>>;
const statements = new WeakMap<Db, WeakMap<BusyIntervals, Statements>>();
/** Names prepared statements uniquely in this process (a name must always carry the same text on a connection). */
let statementCount = 0;

function statementsFor(db: Db, busy: BusyIntervals): Statements {
  const byBusy = statements.get(db) ?? new WeakMap<BusyIntervals, Statements>();
  statements.set(db, byBusy);
  let found = byBusy.get(busy);
  if (!found) {
    const n = ++statementCount;
    found = {
      id: availabilityStatement(db, busy, 'id', `availability_by_id_${n}`),
      slug: availabilityStatement(db, busy, 'slug', `availability_by_slug_${n}`),
    };
    byBusy.set(busy, found);
  }
  return found;
}

/**
 * A published expert by uuid or slug with their availability around client dates `from`..`to` in zone `tz`,
 * in one statement: `{ expertId, isAvailable, availability }` (busy times from `busy`); 404 'Expert Not Found'.
 * Inside a transaction (a session being moved, src/server/modules/sessions/move-session.ts) the statement runs on
 * it, unnamed: a named one belongs to the pool's connections, and PGlite's single connection is the transaction's.
 */
export async function availabilityFor(
  db: DbOrTx,
  idOrSlug: string,
  from: string,
  to: string,
  tz: string,
  busy: BusyIntervals,
): Promise<{ expertId: string; isAvailable: boolean; availability: Availability }> {
  const start = wallClockToUtc(from, 0, tz);
  const end = wallClockToUtc(shiftDate(to, 1), 0, tz);
  const key = expertKey(idOrSlug);
  // A transaction handle is the one with rollback().
  const statement = 'rollback' in db ? availabilityStatement(db, busy, key.by, '') : statementsFor(db, busy)[key.by];
  const [row] = await statement.execute({
    key: key.value,
    first: shiftDate(from, -exceptionMarginDays),
    last: shiftDate(to, exceptionMarginDays),
    busyFrom: new Date(start.getTime() - busyMarginMs).toISOString(),
    busyTo: new Date(end.getTime() + busyMarginMs).toISOString(),
  });
  if (!row) throw new AppError('NOT_FOUND', expertMessages.notFound);
  return {
    expertId: row.id,
    isAvailable: row.isAvailable,
    availability: {
      expertTimeZone: row.timezone,
      rules: row.rules.map(([weekday, startMinute, endMinute]) => ({ weekday, startMinute, endMinute })),
      exceptions: row.exceptions.map(([date, kind, startMinute, endMinute]) => toException({ date, kind, startMinute, endMinute })),
      busy: row.busy.map(([s, e, bufferBeforeMinutes, bufferAfterMinutes]) => ({
        start: new Date(s),
        end: new Date(e),
        bufferBeforeMinutes,
        bufferAfterMinutes,
      })),
      limits: { bufferBeforeMinutes: row.bufferBeforeMinutes, bufferAfterMinutes: row.bufferAfterMinutes, maxSessionsPerDay: row.maxSessionsPerDay },
    },
  };
}

/**
 * Start times (UTC ISO) a client in zone `tz` can book on `date` for `duration` minutes: inside the expert's
 * availability, clear of busy times with both sides' buffers, on an expert date below their daily maximum, at
 * least 2 hours from `now`, on the 15-minute grid. An expert marked unavailable has none. Returns them with the
 * expert's uuid and the availability they came from. 404 'Expert Not Found'.
 */
export async function listSlots(
  db: Db,
  idOrSlug: string,
  q: { date: string; duration: number; tz: string },
  now: Date,
  busy: BusyIntervals,
): Promise<{ expertId: string; slots: string[]; availability: Availability }> {
  const { expertId, isAvailable, availability } = await availabilityFor(db, idOrSlug, q.date, q.date, q.tz, busy);
  return {
    expertId,
    availability,
    slots: isAvailable ? generateSlots({ ...availability, date: q.date, clientTimeZone: q.tz, durationMinutes: q.duration, now }) : [],
  };
}

/**
 * The client dates `from`..`to` (inclusive, at most 62 days; zone `tz`) having at least one slot of
 * `duration` minutes, for the date picker, with the expert's uuid. 400 when the range is reversed or too long;
 * 404 'Expert Not Found'.
 */
export async function listAvailableDays(
  db: Db,
  idOrSlug: string,
  q: { from: string; to: string; duration: number; tz: string },
  now: Date,
  busy: BusyIntervals,
): Promise<{ expertId: string; days: string[] }> {
  const days = daysInclusive(q.from, q.to);
  if (days < 1) throw new AppError('VALIDATION', expertMessages.rangeOrder);
  if (days > maxAvailabilityDays) throw new AppError('VALIDATION', expertMessages.rangeTooLong);
  const { expertId, isAvailable, availability } = await availabilityFor(db, idOrSlug, q.from, q.to, q.tz, busy);
  return {
    expertId,
    days: isAvailable ? availableDays({ ...availability, from: q.from, to: q.to, clientTimeZone: q.tz, durationMinutes: q.duration, now }) : [],
  };
}

/** The expert profile owned by `user`; 403 when the account has none. */
async function ownExpert(db: DbOrTx, user: CurrentUser): Promise<ExpertRow> {
  const [row] = await db.select().from(experts).where(eq(experts.userId, user.id)).limit(1);
  if (!row) throw new AppError('FORBIDDEN', expertMessages.notAnExpert);
  return row;
}

/** The settings as the page edits them: exceptions from today on in the expert's zone (a save refuses past ones). */
async function settingsOf(db: DbOrTx, expert: ExpertRow, now = clock.now()): Promise<AvailabilitySettings> {
  const { rules, exceptions: all } = await loadAvailability(db, expert);
  const today = dateInZone(now, expert.timezone);
  const exceptions = all.filter((e) => e.date >= today);
  const usesDefault = rules.length === 0;
  return {
    timezone: expert.timezone,
    rules: usesDefault ? [...defaultWeeklyRules] : rules,
    exceptions,
    usesDefault,
    bufferBeforeMinutes: expert.bufferBeforeMinutes,
    bufferAfterMinutes: expert.bufferAfterMinutes,
    maxSessionsPerDay: expert.maxSessionsPerDay,
  };
}

/**
 * GET /api/me/availability: the signed-in expert's zone, weekly ranges (default when none), exceptions and
 * scheduling limits (buffers in minutes, daily maximum or null). 403 without a profile.
 */
export async function getMyAvailability(db: Db, user: CurrentUser): Promise<AvailabilitySettings> {
  return settingsOf(db, await ownExpert(db, user));
}

/**
 * PUT /api/me/availability: replaces zone, weekly ranges, exceptions and scheduling limits in one transaction
 * (input already validated by `availabilityInput`; the exclusion and check constraints are the backstop). New
 * buffers apply to sessions booked from now on; sessions already booked keep theirs. A date exception before
 * today in the new zone is refused (400, naming the day); past ones stored earlier are dropped. 403 without a profile.
 */
export async function saveMyAvailability(db: Db, user: CurrentUser, input: AvailabilityInput, now = clock.now()): Promise<AvailabilitySettings> {
  const today = dateInZone(now, input.timezone);
  const past = input.exceptions.find((e) => e.date < today);
  if (past) throw new AppError('VALIDATION', expertMessages.exceptionInPast(dayLabel(past.date)));
  return db.transaction(async (tx) => {
    const expert = await ownExpert(tx, user);
    const [updated] = await tx
      .update(experts)
      .set({
        timezone: input.timezone,
        bufferBeforeMinutes: input.bufferBeforeMinutes,
        bufferAfterMinutes: input.bufferAfterMinutes,
        maxSessionsPerDay: input.maxSessionsPerDay,
        updatedAt: new Date(),
      })
      .where(eq(experts.id, expert.id))
      .returning();
    await tx.delete(availabilityRules).where(eq(availabilityRules.expertId, expert.id));
    await tx.delete(availabilityExceptions).where(eq(availabilityExceptions.expertId, expert.id));
    if (input.rules.length > 0) await tx.insert(availabilityRules).values(input.rules.map((r) => ({ expertId: expert.id, ...r })));
    if (input.exceptions.length > 0) {
      await tx
        .insert(availabilityExceptions)
        .values(input.exceptions.map((e) => (e.kind === 'custom' ? { expertId: expert.id, ...e } : { expertId: expert.id, date: e.date, kind: e.kind })));
    }
    return settingsOf(tx, updated ?? expert);
  });
}
