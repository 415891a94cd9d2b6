/**
 * POST /api/sessions: booking (docs/product.md "Booking", "Free introductory meeting"). One client books a slot of
 * one expert: this file checks the slot and sets the terms (the expert's rate, price and policy as they are now);
 * booking-service.ts holds the card and writes the session, payment, ledger event and both confirmation e-mails in
 * ONE statement. The exclusion constraints make double booking impossible even under races.
 */
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '../../../../shared/messages.js';
import { totalCents } from '../../../../shared/pricing.js';
import { hasClientProfile } from '../../../../shared/roles.js';
import { bookingInput, type BookingInput, type PaymentAction, type SessionView } from '../../../../shared/schemas/sessions.js';
import type { CancellationPolicy } from '../../../../shared/sessions.js';
import { dateInZone, dayIsFull } from '../../../../shared/slots.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { experts, user as userTable } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { listSlots } from '../../experts/availability-service.js';
import { creditPart } from '../../partners/credit-booking-service.js';
import { expertKey } from '../../experts/service.js';
import { busyIntervalsSql } from '../busy-intervals.js';
import { bookingRequestHash, meetingUrl, previousBooking, previousSql, replay, writeBooking } from '../booking-service.js';
import type { SessionDeps } from '../deps.js';
import { clock } from '../../../clock.js';

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
const statements = new WeakMap<Db, { id: ReturnType<typeof contextStatement>; slug: ReturnType<typeof contextStatement> }>();
function statementsFor(db: Db) {
  let found = statements.get(db);
  if (!found) statements.set(db, (found = { id: contextStatement(db, 'id'), slug: contextStatement(db, 'slug') }));
  return found;
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
  now = clock.now(),
): Promise<{ session: SessionView; replayed: boolean; paymentAction?: PaymentAction }> {
  const input = bookingInput.parse(rawInput);
  if (client.role !== 'client') throw new AppError('FORBIDDEN', 'Only client accounts can book sessions');
  if (!hasClientProfile(client)) throw new AppError('FORBIDDEN', messages.booking.completeProfile);

  const hash = bookingRequestHash(input);
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
  const credit = await creditPart(deps.db, client, input.programmeId, { kind: input.kind, priceCents: amountCents, expertId: expert.id, now });
  if (amountCents > (credit?.coveredCents ?? 0) && !input.card && !input.paymentMethodId) throw new AppError('VALIDATION', messages.payment.cardRequired);
  return writeBooking(
    deps,
    client,
    {
      session: {
        expertId: expert.id,
        expertName: expert.name,
        startsAt,
        endsAt,
        durationMinutes: input.durationMinutes,
        kind: input.kind,
        topic: input.topic,
        hourlyRateCents: expert.hourlyRateCents,
        totalAmountCents: amountCents,
        currency: expert.currency,
        cancellationPolicy: expert.cancellationPolicy as CancellationPolicy,
        meetingUrl: meetingUrl(deps.meetingUrlTemplate),
      },
      expert: { slug: expert.slug, timezone: expert.timezone, email: expert.email, userTimeZone: expert.userTimeZone },
      mailExpert: true,
      description: `Mentora session with ${expert.name}`,
      payment: { card: input.card, paymentMethodId: input.paymentMethodId },
      timeZone: input.timeZone,
      credit,
    },
    idempotencyKey,
    hash,
    now,
  );
}
