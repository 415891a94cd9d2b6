/**
 * Booking a session from a prepaid session (docs/product.md "Plans and packages"), with no card step: the package
 * and plan use cases give the source (whose prepaid sessions, locked how), this books. The session is an ordinary
 * one-to-one session — the expert's calendar, invites, reminders, reschedule, no-shows and messages treat it as any
 * other — whose price is its prepaid session's share, held in escrow by a payment on the source's charge and released
 * on confirmation net of the commission frozen at purchase (a free trial's share is 0: nothing is held). The source's
 * row lock makes two bookings of its last session settle one at a time: the later one finds none left (409).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import type { PackageBookingInput } from '../../../shared/schemas/packages.js';
import { packageBookingInput } from '../../../shared/schemas/packages.js';
import type { SessionView } from '../../../shared/schemas/sessions.js';
import type { CancellationPolicy } from '../../../shared/sessions.js';
import { dateInZone, dayIsFull } from '../../../shared/slots.js';
import { hasClientProfile } from '../../../shared/roles.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Tx } from '../../db/client.js';
import { experts, prepaidSessions, sessions, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { outboxInsert } from '../../infra/mail/outbox.js';
import { requestHash } from '../../infra/request-hash.js';
import { listSlots } from '../experts/availability-service.js';
import { markPrepaidBooked } from '../packages/prepaid-service.js';
import { holdWrites } from '../payments/service.js';
import { bookingConflict, meetingUrl, previousBooking, replay } from './booking-service.js';
import { busyIntervalsSql } from './busy-intervals.js';
import type { SessionDeps } from './deps.js';
import { bookingEmails } from './emails.js';
import { viewForParty } from './load-session.js';
import { partiesOf } from './parties.js';

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

/** Where prepaid sessions come from: a package's purchase or a plan's subscription. */
export type PrepaidSource = {
  /** Names the request for its Idempotency-Key (the purchase or subscription id). */
  id: string;
  /** Reads (without drawing) the expert and length; throws 404 when the source is not the client's. */
  peek(tx: Tx): Promise<{ expertId: string; durationMinutes: number }>;
  /** Locks the source and draws its lowest-numbered available prepaid session for a session at `startsAt` (409 when none). */
  take(tx: Tx, startsAt: Date, now: Date): Promise<{ prepaid: typeof prepaidSessions.$inferSelect; terms: DrawnTerms }>;
};

/**
 * Books a session at `input.startsAt` from `source` for `client`, under `idempotencyKey` (the same key and body answer
 * the first session, `replayed`; another body 422). The session keeps the expert's cancellation policy as it is now
 * and the source's frozen commission. Errors: 403 not a client with a complete profile; 404 not the client's source;
 * 400 past time; 409 (from `source.take`) nothing to draw, or time not offered or taken (expert or client clash), the
 * expert no longer published.
 */
export async function bookPrepaidSession(
  deps: SessionDeps,
  client: CurrentUser,
  source: PrepaidSource,
  rawInput: PackageBookingInput,
  idempotencyKey: string,
  now: Date,
): Promise<{ session: SessionView; replayed: boolean }> {
  const input = packageBookingInput.parse(rawInput);
  if (client.role !== 'client') throw new AppError('FORBIDDEN', 'Only client accounts can book sessions');
  if (!hasClientProfile(client)) throw new AppError('FORBIDDEN', messages.booking.completeProfile);
  const hash = requestHash({ purchaseId: source.id, ...input });
  const previous = await previousBooking(deps.db, client.id, idempotencyKey);
  if (previous) return { session: await replay(deps, client, previous, hash), replayed: true };

  const startsAt = new Date(input.startsAt);
  if (startsAt.getTime() <= now.getTime()) throw new AppError('VALIDATION', messages.booking.futureDateTime);
  const peeked = await deps.db.transaction((tx) => source.peek(tx));
  const [expert] = await deps.db
    .select({ id: experts.id, status: experts.status, policy: experts.cancellationPolicy })
    .from(experts)
    .where(eq(experts.id, peeked.expertId));
  if (!expert || expert.status !== 'published') throw new AppError('CONFLICT', messages.booking.slotUnavailable);
  const { slots: offered, availability } = await listSlots(
    deps.db,
    expert.id,
    { date: dateInZone(startsAt, 'UTC'), duration: peeked.durationMinutes, tz: 'UTC' },
    now,
    busyIntervalsSql,
  );
  if (!offered.some((s) => new Date(s).getTime() === startsAt.getTime()))
    throw new AppError('CONFLICT', dayIsFull(startsAt, availability) ? messages.booking.dayFull : messages.booking.slotUnavailable);

  const id = randomUUID();
  try {
    await deps.db.transaction(async (tx) => {
      const { prepaid, terms: t } = await source.take(tx, startsAt, now);
      const session = {
        id,
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
        totalAmountCents: prepaid.shareCents,
        currency: t.currency,
        cancellationPolicy: expert.policy as CancellationPolicy,
        platformFeeBps: t.platformFeeBps,
        meetingUrl: meetingUrl(deps.meetingUrlTemplate),
        idempotencyKey,
        requestHash: hash,
        status: 'booked',
        prepaidSessionId: prepaid.id,
        packageSessionNumber: prepaid.number,
        packageSessionCount: t.count,
        subscriptionId: t.subscriptionId ?? null,
      };
      await tx.insert(sessions).values(session);
      await markPrepaidBooked(tx, prepaid.id, id);
      if (prepaid.shareCents > 0 && t.providerRef) {
        const ledger = holdWrites(tx, {
          id: randomUUID(),
          sessionId: id,
          status: 'held',
          amountCents: prepaid.shareCents,
          currency: t.currency,
          provider: t.provider,
          providerRef: t.providerRef,
          ...(t.cardBrand && t.cardLast4 ? { cardBrand: t.cardBrand, cardLast4: t.cardLast4 } : {}),
          idempotencyKey: `prepaid:${prepaid.id}:${id}`,
          actorId: client.id,
        });
        await ledger.payment;
        await ledger.event;
      }
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
