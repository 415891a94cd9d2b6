/**
 * How every booking is written, a one-to-one session (use-cases/book-session.ts) or a workshop seat
 * (modules/workshops/use-cases/book-seat.ts), docs/product.md "Booking", "Payments", "Workshops": the card is held
 * first (outside the database); then the session, its payment, the ledger event, the confirmation e-mails (with the
 * calendar invite) and the client's receipt are written in ONE statement, hence one transaction. A refusal by the
 * database (a clash, a full workshop) voids the hold. When the card needs 3-D Secure the session is written as
 * pending_payment with `reserved_until` = now + 15 minutes and a pending payment instead; settle-reservation.ts
 * books it or releases it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import type { PaymentAction, SessionView } from '../../../shared/schemas/sessions.js';
import { autoReleaseHours, reservationMinutes, type CancellationPolicy } from '../../../shared/sessions.js';
import { reservationWords } from '../../../shared/reservation-words.js';
import { workshopMessages } from '../../../shared/workshops.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import { qualified as q } from '../../db/qualified.js';
import { sessions, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { outboxInsert } from '../../infra/mail/outbox.js';
import type { CardInput } from '../../../shared/cards.js';
import { assertSameRequest, requestHash } from '../../infra/request-hash.js';
import { giveBackOrQueue } from '../payments/payment-retry-service.js';
import { holdWrites } from '../payments/service.js';
import type { SessionDeps } from './deps.js';

/** What a booking needs from the server (deps.ts), for the modules that book through this service. */
export type { SessionDeps };
import { bookingEmails } from './emails.js';
import { loadForParty } from './load-session.js';
import { receiptEmail, receiptNumberSlot } from './receipt-emails.js';

/** The receipt number the booking's payment row is given in the booking's statement (its CTE 'payment'). */
const receiptNumberSql = sql<string | null>`(select receipt_number from payment)`;
import { bookedView, toView } from './session-view.js';
import { cardRefusal } from '../../infra/payments/card-refusal.js';

/** A meeting link with an unguessable room name (144 random bits), from MEETING_URL_TEMPLATE's `{room}`. */
export function meetingUrl(template: string): string {
  return template.replace('{room}', randomBytes(18).toString('base64url').replace(/[-_]/g, 'x'));
}

/**
 * Maps a failed booking insert to the product's message (docs/product.md "Booking", "Availability", "Workshops"):
 * 22P02, 23503, 23505 (one intro per pair, one seat per client per workshop); exclusion 23P01 per side (the
 * expert's busy time, the client's sessions); 23514 from the triggers: the daily maximum (migration 0017), a full
 * workshop (workshops_seats_check) or one no longer open (workshops_open_check, migration 0028).
 */
export function bookingConflict(err: unknown): AppError | null {
  const { code, constraint } = pgError(err);
  if (code === '23P01') return new AppError('CONFLICT', constraint === 'expert_busy_no_overlap' ? messages.booking.expertClash : messages.booking.clientClash);
  if (code === '23514' && constraint === 'sessions_expert_daily_limit') return new AppError('CONFLICT', messages.booking.dayFull);
  if (code === '23514' && constraint === 'workshops_seats_check') return new AppError('CONFLICT', workshopMessages.full);
  if (code === '23514' && constraint === 'workshops_open_check') return new AppError('CONFLICT', workshopMessages.notOpen);
  if (code === '23505' && constraint === 'sessions_one_intro_per_pair') return new AppError('CONFLICT', messages.booking.introUsed);
  if (code === '23505' && constraint === 'sessions_one_seat_per_client') return new AppError('CONFLICT', workshopMessages.alreadyBooked);
  if (code === '23505') return new AppError('CONFLICT', messages.booking.clientClash);
  if (code === '22P02') return new AppError('VALIDATION', messages.booking.invalidExpertFormat);
  if (code === '23503') return new AppError('NOT_FOUND', messages.booking.expertNotInDatabase);
  return null;
}

/**
 * The fingerprint of a booking request's body `input` (request-hash.ts). The card's number and code are left out: a
 * digest of a card number is card data (PCI DSS 3.5.1); its last four digits still tell two cards apart.
 */
export function bookingRequestHash<T extends { card?: CardInput }>(input: T): string {
  const { card, ...rest } = input;
  return requestHash({
    ...rest,
    card: card && { cardholderName: card.cardholderName, last4: card.number.replace(/\D/g, '').slice(-4), expiry: card.expiry },
  });
}

/** The client's session booked with an Idempotency-Key: `{ id, requestHash }` as JSON, or null (SQL; placeholders `clientId`, `key`). */
export function previousSql() {
  return sql<{
    id: string;
    requestHash: string | null;
  } | null>`(select json_build_object('id', ${q(sessions.id)}, 'requestHash', ${q(sessions.requestHash)}) from ${sessions} where ${q(sessions.clientId)} = ${sql.placeholder('clientId')} and ${q(sessions.idempotencyKey)} = ${sql.placeholder('key')})`;
}

function previousStatement(db: Db) {
  return db
    .select({ previous: previousSql() })
    .from(sql`(select 1) as one`)
    .prepare('booking_previous');
}
const previousStatements = new WeakMap<Db, ReturnType<typeof previousStatement>>();

/** The client's session booked with `idempotencyKey`, `{ id, requestHash }`, or null. */
export async function previousBooking(db: Db, clientId: string, key: string) {
  let statement = previousStatements.get(db);
  if (!statement) previousStatements.set(db, (statement = previousStatement(db)));
  const [row] = await statement.execute({ clientId, key });
  return row?.previous ?? null;
}

/**
 * The answer to a repeated Idempotency-Key: the session `previous` the key booked, as the client sees it. 402 when it
 * was a reservation that lapsed; 422 when that booking's request had another body than the one fingerprinted `hash`
 * (request-hash.ts): a key names one request.
 */
export async function replay(deps: SessionDeps, client: CurrentUser, previous: { id: string; requestHash: string | null }, hash: string): Promise<SessionView> {
  const { row } = await loadForParty(deps.db, client, previous.id);
  // A lapsed 3-D Secure reservation is not a booking: a retry must start again with a new key (docs/product.md "Payments").
  if (row.session.status === 'expired') throw new AppError('PAYMENT_DECLINED', reservationWords(row.session.kind).expired);
  assertSameRequest(previous.requestHash, hash);
  return toView(row, 'client');
}

/** What a booking writes, decided by its use case: the session's terms and who is e-mailed. */
export type BookingPlan = {
  /** The session row's own fields (kind, times, topic, rate, price in cents, policy, meeting link, workshop). */
  session: {
    expertId: string;
    expertName: string;
    startsAt: Date;
    endsAt: Date;
    durationMinutes: number;
    kind: 'intro' | 'paid' | 'workshop';
    topic: string;
    hourlyRateCents: number;
    totalAmountCents: number;
    currency: string;
    cancellationPolicy: CancellationPolicy;
    meetingUrl: string;
    workshopId?: string;
  };
  expert: { slug: string; timezone: string; email: string | null; userTimeZone: string | null };
  /** Whether the expert gets the booking e-mail and invite (a seat does not: the expert runs the workshop). */
  mailExpert: boolean;
  /** The charge's description at the processor, e.g. 'Mentora session with Ada'. */
  description: string;
  /** The card (simulated provider) or Stripe PaymentMethod; unused when the price is 0. */
  payment: { card?: CardInput; paymentMethodId?: string };
  /** The client's IANA zone from the request, stored when their account has none (docs/product.md "E-mail"). */
  timeZone?: string;
  /**
   * The part of the price an organisation's credit pays (docs/product.md "Booking with credit"): the card is held for
   * the rest only, and `reserve` takes the credit in the booking's transaction, after the session is written
   * (`take`, before it: a sponsored workshop seat leaves its sponsor's reserved seats).
   */
  credit?: { coveredCents: number; take?: (tx: Tx) => Promise<void>; reserve: (tx: Tx, sessionId: string) => Promise<void> };
};

/** A booking's result as an HTTP answer (bookingAnswers): 202 awaiting 3-D Secure, 200 a replay, else 201. */
export function bookingAnswer(result: { session: SessionView; replayed: boolean; paymentAction?: PaymentAction }) {
  if (result.paymentAction) return { status: 202, body: { session: result.session, paymentAction: result.paymentAction } } as const;
  return { status: result.replayed ? 200 : 201, body: { session: result.session } } as const;
}

/**
 * Holds the card for `plan.session.totalAmountCents` (none when 0) and writes the booking of `client` with
 * `idempotencyKey` (request fingerprint `hash`) in one statement. Returns `{ session, replayed, paymentAction? }`:
 * a concurrent first use of the key answers its session (`replayed`); 3-D Secure answers `paymentAction`.
 * Errors: 400 invalid card, 402 declined (nothing written), 409 refused by the database (bookingConflict; the hold
 * is voided, or queued for the payment retries job when the processor fails: payment-retry-service.ts), 422 the key
 * was used for another body.
 */
export async function writeBooking(
  deps: SessionDeps,
  client: CurrentUser,
  plan: BookingPlan,
  idempotencyKey: string,
  hash: string,
  now: Date,
): Promise<{ session: SessionView; replayed: boolean; paymentAction?: PaymentAction }> {
  const { session: terms, expert } = plan;
  const amountCents = terms.totalAmountCents;
  const creditCents = plan.credit?.coveredCents ?? 0;
  const holdKey = `hold:${client.id}:${idempotencyKey}`;
  const hold =
    amountCents > creditCents
      ? await deps.provider.hold({
          amountCents: amountCents - creditCents,
          currency: terms.currency,
          card: plan.payment.card,
          paymentMethodId: plan.payment.paymentMethodId,
          releaseBy: new Date(terms.endsAt.getTime() + autoReleaseHours * 3_600_000),
          now,
          idempotencyKey: holdKey,
          description: plan.description,
        })
      : null;
  const pending = hold && !hold.ok && hold.reason === 'requires_action' ? hold : null;
  if (hold && !hold.ok && !pending) throw cardRefusal(hold);
  const reservedUntil = pending ? new Date(now.getTime() + reservationMinutes * 60_000) : null;

  // The session's and the payment's ids are chosen here, so that every row of the booking (session, payment,
  // ledger event, e-mails, rendered from the values booked) goes to the database in ONE statement: one round
  // trip, one transaction (docs/performance.md "Booking").
  const session = {
    ...terms,
    workshopId: terms.workshopId ?? null,
    // The commission is frozen with the booking like its price and policy (docs/product.md "Earnings").
    platformFeeBps: deps.platformFeeBasisPoints,
    id: randomUUID(),
    clientId: client.id,
    clientName: `${client.firstName} ${client.lastName}`.trim(),
    idempotencyKey,
    requestHash: hash,
    status: pending ? 'pending_payment' : 'booked',
    reservedUntil,
  };
  // A price the credit pays in full has no card: its payment is the credit's, named after the session.
  const providerRef = pending?.providerRef ?? (hold?.ok ? hold.providerRef : creditCents > 0 ? `credit:${session.id}` : null);
  const ledger = providerRef
    ? holdWrites(deps.db, {
        id: randomUUID(),
        sessionId: session.id,
        status: pending ? 'pending' : 'held',
        amountCents,
        creditCents,
        currency: terms.currency,
        provider: hold ? deps.provider.name : 'credit',
        providerRef,
        ...(hold?.ok ? { cardBrand: hold.cardBrand, cardLast4: hold.cardLast4 } : {}),
        idempotencyKey: holdKey,
        actorId: client.id,
      })
    : null;
  const clientZone = client.timeZone ?? plan.timeZone ?? null;
  const parties = {
    client: { email: client.email, zone: clientZone ?? expert.timezone },
    expert: plan.mailExpert && expert.email ? { email: expert.email, zone: expert.userTimeZone ?? expert.timezone } : null,
  };
  const mails = pending ? [] : bookingEmails({ ...session, inviteSequence: 0 }, parties, deps);
  // The client's receipt for the payment goes out with the booking (docs/product.md "Payments").
  if (ledger && !pending) {
    const card = hold?.ok ? { cardBrand: hold.cardBrand, cardLast4: hold.cardLast4 } : { cardBrand: null, cardLast4: null };
    const paid = { ...session, sessionId: session.id, amountCents, creditCents, refundedCents: 0, ...card, receiptNumber: receiptNumberSlot };
    mails.push(receiptEmail({ type: 'payment' }, paid, parties.client, now, deps.baseUrl));
  }
  const storeZone =
    !client.timeZone && clientZone
      ? deps.db
          .update(userTable)
          .set({ timeZone: clientZone })
          .where(and(eq(userTable.id, client.id), isNull(userTable.timeZone)))
      : null;
  try {
    const written = deps.db
      .$with('written')
      .as(deps.db.insert(sessions).values(session).returning({ createdAt: sessions.createdAt, updatedAt: sessions.updatedAt }));
    const parts = [
      written,
      ...(ledger ? [deps.db.$with('payment').as(ledger.payment)] : []),
      ...(ledger?.event ? [deps.db.$with('ledger_event').as(ledger.event)] : []),
      // The receipt names the number the payment's row gets in this statement (migration 0047).
      ...(mails.length
        ? [deps.db.$with('mail').as(outboxInsert(deps.db, mails, ledger ? { slot: receiptNumberSlot, value: receiptNumberSql } : undefined))]
        : []),
      ...(storeZone ? [deps.db.$with('client_zone').as(storeZone)] : []),
    ];
    const statement = (db: Db | Tx) =>
      db
        .with(...parts)
        .select({ createdAt: written.createdAt, updatedAt: written.updatedAt, ...(ledger ? { receiptNumber: receiptNumberSql } : {}) })
        .from(written);
    const credit = plan.credit;
    const [stored] = credit
      ? await deps.db.transaction(async (tx) => {
          await credit.take?.(tx);
          const rows = await statement(tx);
          await credit.reserve(tx, session.id);
          return rows;
        })
      : await statement(deps.db);
    const view = bookedView(
      { ...session, ...stored! },
      expert.slug,
      ledger
        ? {
            status: pending ? 'pending' : 'held',
            amountCents,
            refundedCents: 0,
            cardBrand: hold?.ok ? hold.cardBrand : null,
            cardLast4: hold?.ok ? hold.cardLast4 : null,
            provider: hold ? deps.provider.name : 'credit',
            creditCents,
            receiptNumber: stored!.receiptNumber ?? null,
          }
        : null,
    );
    return {
      session: view,
      replayed: false,
      ...(pending && reservedUntil ? { paymentAction: { clientSecret: pending.clientSecret, reservedUntil: reservedUntil.toISOString() } } : {}),
    };
  } catch (err) {
    // The database refused the booking: the card's hold goes back, now or by the payment retries job.
    const taken = hold?.ok ? hold : pending;
    if (taken) {
      const giveBack = {
        providerRef: taken.providerRef,
        amountCents: amountCents - creditCents,
        idempotencyKey: `void:${taken.providerRef}`,
        why: 'booking refused by the database',
      };
      await giveBackOrQueue(deps.db, deps, giveBack, now);
    }
    const { code, constraint } = pgError(err);
    if (code === '23505' && constraint === 'sessions_client_idempotency_key') {
      const first = await previousBooking(deps.db, client.id, idempotencyKey);
      if (first) return { session: await replay(deps, client, first, hash), replayed: true };
    }
    throw bookingConflict(err) ?? err;
  }
}
