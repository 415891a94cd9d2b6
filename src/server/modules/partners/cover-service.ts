/**
 * What each of a member's programmes covers of a booking (docs/product.md "Booking with credit"): checkout's
 * "Covered by {organisation}: $X · You pay: $Y" for a one-to-one session (an expert and a length) or a workshop seat.
 */
import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../../shared/ids.js';
import { totalCents } from '../../../shared/pricing.js';
import { programmeMessages } from '../../../shared/programmes.js';
import { sponsorshipMessages } from '../../../shared/sponsorships.js';
import type { CoverAnswer, CoverQuery } from '../../../shared/schemas/programmes.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { experts, workshops } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { quoteCredit, type CreditRequest } from './credit-booking-service.js';
import { memberProgrammes } from './membership-service.js';
import { clock } from '../../clock.js';
import { quoteSponsoredSeat } from './sponsored-seat-service.js';

/** The booking `query` names: a seat of a published workshop, or a session with a published expert (id or slug). 404 otherwise. */
async function bookingOf(db: Db, query: CoverQuery, now: Date): Promise<CreditRequest & { workshopId?: string }> {
  if (query.workshopId) {
    const [w] = isUuid(query.workshopId)
      ? await db
          .select({ priceCents: workshops.priceCents, expertId: workshops.expertId })
          .from(workshops)
          .innerJoin(experts, eq(experts.id, workshops.expertId))
          .where(and(eq(workshops.id, query.workshopId), eq(workshops.status, 'published'), eq(experts.status, 'published')))
      : [];
    if (!w) throw new AppError('NOT_FOUND', programmeMessages.workshopNotFound);
    return { kind: 'workshop', priceCents: w.priceCents, expertId: w.expertId, now, workshopId: query.workshopId };
  }
  const expertId = query.expertId ?? '';
  const [expert] = await db
    .select({ id: experts.id, rate: experts.hourlyRateCents })
    .from(experts)
    .where(and(isUuid(expertId) ? eq(experts.id, expertId) : eq(experts.slug, expertId), eq(experts.status, 'published')));
  if (!expert) throw new AppError('NOT_FOUND', programmeMessages.expertNotFound);
  const priceCents = query.kind === 'intro' ? 0 : totalCents(expert.rate ?? 0, query.durationMinutes ?? 60);
  return { kind: query.kind, priceCents, expertId: expert.id, now };
}

/**
 * GET /api/me/programmes/cover: for each live programme of `person`, what it covers of the booking `query` names
 * (cents), with "Covered by {organisation}: $X · You pay: $Y" or the refusal in the product's words. 404 unknown
 * expert or workshop.
 */
export async function coversOf(db: Db, person: CurrentUser, query: CoverQuery, now = clock.now()): Promise<CoverAnswer> {
  const booking = await bookingOf(db, query, now);
  const mine = await memberProgrammes(db, person);
  const items = await Promise.all(
    mine.map(async ({ p, organisationName }) => {
      try {
        // A seat the programme sponsors is covered whatever the programme's own cover (docs/product.md "Sponsored workshops").
        const seat = booking.workshopId ? await quoteSponsoredSeat(db, person, p.id, { ...booking, workshopId: booking.workshopId }) : null;
        const q = seat ?? (await quoteCredit(db, person, p.id, booking));
        const message = seat
          ? sponsorshipMessages.yourSeatCovered(organisationName)
          : programmeMessages.coveredLine(organisationName, q.coveredCents, q.youPayCents);
        return { programmeId: p.id, organisationName, ok: true, coveredCents: q.coveredCents, youPayCents: q.youPayCents, message };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return { programmeId: p.id, organisationName, ok: false, coveredCents: 0, youPayCents: booking.priceCents, message: err.message };
      }
    }),
  );
  return { items };
}
