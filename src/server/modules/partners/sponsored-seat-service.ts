/**
 * Taking a sponsored seat (docs/product.md "Sponsored workshops", "Booking with credit"): a live member of the
 * sponsoring programme books a seat the organisation reserved, its whole price paid from the wallet, whatever the
 * programme's own cover and limits. The seat is taken from the sponsorship before the seat's row is written (so the
 * workshop's seat CHECK moves a reserved seat to a sold one), and the price reserved from the wallet after it, all in
 * the booking's transaction (decision 034).
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { closedRefusal, programmeMessages as pm, type ProgrammeStatus } from '../../../shared/programmes.js';
import { sponsorshipMessages as m } from '../../../shared/sponsorships.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { programmeBookings, workshopSponsorships } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { managerEmail, membershipOf, type CreditQuote } from './credit-booking-service.js';
import { drawFromGrants, lockOrganisation, moveCredit } from './wallet-service.js';

/** A seat of a workshop: its id and price (cents), and the instant of booking. */
export type SeatRequest = { workshopId: string; priceCents: number; now: Date };

const openSponsorship = (workshopId: string, programmeId: string) =>
  and(
    eq(workshopSponsorships.workshopId, workshopId),
    eq(workshopSponsorships.programmeId, programmeId),
    isNull(workshopSponsorships.releasedAt),
    lt(workshopSponsorships.seatsTaken, workshopSponsorships.seats),
  );

/** The programme's refusal of `person` in the product's words (not a member, paused, ended, not started), else null. */
async function refusal(db: Db | Tx, person: CurrentUser, programmeId: string, now: Date, lock: boolean) {
  const row = await membershipOf(db, person, programmeId, lock);
  if (!row) return { row, error: new AppError('FORBIDDEN', pm.notMember) };
  const closed = closedRefusal({ ...row.p, status: row.p.status as ProgrammeStatus }, now.toISOString().slice(0, 10));
  return { row, error: closed ? new AppError('CONFLICT', closed) : null };
}

/**
 * What programme `programmeId` pays of a seat of `seat.workshopId` as its sponsor: the whole price, or null when the
 * programme sponsors no seat of it left. Errors: 403 not a member; 409 programme ended, paused or not started, or the
 * wallet short ('Your organisation's credit is used up. Please contact {manager e-mail}.').
 */
export async function quoteSponsoredSeat(db: Db | Tx, person: CurrentUser, programmeId: string, seat: SeatRequest): Promise<CreditQuote | null> {
  const [open] = await db.select({ id: workshopSponsorships.workshopId }).from(workshopSponsorships).where(openSponsorship(seat.workshopId, programmeId));
  if (!open) return null;
  const { row, error } = await refusal(db, person, programmeId, seat.now, false);
  if (error) throw error;
  if (seat.priceCents > row!.o.balanceCents) throw new AppError('CONFLICT', pm.creditUsedUp(await managerEmail(db, row!.o.id, row!.o.billingEmail)));
  return { programmeId, organisationId: row!.o.id, organisationName: row!.o.name, coveredCents: seat.priceCents, youPayCents: 0 };
}

/**
 * The credit part of a seat booking (booking-service.ts `BookingPlan.credit`) when `programmeId` sponsors a seat of
 * the workshop, else undefined: `take` moves a reserved seat to the member before the seat is written (409 when the
 * last was just taken), `reserve` reserves the price from the wallet after it (errors as quoteSponsoredSeat).
 */
export async function sponsoredSeatPart(db: Db, person: CurrentUser, programmeId: string | undefined, seat: SeatRequest) {
  if (!programmeId) return undefined;
  const quote = await quoteSponsoredSeat(db, person, programmeId, seat);
  if (!quote) return undefined;
  return {
    coveredCents: quote.coveredCents,
    sponsored: true,
    take: async (tx: Tx) => {
      const taken = await tx
        .update(workshopSponsorships)
        .set({ seatsTaken: sql`${workshopSponsorships.seatsTaken} + 1` })
        .where(openSponsorship(seat.workshopId, programmeId))
        .returning({ id: workshopSponsorships.workshopId });
      if (taken.length === 0) throw new AppError('CONFLICT', m.seatsTaken);
    },
    reserve: async (tx: Tx, sessionId: string) => {
      const { row, error } = await refusal(tx, person, programmeId, seat.now, true);
      if (error) throw error;
      const o = await lockOrganisation(tx, quote.organisationId);
      if (!o || o.balanceCents < quote.coveredCents)
        throw new AppError('CONFLICT', pm.creditUsedUp(await managerEmail(tx, quote.organisationId, row!.o.billingEmail)));
      await drawFromGrants(tx, quote.organisationId, quote.coveredCents);
      await moveCredit(tx, {
        organisationId: quote.organisationId,
        kind: 'reservation',
        amountCents: -quote.coveredCents,
        reservedChangeCents: quote.coveredCents,
        sessionId,
        note: `${row!.p.name}: ${person.name} (sponsored seat)`,
        actorId: person.id,
      });
      await tx.insert(programmeBookings).values({
        sessionId,
        programmeId,
        userId: person.id,
        organisationId: quote.organisationId,
        creditCents: quote.coveredCents,
        sponsored: true,
      });
    },
  };
}
