/**
 * POST /api/sessions: booking (docs/product.md "Booking", "Free introductory meeting"). One client books a slot of
 * one expert. The card is held first (outside the transaction); then the session (booked), its payment (held),
 * the ledger event and both confirmation e-mails are written in ONE transaction. A conflict voids the hold. The
 * exclusion constraints make double booking impossible even under races.
 * When the card needs 3-D Secure (Stripe; docs/product.md "Payments") the session is written as pending_payment
 * with `reserved_until` = now + 15 minutes and a pending payment instead: the slot is reserved, no e-mail is
 * sent, and settle-reservation.ts books it or releases it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../../../shared/messages.js';
import { totalCents } from '../../../../shared/pricing.js';
import { isProfileComplete } from '../../../../shared/roles.js';
import { bookingInput, type BookingInput, type PaymentAction, type SessionView } from '../../../../shared/schemas/sessions.js';
import { autoReleaseHours, reservationMinutes, type CancellationPolicy } from '../../../../shared/sessions.js';
import { dateInZone } from '../../../../shared/slots.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { pgError } from '../../../db/errors.js';
import { sessions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { assertSameRequest, requestHash } from '../../../infra/request-hash.js';
import { listSlots } from '../../experts/availability-service.js';
import { findExpert } from '../../experts/service.js';
import { recordPendingHold } from '../../payments/authorisation-service.js';
import { recordHold } from '../../payments/service.js';
import { busyIntervalsSql } from '../busy-intervals.js';
import { enqueueBookingEmails } from '../booking-emails.js';
import type { SessionDeps } from '../deps.js';
import { loadForParty } from '../load-session.js';
import { toView } from '../session-view.js';

/** A meeting link with an unguessable room name (144 random bits), from MEETING_URL_TEMPLATE's `{room}`. */
export function meetingUrl(template: string): string {
  return template.replace('{room}', randomBytes(18).toString('base64url').replace(/[-_]/g, 'x'));
}

/** Maps a failed insert (22P02, 23503, 23505; exclusion 23P01 per side) to the product's message (docs/product.md "Booking"). */
function bookingConflict(err: unknown): AppError | null {
  const { code, constraint } = pgError(err);
  if (code === '23P01')
    return new AppError('CONFLICT', constraint === 'sessions_expert_no_overlap' ? messages.booking.expertClash : messages.booking.clientClash);
  if (code === '23505' && constraint === 'sessions_one_intro_per_pair') return new AppError('CONFLICT', messages.booking.introUsed);
  if (code === '23505') return new AppError('CONFLICT', messages.booking.clientClash);
  if (code === '22P02') return new AppError('VALIDATION', messages.booking.invalidExpertFormat);
  if (code === '23503') return new AppError('NOT_FOUND', messages.booking.expertNotInDatabase);
  return null;
}

/**
 * The client's booking made with `idempotencyKey`, or null. 402 when it was a reservation that lapsed; 422 when that
 * booking's request had another body than the one fingerprinted `hash` (request-hash.ts): a key names one request.
 */
async function replay(deps: SessionDeps, client: CurrentUser, idempotencyKey: string, hash: string): Promise<SessionView | null> {
  const [existing] = await deps.db
    .select({ id: sessions.id, requestHash: sessions.requestHash })
    .from(sessions)
    .where(and(eq(sessions.clientId, client.id), eq(sessions.idempotencyKey, idempotencyKey)));
  if (!existing) return null;
  const { row } = await loadForParty(deps.db, client, existing.id);
  // A lapsed 3-D Secure reservation is not a booking: a retry must start again with a new key (docs/product.md "Payments").
  if (row.session.status === 'expired') throw new AppError('PAYMENT_DECLINED', messages.payment.reservationExpired);
  assertSameRequest(existing.requestHash, hash);
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
  if (!isProfileComplete(client) || !client.lastName?.trim()) throw new AppError('FORBIDDEN', messages.booking.completeProfile);

  // The card's number and code are left out of the fingerprint: a digest of a card number is card data
  // (PCI DSS 3.5.1); its last four digits still tell two cards apart.
  const { card, ...rest } = input;
  const hash = requestHash({
    ...rest,
    card: card && { cardholderName: card.cardholderName, last4: card.number.replace(/\D/g, '').slice(-4), expiry: card.expiry },
  });
  const previous = await replay(deps, client, idempotencyKey, hash);
  if (previous) return { session: previous, replayed: true };

  const expert = await findExpert(deps.db, input.expertId).catch((err) => {
    throw err instanceof AppError && err.code === 'NOT_FOUND' ? new AppError('NOT_FOUND', messages.booking.expertNotInSystem) : err;
  });
  if (expert.userId === client.id) throw new AppError('FORBIDDEN', messages.booking.ownSession);

  const startsAt = new Date(input.startsAt);
  if (startsAt.getTime() <= now.getTime()) throw new AppError('VALIDATION', messages.booking.futureDateTime);
  const endsAt = new Date(startsAt.getTime() + input.durationMinutes * 60_000);
  const { slots: offered } = await listSlots(
    deps.db,
    expert.id,
    { date: dateInZone(startsAt, 'UTC'), duration: input.durationMinutes, tz: 'UTC' },
    now,
    busyIntervalsSql,
  );
  if (!offered.some((s) => new Date(s).getTime() === startsAt.getTime())) throw new AppError('CONFLICT', messages.booking.slotUnavailable);

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

  const clientName = `${client.firstName} ${client.lastName}`.trim();
  try {
    const sessionId = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(sessions)
        .values({
          clientId: client.id,
          expertId: expert.id,
          expertName: expert.name,
          clientName,
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
          idempotencyKey,
          requestHash: hash,
          ...(reservedUntil ? { status: 'pending_payment', reservedUntil } : {}),
        })
        .returning();
      const s = row!;
      if (pending) {
        await recordPendingHold(tx, {
          sessionId: s.id,
          amountCents,
          currency: expert.currency,
          provider: deps.provider.name,
          providerRef: pending.providerRef,
          idempotencyKey: holdKey,
        });
        return s.id;
      }
      if (hold?.ok) {
        await recordHold(tx, {
          sessionId: s.id,
          amountCents,
          currency: expert.currency,
          provider: deps.provider.name,
          providerRef: hold.providerRef,
          cardBrand: hold.cardBrand,
          cardLast4: hold.cardLast4,
          idempotencyKey: holdKey,
          actorId: client.id,
        });
      }
      await enqueueBookingEmails(tx, deps, s, expert, { email: client.email, zone: input.timeZone });
      return s.id;
    });
    deps.busyChanged?.(expert.id);
    const { row } = await loadForParty(deps.db, client, sessionId);
    return {
      session: toView(row, 'client'),
      replayed: false,
      ...(pending && reservedUntil ? { paymentAction: { clientSecret: pending.clientSecret, reservedUntil: reservedUntil.toISOString() } } : {}),
    };
  } catch (err) {
    if (hold?.ok) await deps.provider.refund({ providerRef: hold.providerRef, amountCents, idempotencyKey: `void:${hold.providerRef}` }).catch(() => {});
    if (pending) await deps.provider.cancel({ providerRef: pending.providerRef, idempotencyKey: `void:${pending.providerRef}` }).catch(() => {});
    const { code, constraint } = pgError(err);
    if (code === '23505' && constraint === 'sessions_client_idempotency_key') {
      const first = await replay(deps, client, idempotencyKey, hash);
      if (first) return { session: first, replayed: true };
    }
    throw bookingConflict(err) ?? err;
  }
}
