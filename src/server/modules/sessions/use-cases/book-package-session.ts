/**
 * POST /api/package-purchases/{id}/sessions (docs/product.md "Plans and packages"): a client books a session from a
 * package they bought, with no card step. The session is an ordinary one-to-one session — the expert's calendar,
 * invites, reminders, reschedule, no-shows and messages treat it as any other — whose price is its prepaid session's
 * share of the package, held in escrow by a payment on the package's charge and released on confirmation net of the
 * commission frozen at purchase. The purchase's row lock makes two bookings of its last session settle one at a time:
 * the later one finds none left (409). A plan period's sessions can be booked the same way from their prepaid sessions.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages } from '../../../../shared/messages.js';
import { packageMessages } from '../../../../shared/packages.js';
import { hasClientProfile } from '../../../../shared/roles.js';
import { packageBookingInput, type PackageBookingInput } from '../../../../shared/schemas/packages.js';
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import type { CancellationPolicy } from '../../../../shared/sessions.js';
import { dateInZone, dayIsFull } from '../../../../shared/slots.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { experts, sessions, user as userTable } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { outboxInsert } from '../../../infra/mail/outbox.js';
import { requestHash } from '../../../infra/request-hash.js';
import { listSlots } from '../../experts/availability-service.js';
import { lockPurchase, markPrepaidBooked, takePrepaidSession } from '../../packages/prepaid-service.js';
import { holdWrites } from '../../payments/service.js';
import { bookingConflict, meetingUrl, previousBooking, replay } from '../booking-service.js';
import { busyIntervalsSql } from '../busy-intervals.js';
import type { SessionDeps } from '../deps.js';
import { bookingEmails } from '../emails.js';
import { viewForParty } from '../load-session.js';
import { partiesOf } from '../parties.js';
import { clock } from '../../../clock.js';

/**
 * Books a session of the package's length at `input.startsAt` from purchase `purchaseId` of `client`, under
 * `idempotencyKey` (the same key and body answer the first session, `replayed`; another body 422). The session
 * keeps the expert's cancellation policy as it is now and the package's frozen commission. Errors: 403 not a client
 * with a complete profile; 404 not the client's purchase; 400 past time; 409 expired, starting after the expiry, no
 * session left, time not offered or taken (expert or client clash), the expert no longer published.
 */
export async function bookPackageSession(
  deps: SessionDeps,
  client: CurrentUser,
  purchaseId: string,
  rawInput: PackageBookingInput,
  idempotencyKey: string,
  now = clock.now(),
): Promise<{ session: SessionView; replayed: boolean }> {
  const input = packageBookingInput.parse(rawInput);
  if (client.role !== 'client') throw new AppError('FORBIDDEN', 'Only client accounts can book sessions');
  if (!hasClientProfile(client)) throw new AppError('FORBIDDEN', messages.booking.completeProfile);
  const hash = requestHash({ purchaseId, ...input });
  const previous = await previousBooking(deps.db, client.id, idempotencyKey);
  if (previous) return { session: await replay(deps, client, previous, hash), replayed: true };

  const startsAt = new Date(input.startsAt);
  if (startsAt.getTime() <= now.getTime()) throw new AppError('VALIDATION', messages.booking.futureDateTime);
  const purchase = await deps.db.transaction((tx) => lockPurchase(tx, purchaseId));
  if (!purchase || purchase.clientId !== client.id) throw new AppError('NOT_FOUND', packageMessages.purchaseNotFound);
  const [expert] = await deps.db
    .select({ id: experts.id, name: experts.name, status: experts.status, rate: experts.hourlyRateCents, policy: experts.cancellationPolicy })
    .from(experts)
    .where(eq(experts.id, purchase.expertId));
  if (!expert || expert.status !== 'published') throw new AppError('CONFLICT', messages.booking.slotUnavailable);
  const { slots: offered, availability } = await listSlots(
    deps.db,
    expert.id,
    { date: dateInZone(startsAt, 'UTC'), duration: purchase.durationMinutes, tz: 'UTC' },
    now,
    busyIntervalsSql,
  );
  if (!offered.some((s) => new Date(s).getTime() === startsAt.getTime()))
    throw new AppError('CONFLICT', dayIsFull(startsAt, availability) ? messages.booking.dayFull : messages.booking.slotUnavailable);

  const id = randomUUID();
  try {
    await deps.db.transaction(async (tx) => {
      const { purchase: p, prepaid } = await takePrepaidSession(tx, purchaseId, client.id, startsAt, now);
      const session = {
        id,
        clientId: client.id,
        expertId: p.expertId,
        expertName: p.expertName,
        clientName: `${client.firstName} ${client.lastName}`.trim(),
        startsAt,
        endsAt: new Date(startsAt.getTime() + p.durationMinutes * 60_000),
        durationMinutes: p.durationMinutes,
        kind: 'paid' as const,
        topic: input.topic,
        // The package's price an hour, as the session's rate: its price is the prepaid session's share.
        hourlyRateCents: Math.round((p.priceCents * 60) / (p.sessionCount * p.durationMinutes)),
        totalAmountCents: prepaid.shareCents,
        currency: p.currency,
        cancellationPolicy: expert.policy as CancellationPolicy,
        platformFeeBps: p.platformFeeBps,
        meetingUrl: meetingUrl(deps.meetingUrlTemplate),
        idempotencyKey,
        requestHash: hash,
        status: 'booked',
        prepaidSessionId: prepaid.id,
        packageSessionNumber: prepaid.number,
        packageSessionCount: p.sessionCount,
      };
      await tx.insert(sessions).values(session);
      await markPrepaidBooked(tx, prepaid.id, id);
      const ledger = holdWrites(tx, {
        id: randomUUID(),
        sessionId: id,
        status: 'held',
        amountCents: prepaid.shareCents,
        currency: p.currency,
        provider: p.provider,
        providerRef: p.providerRef,
        ...(p.cardBrand && p.cardLast4 ? { cardBrand: p.cardBrand, cardLast4: p.cardLast4 } : {}),
        idempotencyKey: `prepaid:${prepaid.id}:${id}`,
        actorId: client.id,
      });
      await ledger.payment;
      await ledger.event;
      if (!client.timeZone && input.timeZone) await tx.update(userTable).set({ timeZone: input.timeZone }).where(eq(userTable.id, client.id));
      const parties = await partiesOf(tx, session);
      const zoned = { ...parties, client: parties.client && { ...parties.client, zone: client.timeZone ?? input.timeZone ?? parties.client.zone } };
      await outboxInsert(tx, bookingEmails({ ...session, inviteSequence: 0 }, zoned, deps));
    });
  } catch (err) {
    const replayed = err instanceof AppError ? null : await previousBooking(deps.db, client.id, idempotencyKey);
    if (replayed) return { session: await replay(deps, client, replayed, hash), replayed: true };
    throw bookingConflict(err) ?? err;
  }
  return { session: await viewForParty(deps.db, client, id), replayed: false };
}
