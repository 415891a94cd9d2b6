/**
 * POST /api/sessions: booking (docs/product.md "Booking", "Free introductory meeting"). One client books a slot of
 * one expert. The card is held first (outside the database); then the session (booked), its payment (held), the
 * ledger event and both confirmation e-mails are written in ONE statement, hence one transaction. A conflict voids
 * the hold. The exclusion constraints make double booking impossible even under races.
 * When the card needs 3-D Secure (Stripe; docs/product.md "Payments") the session is written as pending_payment
 * with `reserved_until` = now + 15 minutes and a pending payment instead: the slot is reserved, no e-mail is
 * sent, and settle-reservation.ts books it or releases it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { messages } from '../../../../shared/messages.js';
import { totalCents } from '../../../../shared/pricing.js';
import { hasClientProfile } from '../../../../shared/roles.js';
import { bookingInput, type BookingInput, type PaymentAction, type SessionView } from '../../../../shared/schemas/sessions.js';
import { autoReleaseHours, reservationMinutes, type CancellationPolicy } from '../../../../shared/sessions.js';
import { dateInZone, dayIsFull } from '../../../../shared/slots.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { pgError } from '../../../db/errors.js';
import type { Db } from '../../../db/client.js';
import { qualified as q } from '../../../db/qualified.js';
import { experts, sessions, user as userTable } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { outboxInsert } from '../../../infra/mail/outbox.js';
import { assertSameRequest, requestHash } from '../../../infra/request-hash.js';
import { listSlots } from '../../experts/availability-service.js';
import { expertKey } from '../../experts/service.js';
import { holdWrites } from '../../payments/service.js';
import { busyIntervalsSql } from '../busy-intervals.js';
import type { SessionDeps } from '../deps.js';
import { bookingEmails } from '../emails.js';
import { receiptEmail } from '../receipt-emails.js';
import { loadForParty } from '../load-session.js';
import { toView } from '../session-view.js';

/** A meeting link with an unguessable room name (144 random bits), from MEETING_URL_TEMPLATE's `{room}`. */
export function meetingUrl(template: string): string {
  return template.replace('{room}', randomBytes(18).toString('base64url').replace(/[-_]/g, 'x'));
}

/**
 * Maps a failed insert (22P02, 23503, 23505; exclusion 23P01 per side; 23514 from the daily maximum's trigger,
 * migration 0017) to the product's message (docs/product.md "Booking", "Availability").
 */
function bookingConflict(err: unknown): AppError | null {
  const { code, constraint } = pgError(err);
  if (code === '23P01')
    return new AppError('CONFLICT', constraint === 'sessions_expert_no_overlap' ? messages.booking.expertClash : messages.booking.clientClash);
  if (code === '23514' && constraint === 'sessions_expert_daily_limit') return new AppError('CONFLICT', messages.booking.dayFull);
  if (code === '23505' && constraint === 'sessions_one_intro_per_pair') return new AppError('CONFLICT', messages.booking.introUsed);
  if (code === '23505') return new AppError('CONFLICT', messages.booking.clientClash);
  if (code === '22P02') return new AppError('VALIDATION', messages.booking.invalidExpertFormat);
  if (code === '23503') return new AppError('NOT_FOUND', messages.booking.expertNotInDatabase);
  return null;
}

/** The client's session booked with an Idempotency-Key: `{ id, requestHash }` as JSON, or null (SQL; placeholders `clientId`, `key`). */
function previousSql() {
  return sql<{
    id: string;
    requestHash: string | null;
  } | null>`(select json_build_object('id', ${q(sessions.id)}, 'requestHash', ${q(sessions.requestHash)}) from ${sessions} where ${q(sessions.clientId)} = ${sql.placeholder('clientId')} and ${q(sessions.idempotencyKey)} = ${sql.placeholder('key')})`;
}

/**
 * What a booking reads before it holds the card, as one prepared statement per database and key kind (placeholders
 * `expert`, `clientId`, `key`): the published expert as booked — terms (rate in cents, currency, cancellation policy),
 * their availability zone and their account's own zone and address (null when gone) — and the client's session already
 * booked with this Idempotency-Key (`previous`). No row when the expert is unknown.
 */
function contextStatement(db: Db, by: 'id' | 'slug') {
  return db
    .select({
      id: experts.id,
      slug: experts.slug,
      userId: experts.userId,
      name: experts.name,
      // Only published experts are read here, and a published profile always has a rate (experts_published_check).
      hourlyRateCents: sql<number>`${experts.hourlyRateCents}`,
      currency: experts.currency,
      cancellationPolicy: experts.cancellationPolicy,
      timezone: experts.timezone,
      email: userTable.email,
      userTimeZone: userTable.timeZone,
      previous: previousSql(),
    })
    .from(experts)
    .leftJoin(userTable, eq(userTable.id, experts.userId))
    .where(and(eq(by === 'id' ? experts.id : experts.slug, sql.placeholder('expert')), eq(experts.status, 'published')))
    .limit(1)
    .prepare(`booking_context_by_${by}`);
}
function previousStatement(db: Db) {
  return db
    .select({ previous: previousSql() })
    .from(sql`(select 1) as one`)
    .prepare('booking_previous');
}
const statements = new WeakMap<
  Db,
  { id: ReturnType<typeof contextStatement>; slug: ReturnType<typeof contextStatement>; previous: ReturnType<typeof previousStatement> }
>();
function statementsFor(db: Db) {
  let found = statements.get(db);
  if (!found) statements.set(db, (found = { id: contextStatement(db, 'id'), slug: contextStatement(db, 'slug'), previous: previousStatement(db) }));
  return found;
}

/** The client's session booked with `idempotencyKey`, `{ id, requestHash }`, or null. */
async function previousBooking(db: Db, clientId: string, key: string) {
  const [row] = await statementsFor(db).previous.execute({ clientId, key });
  return row?.previous ?? null;
}

/**
 * The expert `idOrSlug` as booked and the client's session already booked with `idempotencyKey` (see
 * contextStatement), in one round trip; `expert` is null when no published expert has that id or slug.
 */
async function bookingContext(db: Db, clientId: string, key: string, idOrSlug: string) {
  const expertRef = expertKey(idOrSlug);
  const [row] = await statementsFor(db)[expertRef.by].execute({ expert: expertRef.value, clientId, key });
  if (!row) return { expert: null, previous: await previousBooking(db, clientId, key) };
  const { previous, ...expert } = row;
  return { expert, previous };
}

/**
 * The answer to a repeated Idempotency-Key: the session `previous` the key booked, as the client sees it. 402 when it
 * was a reservation that lapsed; 422 when that booking's request had another body than the one fingerprinted `hash`
 * (request-hash.ts): a key names one request.
 */
async function replay(deps: SessionDeps, client: CurrentUser, previous: { id: string; requestHash: string | null }, hash: string): Promise<SessionView> {
  const { row } = await loadForParty(deps.db, client, previous.id);
  // A lapsed 3-D Secure reservation is not a booking: a retry must start again with a new key (docs/product.md "Payments").
  if (row.session.status === 'expired') throw new AppError('PAYMENT_DECLINED', messages.payment.reservationExpired);
  assertSameRequest(previous.requestHash, hash);
  return toView(row, 'client');
}

/**
 * POST /api/sessions. `input` as `bookingInput`; the price comes from the expert's stored rate, never from
 * the request, and the session keeps that rate, its price and the expert's cancellation policy as they are now
 * (later changes apply to new bookings only). Returns `{ session, replayed }` — the same Idempotency-Key with the
 * same body returns the first session — and, when the card needs 3-D Secure, `paymentAction` (the session is then
 * reserved as pending_payment).
 * Errors: 401/403 (not a client with a complete profile), 404 unknown expert, 400 past time, 409 slot not
 * offered / taken (expert or client clash) / intro used, 402 declined card (nothing written), 422 the key was
 * used for a booking with another body (nothing written).
 */
export async function bookSession(
  deps: SessionDeps,
  client: CurrentUser,
  rawInput: BookingInput,
  idempotencyKey: string,
  now = new Date(),
): Promise<{ session: SessionView; replayed: boolean; paymentAction?: PaymentAction }> {
  const input = bookingInput.parse(rawInput);
  if (client.role !== 'client') throw new AppError('FORBIDDEN', 'Only client accounts can book sessions');
  if (!hasClientProfile(client)) throw new AppError('FORBIDDEN', messages.booking.completeProfile);

  // The card's number and code are left out of the fingerprint: a digest of a card number is card data
  // (PCI DSS 3.5.1); its last four digits still tell two cards apart.
  const { card, ...rest } = input;
  const hash = requestHash({
    ...rest,
    card: card && { cardholderName: card.cardholderName, last4: card.number.replace(/\D/g, '').slice(-4), expiry: card.expiry },
  });
  const { expert, previous } = await bookingContext(deps.db, client.id, idempotencyKey, input.expertId);
  if (previous) return { session: await replay(deps, client, previous, hash), replayed: true };
  if (!expert) throw new AppError('NOT_FOUND', messages.booking.expertNotInSystem);
  if (expert.userId === client.id) throw new AppError('FORBIDDEN', messages.booking.ownSession);

  const startsAt = new Date(input.startsAt);
  if (startsAt.getTime() <= now.getTime()) throw new AppError('VALIDATION', messages.booking.futureDateTime);
  const endsAt = new Date(startsAt.getTime() + input.durationMinutes * 60_000);
  const { slots: offered, availability } = await listSlots(
    deps.db,
    expert.id,
    { date: dateInZone(startsAt, 'UTC'), duration: input.durationMinutes, tz: 'UTC' },
    now,
    busyIntervalsSql,
  );
  if (!offered.some((s) => new Date(s).getTime() === startsAt.getTime()))
    throw new AppError('CONFLICT', dayIsFull(startsAt, availability) ? messages.booking.dayFull : messages.booking.slotUnavailable);

  const amountCents = input.kind === 'intro' ? 0 : totalCents(expert.hourlyRateCents, input.durationMinutes);
  const holdKey = `hold:${client.id}:${idempotencyKey}`;
  const hold =
    amountCents > 0
      ? await deps.provider.hold({
          amountCents,
          currency: expert.currency,
          card: input.card,
          paymentMethodId: input.paymentMethodId,
          releaseBy: new Date(endsAt.getTime() + autoReleaseHours * 3_600_000),
          now,
          idempotencyKey: holdKey,
          description: `Mentora session with ${expert.name}`,
        })
      : null;
  const pending = hold && !hold.ok && hold.reason === 'requires_action' ? hold : null;
  if (hold && !hold.ok && !pending) throw new AppError(hold.reason === 'invalid_card' ? 'VALIDATION' : 'PAYMENT_DECLINED', hold.message);
  const reservedUntil = pending ? new Date(now.getTime() + reservationMinutes * 60_000) : null;

  // The session's and the payment's ids are chosen here, so that every row of the booking (session, payment,
  // ledger event, both e-mails, rendered from the values booked) goes to the database in ONE statement: one
  // round trip, one transaction (docs/performance.md "Booking").
  const session = {
    id: randomUUID(),
    clientId: client.id,
    expertId: expert.id,
    expertName: expert.name,
    clientName: `${client.firstName} ${client.lastName}`.trim(),
    startsAt,
    endsAt,
    durationMinutes: input.durationMinutes,
    kind: input.kind,
    topic: input.topic,
    hourlyRateCents: expert.hourlyRateCents,
    totalAmountCents: amountCents,
    currency: expert.currency,
    cancellationPolicy: expert.cancellationPolicy as CancellationPolicy,
    platformFeeBps: deps.platformFeeBasisPoints,
    meetingUrl: meetingUrl(deps.meetingUrlTemplate),
    idempotencyKey,
    requestHash: hash,
    status: pending ? 'pending_payment' : 'booked',
    reservedUntil,
  };
  const providerRef = pending?.providerRef ?? (hold?.ok ? hold.providerRef : null);
  const ledger = providerRef
    ? holdWrites(deps.db, {
        id: randomUUID(),
        sessionId: session.id,
        status: pending ? 'pending' : 'held',
        amountCents,
        currency: expert.currency,
        provider: deps.provider.name,
        providerRef,
        ...(hold?.ok ? { cardBrand: hold.cardBrand, cardLast4: hold.cardLast4 } : {}),
        idempotencyKey: holdKey,
        actorId: client.id,
      })
    : null;
  // The client's zone is stored at their first booking when sign-up did not report one (docs/product.md "E-mail").
  const clientZone = client.timeZone ?? input.timeZone ?? null;
  const parties = {
    client: { email: client.email, zone: clientZone ?? expert.timezone },
    expert: expert.email ? { email: expert.email, zone: expert.userTimeZone ?? expert.timezone } : null,
  };
  const mails = pending ? [] : bookingEmails({ ...session, inviteSequence: 0 }, parties, deps);
  // The client's receipt for the payment goes out with the booking (docs/product.md "Payments").
  if (hold?.ok) {
    const paid = { ...session, sessionId: session.id, amountCents, refundedCents: 0, cardBrand: hold.cardBrand, cardLast4: hold.cardLast4 };
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
      ...(mails.length ? [deps.db.$with('mail').as(outboxInsert(deps.db, mails))] : []),
      ...(storeZone ? [deps.db.$with('client_zone').as(storeZone)] : []),
    ];
    const [stored] = await deps.db
      .with(...parts)
      .select({ createdAt: written.createdAt, updatedAt: written.updatedAt })
      .from(written);
    const view = toView(
      {
        session: {
          ...session,
          ...stored!,
          clientFeedbackSubmitted: false,
          expertFeedbackSubmitted: false,
          cancelledBy: null,
          cancelReason: null,
          completedAt: null,
        },
        expert: { slug: expert.slug },
        payment: ledger
          ? {
              status: pending ? 'pending' : 'held',
              amountCents,
              refundedCents: 0,
              cardBrand: hold?.ok ? hold.cardBrand : null,
              cardLast4: hold?.ok ? hold.cardLast4 : null,
              provider: deps.provider.name,
            }
          : null,
      },
      'client',
    );
    return {
      session: view,
      replayed: false,
      ...(pending && reservedUntil ? { paymentAction: { clientSecret: pending.clientSecret, reservedUntil: reservedUntil.toISOString() } } : {}),
    };
  } catch (err) {
    if (hold?.ok) await deps.provider.refund({ providerRef: hold.providerRef, amountCents, idempotencyKey: `void:${hold.providerRef}` }).catch(() => {});
    if (pending) await deps.provider.cancel({ providerRef: pending.providerRef, idempotencyKey: `void:${pending.providerRef}` }).catch(() => {});
    const { code, constraint } = pgError(err);
    if (code === '23505' && constraint === 'sessions_client_idempotency_key') {
      const first = await previousBooking(deps.db, client.id, idempotencyKey);
      if (first) return { session: await replay(deps, client, first, hash), replayed: true };
    }
    throw bookingConflict(err) ?? err;
  }
}
