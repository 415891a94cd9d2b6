/**
 * POST /api/workshops/{id}/seats (docs/product.md "Workshops", "Booking", "Payments"): a client books one seat. The
 * seat is a session of kind 'workshop' written by the sessions module's booking (booking-service.ts): the card held
 * for the price per seat (none for a free workshop), payment, ledger, confirmation e-mail with the invite and
 * receipt in one statement. The database refuses a seat past capacity (workshops_seats_check, moved by the seat's
 * trigger under the workshop's row lock), a second live seat of the client (sessions_one_seat_per_client) and a
 * workshop no longer published (workshops_open_check), so a race never oversells. A seat offered to the client from
 * the waitlist is theirs to book until the offer's deadline (docs/product.md "Workshops"); nobody else can take it. A
 * seat a sponsor reserved is booked only by a member of its programme, paid from the sponsor's wallet.
 */
import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../../../shared/ids.js';
import { messages } from '../../../../shared/messages.js';
import { hasClientProfile } from '../../../../shared/roles.js';
import type { PaymentAction, SessionView } from '../../../../shared/schemas/sessions.js';
import { seatInput, type SeatInput } from '../../../../shared/schemas/workshops.js';
import type { CancellationPolicy } from '../../../../shared/sessions.js';
import { seatsLeft, workshopMessages } from '../../../../shared/workshops.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { experts, user as userTable, workshops } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { creditPart } from '../../partners/credit-booking-service.js';
import { sponsoredSeatPart } from '../../partners/sponsored-seat-service.js';
import { bookingRequestHash, previousBooking, replay, writeBooking, type SessionDeps } from '../../sessions/booking-service.js';
import { holdsSeat, offerUntil } from '../workshop-rows.js';
import { clock } from '../../../clock.js';

/**
 * Books a seat of workshop `workshopId` for `client` with `idempotencyKey`; the seat keeps the workshop's price
 * (cents) and the expert's cancellation policy as they are now. Returns `{ session, replayed, paymentAction? }` like
 * a session booking. Errors: 401/403 not a client with a complete profile, 403 own workshop, 404 unknown or draft,
 * 400 card missing for a paid seat or invalid, 402 declined, 409 full ('This workshop is full'), the client's waitlist offer expired, already booked,
 * not open, started, or a clash with the client's own session, 422 the key was used for another body.
 */
export async function bookSeat(
  deps: SessionDeps,
  client: CurrentUser,
  workshopId: string,
  rawInput: SeatInput,
  idempotencyKey: string,
  now = clock.now(),
): Promise<{ session: SessionView; replayed: boolean; paymentAction?: PaymentAction }> {
  const input = seatInput.parse(rawInput);
  if (client.role !== 'client') throw new AppError('FORBIDDEN', 'Only client accounts can book seats');
  if (!hasClientProfile(client)) throw new AppError('FORBIDDEN', messages.booking.completeProfile);
  const hash = bookingRequestHash({ ...input, workshopId });
  const previous = await previousBooking(deps.db, client.id, idempotencyKey);
  if (previous) return { session: await replay(deps, client, previous, hash), replayed: true };

  const [found] = isUuid(workshopId)
    ? await deps.db
        .select({
          workshop: workshops,
          expert: {
            slug: experts.slug,
            name: experts.name,
            userId: experts.userId,
            timezone: experts.timezone,
            policy: experts.cancellationPolicy,
            status: experts.status,
          },
          email: userTable.email,
          userTimeZone: userTable.timeZone,
          hasSeat: holdsSeat(client.id),
          offerUntil: offerUntil(client.id),
        })
        .from(workshops)
        .innerJoin(experts, eq(experts.id, workshops.expertId))
        .leftJoin(userTable, eq(userTable.id, experts.userId))
        .where(and(eq(workshops.id, workshopId), eq(experts.status, 'published')))
        .limit(1)
    : [];
  if (!found || found.workshop.status === 'draft') throw new AppError('NOT_FOUND', workshopMessages.notFound);
  const { workshop: w, expert } = found;
  if (expert.userId === client.id) throw new AppError('FORBIDDEN', workshopMessages.ownWorkshop);
  if (found.hasSeat) throw new AppError('CONFLICT', workshopMessages.alreadyBooked);
  if (w.status !== 'published') throw new AppError('CONFLICT', workshopMessages.notOpen);
  if (w.startsAt.getTime() <= now.getTime()) throw new AppError('CONFLICT', workshopMessages.started);
  // A client holding an offer from the waitlist books the seat kept for them (the seat's trigger turns the offer
  // into the sale); everyone else only a seat neither sold nor offered.
  const offered = found.offerUntil !== null;
  if (offered && found.offerUntil!.getTime() <= now.getTime()) throw new AppError('CONFLICT', workshopMessages.offerExpired);
  // A seat an organisation reserved for the programme is paid in full from its wallet (docs/product.md "Sponsored
  // workshops"); else a programme that covers workshop seats pays what it covers, the card the rest ("Booking with credit").
  const sponsored = await sponsoredSeatPart(deps.db, client, input.programmeId, { workshopId: w.id, priceCents: w.priceCents, now });
  if (!offered && !sponsored && seatsLeft(w) === 0) throw new AppError('CONFLICT', workshopMessages.full);
  const credit = sponsored ?? (await creditPart(deps.db, client, input.programmeId, { kind: 'workshop', priceCents: w.priceCents, expertId: w.expertId, now }));
  if (w.priceCents > (credit?.coveredCents ?? 0) && !input.card && !input.paymentMethodId) throw new AppError('VALIDATION', messages.payment.cardRequired);

  return writeBooking(
    deps,
    client,
    {
      session: {
        expertId: w.expertId,
        expertName: expert.name,
        startsAt: w.startsAt,
        endsAt: w.endsAt,
        durationMinutes: w.durationMinutes,
        kind: 'workshop',
        topic: w.title,
        hourlyRateCents: 0,
        totalAmountCents: w.priceCents,
        currency: w.currency,
        cancellationPolicy: expert.policy as CancellationPolicy,
        meetingUrl: w.meetingUrl,
        workshopId: w.id,
      },
      expert: { slug: expert.slug, timezone: expert.timezone, email: found.email, userTimeZone: found.userTimeZone },
      mailExpert: false,
      description: `Mentora workshop seat: ${w.title}`,
      payment: { card: input.card, paymentMethodId: input.paymentMethodId },
      timeZone: input.timeZone,
      credit,
    },
    idempotencyKey,
    hash,
    now,
  );
}
