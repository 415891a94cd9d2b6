/**
 * Booking a session from a prepaid session (docs/product.md "Plans and packages"), with no card step: the package
 * and plan use cases read their source (whose prepaid sessions, under which frozen terms) and say how its row is
 * locked; this books. The session is an ordinary one-to-one session — the expert's calendar, invites, reminders,
 * reschedule, no-shows and messages treat it as any other — whose price is its prepaid session's share, held in escrow
 * by a payment on the source's charge and released on confirmation net of the commission frozen at purchase (a free
 * trial's share is 0: nothing is held). As a one-off booking (booking-service.ts), the write is ONE statement
 * (docs/performance.md "Booking cost"): the source's row locked, the prepaid session drawn and marked booked, the
 * session, the held share and its ledger event, the e-mails. The source's row lock makes two bookings of its last
 * session settle one at a time: the later one finds none left (409).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { messages } from '../../../shared/messages.js';
import type { PackageBookingInput } from '../../../shared/schemas/packages.js';
import { packageBookingInput } from '../../../shared/schemas/packages.js';
import type { SessionView } from '../../../shared/schemas/sessions.js';
import type { CancellationPolicy } from '../../../shared/sessions.js';
import { dateInZone, dayIsFull } from '../../../shared/slots.js';
import { hasClientProfile } from '../../../shared/roles.js';
import { isUuid } from '../../../shared/ids.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import { experts, packagePurchases, sessions, subscriptions, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { outboxInsert } from '../../infra/mail/outbox.js';
import { requestHash } from '../../infra/request-hash.js';
import { listSlots } from '../experts/availability-service.js';
import { drawNext, markBooked, type PrepaidOwner } from '../packages/prepaid-service.js';
import { holdWrites } from '../payments/service.js';
import { bookingConflict, meetingUrl, previousBooking, previousSql, replay } from './booking-service.js';
import { busyIntervalsSql } from './busy-intervals.js';
import type { SessionDeps } from './deps.js';
import { bookingEmails } from './emails.js';
import { bookedView } from './session-view.js';

/** What a drawn prepaid session is booked under: the frozen terms of its package purchase or plan subscription. */
export type DrawnTerms = {
  expertId: string;
  expertName: string;
  durationMinutes: number;
  currency: string;
  platformFeeBps: number;
  /** The charge the share is held on (null for a free trial's share of 0). */
  providerRef: string | null;
  provider: string;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The session's place: of the package's sessions, or of the plan's month. */
  count: number;
  /** The price an hour written on the session (its price is the share). */
  hourlyRateCents: number;
  subscriptionId?: string;
};

/**
 * The columns of the source's expert a booking reads with its source (joined as `experts` and, left, their account as
 * `user`): whether they can be booked, the cancellation policy the session keeps, and where their e-mail goes.
 */
const bookedExpertColumns = {
  status: experts.status,
  policy: sql<CancellationPolicy>`${experts.cancellationPolicy}`,
  slug: experts.slug,
  timezone: experts.timezone,
  email: userTable.email,
  userTimeZone: userTable.timeZone,
};

/**
 * The first part of a source's context statement (its use case prepares the rest: its joins, `where`, name): the
 * frozen terms of the purchase or subscription `table` (the columns both have), `extra` columns, the expert
 * (bookedExpertColumns) and the client's session booked with the Idempotency-Key (placeholders `clientId`, `key`).
 */
export function sourceContext<X extends SelectedFields>(db: Db, table: typeof packagePurchases | typeof subscriptions, extra: X) {
  const terms = {
    id: table.id,
    expertId: table.expertId,
    expertName: table.expertName,
    durationMinutes: table.durationMinutes,
    currency: table.currency,
    platformFeeBps: table.platformFeeBps,
    provider: table.provider,
    cardBrand: table.cardBrand,
    cardLast4: table.cardLast4,
    sessionCount: table.sessionCount,
    priceCents: table.priceCents,
  };
  return db
    .select({ ...extra, terms, expert: bookedExpertColumns, previous: previousSql() })
    .from(table)
    .innerJoin(experts, eq(experts.id, table.expertId))
    .leftJoin(userTable, eq(userTable.id, experts.userId));
}

/** A source as its use case reads it, without a lock, in the statement that also looks for the Idempotency-Key. */
export type PrepaidState = {
  terms: DrawnTerms;
  /** Whose prepaid sessions are drawn: the purchase, or the plan's current month (null when it has none). */
  owner: PrepaidOwner | null;
  /** The lowest-numbered available prepaid session (prepaid-service.ts `nextAvailableSql`), null when none is left. */
  next: { id: string; number: number; shareCents: number } | null;
  expert: { status: string; policy: CancellationPolicy; slug: string; timezone: string; email: string | null; userTimeZone: string | null };
};

/** The client's session already booked with the request's Idempotency-Key (booking-service.ts `previousSql`). */
type PreviousBooking = NonNullable<Awaited<ReturnType<typeof previousBooking>>>;

/** The price an hour written on a session drawn from `count` sessions of `minutes` sold for `priceCents` (its price is the share). */
export function prepaidHourlyRateCents(priceCents: number, count: number, minutes: number): number {
  return Math.round((priceCents * 60) / (count * minutes));
}

/**
 * A source's `read`, for its context statement `prepare(db)` (prepared once per database, placeholders `id`,
 * `clientId`, `key`; no row when the source is unknown or not the client's, and none is looked for when `id` is not a
 * uuid) whose row `toState` shapes: `(db, id, clientId, key) → { previous, state }`.
 */
export function sourceReader<R extends { previous: PreviousBooking | null }, S extends PrepaidState>(
  prepare: (db: Db) => { execute(placeholders: Record<string, unknown>): Promise<R[]> },
  toState: (row: R) => S,
) {
  const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
  return async (db: Db, id: string, clientId: string, key: string): Promise<{ previous: PreviousBooking | null; state: S | null }> => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    const [row] = isUuid(id) ? await statement.execute({ id, clientId, key }) : [];
    return row ? { previous: row.previous, state: toState(row) } : { previous: await previousBooking(db, clientId, key), state: null };
  };
}

/** Where prepaid sessions come from: a package's purchase or a plan's subscription. */
export type PrepaidSource<S extends PrepaidState> = {
  /** Names the request for its Idempotency-Key (the purchase or subscription id). */
  id: string;
  /** The 404's message: the source is unknown or not the client's. */
  notFound: string;
  /** In one statement: the client's source `state` as it is now (null when unknown or not theirs) and `previous`. */
  read(db: Db, clientId: string, key: string): Promise<{ previous: PreviousBooking | null; state: S | null }>;
  /** Why `state` cannot be drawn from for a session at `startsAt` (the 409's message), or null; `next` null is 'none left'. */
  refusal(state: S, startsAt: Date, now: Date): string | null;
  /** The source's row, locked FOR UPDATE only while it can still be drawn from for a session at `startsAt` (the statement's gate). */
  gate(db: Db, state: S, startsAt: Date, now: Date): TypedQueryBuilder<Record<string, unknown>>;
};

/** Statements tried when each finds its prepaid session drawn by a booking that committed meanwhile (then re-read). */
const drawTries = 3;

/**
 * Books a session at `input.startsAt` from `source` for `client`, under `idempotencyKey` (the same key and body answer
 * the first session, `replayed`; another body 422). The session keeps the expert's cancellation policy as it is now
 * and the source's frozen commission. Errors: 403 not a client with a complete profile; 404 not the client's source;
 * 400 past time; 409 the time not offered, the expert no longer published, the source's refusal (nothing left to
 * draw, ended, expired…), or the time taken meanwhile (expert or client clash).
 */
export async function bookPrepaidSession<S extends PrepaidState>(
  deps: SessionDeps,
  client: CurrentUser,
  source: PrepaidSource<S>,
  rawInput: PackageBookingInput,
  idempotencyKey: string,
  now: Date,
): Promise<{ session: SessionView; replayed: boolean }> {
  const input = packageBookingInput.parse(rawInput);
  if (client.role !== 'client') throw new AppError('FORBIDDEN', 'Only client accounts can book sessions');
  if (!hasClientProfile(client)) throw new AppError('FORBIDDEN', messages.booking.completeProfile);
  const hash = requestHash({ purchaseId: source.id, ...input });
  const first = await source.read(deps.db, client.id, idempotencyKey);
  if (first.previous) return { session: await replay(deps, client, first.previous, hash), replayed: true };

  const startsAt = new Date(input.startsAt);
  if (startsAt.getTime() <= now.getTime()) throw new AppError('VALIDATION', messages.booking.futureDateTime);
  if (!first.state) throw new AppError('NOT_FOUND', source.notFound);
  if (first.state.expert.status !== 'published') throw new AppError('CONFLICT', messages.booking.slotUnavailable);
  const { slots: offered, availability } = await listSlots(
    deps.db,
    first.state.terms.expertId,
    { date: dateInZone(startsAt, 'UTC'), duration: first.state.terms.durationMinutes, tz: 'UTC' },
    now,
    busyIntervalsSql,
  );
  if (!offered.some((s) => new Date(s).getTime() === startsAt.getTime()))
    throw new AppError('CONFLICT', dayIsFull(startsAt, availability) ? messages.booking.dayFull : messages.booking.slotUnavailable);

  for (let state = first.state, tries = 1; ; tries++) {
    const refused = source.refusal(state, startsAt, now);
    if (refused) throw new AppError('CONFLICT', refused);
    try {
      return { session: await writeDrawn(deps, client, source, state, input, idempotencyKey, hash, startsAt, now), replayed: false };
    } catch (err) {
      const { code, constraint } = pgError(err);
      // The prepaid session read was drawn by another booking of the source meanwhile: read the source again, as it
      // is now that the other booking committed, and draw what it has left, or give its refusal.
      const lostDraw = code === '23514' && constraint === 'sessions_package_check';
      if (!lostDraw || tries === drawTries) {
        const previous = await previousBooking(deps.db, client.id, idempotencyKey);
        if (previous) return { session: await replay(deps, client, previous, hash), replayed: true };
        throw bookingConflict(err) ?? (lostDraw ? new AppError('CONFLICT', messages.booking.failed) : err);
      }
      const again = await source.read(deps.db, client.id, idempotencyKey);
      if (again.previous) return { session: await replay(deps, client, again.previous, hash), replayed: true };
      if (!again.state) throw new AppError('NOT_FOUND', source.notFound);
      state = again.state;
    }
  }
}

/**
 * Writes the booking of `state.next` in ONE statement and answers the session from the values written. The session
 * names its prepaid session only when the statement drew that one (under the source's lock): otherwise the session's
 * row breaks `sessions_package_check` (a place in a package without its prepaid session) and nothing is written.
 */
async function writeDrawn<S extends PrepaidState>(
  deps: SessionDeps,
  client: CurrentUser,
  source: PrepaidSource<S>,
  state: S,
  input: ReturnType<typeof packageBookingInput.parse>,
  idempotencyKey: string,
  hash: string,
  startsAt: Date,
  now: Date,
): Promise<SessionView> {
  const { terms: t, expert, next } = state;
  const db = deps.db;
  const gate = db.$with('gate').as(source.gate(db, state, startsAt, now));
  const taken = db.$with('taken').as(drawNext(db, state.owner!, gate));
  const session = {
    id: randomUUID(),
    clientId: client.id,
    expertId: t.expertId,
    expertName: t.expertName,
    clientName: `${client.firstName} ${client.lastName}`.trim(),
    startsAt,
    endsAt: new Date(startsAt.getTime() + t.durationMinutes * 60_000),
    durationMinutes: t.durationMinutes,
    kind: 'paid' as const,
    topic: input.topic,
    hourlyRateCents: t.hourlyRateCents,
    totalAmountCents: next!.shareCents,
    currency: t.currency,
    cancellationPolicy: expert.policy,
    platformFeeBps: t.platformFeeBps,
    meetingUrl: meetingUrl(deps.meetingUrlTemplate),
    idempotencyKey,
    requestHash: hash,
    status: 'booked',
    packageSessionNumber: next!.number,
    packageSessionCount: t.count,
    subscriptionId: t.subscriptionId ?? null,
    workshopId: null,
  };
  const written = db.$with('written').as(
    db
      .insert(sessions)
      .values({ ...session, prepaidSessionId: sql`(select ${taken.id} from ${taken} where ${taken.id} = ${next!.id})` })
      .returning({ createdAt: sessions.createdAt, updatedAt: sessions.updatedAt }),
  );
  const ledger =
    next!.shareCents > 0 && t.providerRef
      ? holdWrites(db, {
          id: randomUUID(),
          sessionId: session.id,
          status: 'held',
          amountCents: next!.shareCents,
          currency: t.currency,
          provider: t.provider,
          providerRef: t.providerRef,
          ...(t.cardBrand && t.cardLast4 ? { cardBrand: t.cardBrand, cardLast4: t.cardLast4 } : {}),
          idempotencyKey: `prepaid:${next!.id}:${session.id}`,
          actorId: client.id,
        })
      : null;
  const clientZone = client.timeZone ?? input.timeZone ?? null;
  const parties = {
    client: { email: client.email, zone: clientZone ?? expert.timezone },
    expert: expert.email ? { email: expert.email, zone: expert.userTimeZone ?? expert.timezone } : null,
  };
  const storeZone =
    !client.timeZone && clientZone
      ? db
          .update(userTable)
          .set({ timeZone: clientZone })
          .where(and(eq(userTable.id, client.id), isNull(userTable.timeZone)))
      : null;
  const parts = [
    gate,
    taken,
    written,
    db.$with('marked').as(markBooked(db, sql`(select ${taken.id} from ${taken})`, session.id)),
    ...(ledger ? [db.$with('payment').as(ledger.payment)] : []),
    ...(ledger?.event ? [db.$with('ledger_event').as(ledger.event)] : []),
    db.$with('mail').as(outboxInsert(db, bookingEmails({ ...session, inviteSequence: 0 }, parties, deps))),
    ...(storeZone ? [db.$with('client_zone').as(storeZone)] : []),
  ];
  const receiptNumber = sql<string | null>`(select receipt_number from payment)`;
  const [stored] = await db
    .with(...parts)
    .select({ createdAt: written.createdAt, updatedAt: written.updatedAt, ...(ledger ? { receiptNumber } : {}) })
    .from(written);
  return bookedView(
    { ...session, ...stored! },
    expert.slug,
    ledger
      ? {
          status: 'held',
          amountCents: next!.shareCents,
          refundedCents: 0,
          cardBrand: t.cardBrand && t.cardLast4 ? t.cardBrand : null,
          cardLast4: t.cardBrand && t.cardLast4 ? t.cardLast4 : null,
          provider: t.provider,
          receiptNumber: stored!.receiptNumber ?? null,
        }
      : null,
  );
}
