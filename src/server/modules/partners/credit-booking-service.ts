/**
 * Booking with credit (docs/product.md "Booking with credit", decision 034): what a member's programme covers of a
 * booking, and its reservation from the organisation's wallet in the booking's own transaction. The quote is read
 * first, to hold only the member's part on the card; the reservation checks it all again under the member's and the
 * organisation's row locks, so concurrent bookings can never overdraw the wallet nor pass a member's limits, and a
 * refusal rolls the whole booking back (the card's hold is then voided by the booking service).
 */
import { and, asc, eq } from 'drizzle-orm';
import { coverOf, programmeMessages as m, type CoverRequest, type LimitPeriod, type ProgrammeStatus } from '../../../shared/programmes.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { accessProgrammes, experts, organisationManagers, organisations, programmeBookings, programmeMembers, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { useOf } from './membership-service.js';
import { drawFromGrants, lockOrganisation, moveCredit } from './wallet-service.js';

/** A booking to cover: its kind, price (cents), expert, and instant of booking. */
export type CreditRequest = { kind: CoverRequest['kind']; priceCents: number; expertId: string; now: Date };

/** What a programme covers of a booking: the organisation's cents and the member's. */
export type CreditQuote = { programmeId: string; organisationId: string; organisationName: string; coveredCents: number; youPayCents: number };

async function expertiseOf(db: Db | Tx, expertId: string): Promise<string[]> {
  const [row] = await db.select({ expertise: experts.expertise }).from(experts).where(eq(experts.id, expertId));
  return row?.expertise ?? [];
}

/** The e-mail of the organisation's first manager, or its billing address: whom a member asks for more credit. */
export async function managerEmail(db: Db | Tx, organisationId: string, billingEmail: string): Promise<string> {
  const [first] = await db
    .select({ email: userTable.email })
    .from(organisationManagers)
    .innerJoin(userTable, eq(userTable.id, organisationManagers.userId))
    .where(eq(organisationManagers.organisationId, organisationId))
    .orderBy(asc(organisationManagers.createdAt))
    .limit(1);
  return first?.email ?? billingEmail;
}

/** The programme `programmeId` `person` is a live member of, with its organisation; null when not a member (or removed). */
export async function membershipOf(db: Db | Tx, person: CurrentUser, programmeId: string, lock: boolean) {
  const query = db
    .select({ p: accessProgrammes, o: organisations, removedAt: programmeMembers.removedAt })
    .from(programmeMembers)
    .innerJoin(accessProgrammes, eq(accessProgrammes.id, programmeMembers.programmeId))
    .innerJoin(organisations, eq(organisations.id, accessProgrammes.organisationId))
    .where(and(eq(programmeMembers.programmeId, programmeId), eq(programmeMembers.userId, person.id)));
  const [row] = lock ? await query.for('update', { of: programmeMembers }) : await query;
  return row && !row.removedAt ? row : null;
}

/** The cover of `request` by programme row `p` for `person`, or the refusal as a 409 in the product's words. */
async function coverFor(db: Db | Tx, person: CurrentUser, p: typeof accessProgrammes.$inferSelect, request: CreditRequest) {
  const used = await useOf(db, p.id, person.id, p.limitPeriod as LimitPeriod, request.now);
  const terms = { ...p, status: p.status as ProgrammeStatus };
  const on = request.now.toISOString().slice(0, 10);
  return coverOf(terms, { ...request, on, expertise: await expertiseOf(db, request.expertId) }, used);
}

/**
 * What programme `programmeId` covers of `request` for `person` (no lock; the reservation checks again). Errors:
 * 403 not a member; 409 the programme's refusal (ended, paused, kind or expert not covered, limit reached) or the
 * wallet short ('Your organisation's credit is used up. Please contact {manager e-mail}.').
 */
export async function quoteCredit(db: Db | Tx, person: CurrentUser, programmeId: string, request: CreditRequest): Promise<CreditQuote> {
  const row = await membershipOf(db, person, programmeId, false);
  if (!row) throw new AppError('FORBIDDEN', m.notMember);
  const cover = await coverFor(db, person, row.p, request);
  if (!cover.ok) throw new AppError('CONFLICT', cover.message);
  if (cover.coveredCents > row.o.balanceCents) throw new AppError('CONFLICT', m.creditUsedUp(await managerEmail(db, row.o.id, row.o.billingEmail)));
  return { programmeId, organisationId: row.o.id, organisationName: row.o.name, ...cover };
}

/**
 * Reserves `quote.coveredCents` of the organisation's credit for session `sessionId` inside the booking's `tx`:
 * under the member's row lock the programme's terms and the member's limits are read again, under the
 * organisation's the balance; then a 'reservation' ledger entry (drawn from grants first) and the programme's
 * booking row. Errors as quoteCredit, also when the cover changed since the quote (the card was held for the rest).
 */
export async function reserveCredit(tx: Tx, person: CurrentUser, quote: CreditQuote, request: CreditRequest, sessionId: string): Promise<void> {
  const row = await membershipOf(tx, person, quote.programmeId, true);
  if (!row) throw new AppError('FORBIDDEN', m.notMember);
  const cover = await coverFor(tx, person, row.p, request);
  if (!cover.ok) throw new AppError('CONFLICT', cover.message);
  if (cover.coveredCents !== quote.coveredCents) throw new AppError('CONFLICT', m.limitReached);
  const o = await lockOrganisation(tx, quote.organisationId);
  if (!o || o.balanceCents < quote.coveredCents)
    throw new AppError('CONFLICT', m.creditUsedUp(await managerEmail(tx, quote.organisationId, row.o.billingEmail)));
  if (quote.coveredCents > 0) {
    await drawFromGrants(tx, quote.organisationId, quote.coveredCents);
    await moveCredit(tx, {
      organisationId: quote.organisationId,
      kind: 'reservation',
      amountCents: -quote.coveredCents,
      reservedChangeCents: quote.coveredCents,
      sessionId,
      note: `${row.p.name}: ${person.name}`,
      actorId: person.id,
    });
  }
  await tx.insert(programmeBookings).values({
    sessionId,
    programmeId: quote.programmeId,
    userId: person.id,
    organisationId: quote.organisationId,
    creditCents: quote.coveredCents,
  });
}

/**
 * The credit part of a booking plan (booking-service.ts `BookingPlan.credit`) when `programmeId` is given: the quote
 * now (errors as quoteCredit), the reservation in the booking's transaction.
 */
export async function creditPart(db: Db, person: CurrentUser, programmeId: string | undefined, request: CreditRequest) {
  if (!programmeId) return undefined;
  const quote = await quoteCredit(db, person, programmeId, request);
  return { coveredCents: quote.coveredCents, reserve: (tx: Tx, sessionId: string) => reserveCredit(tx, person, quote, request, sessionId) };
}
