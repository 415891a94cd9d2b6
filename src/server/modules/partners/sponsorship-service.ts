/**
 * Sponsored workshops (docs/product.md "Sponsored workshops"): a manager, or the team, reserves seats of a published
 * paid workshop for the members of an access programme. The sponsorship's row moves `workshops.seats_sponsored` by
 * its trigger and the workshop's seat CHECK keeps sold + offered + reserved seats within the capacity (migration
 * 0045), so concurrent sponsors and buyers can never oversell; nothing is taken from the wallet until a seat is.
 */
import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import { sponsoredSeatsReleaseHours, sponsorshipMessages as m } from '../../../shared/sponsorships.js';
import { seatsLeft } from '../../../shared/workshops.js';
import type { SponsorshipInput, SponsorshipView } from '../../../shared/schemas/sponsorships.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import { accessProgrammes, workshops, workshopSponsorships } from '../../db/schema.js';
import { clock } from '../../clock.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../admin/audit-service.js';
import { assertOrganisationExists, assertOrganisationId } from './organisation-service.js';
import { lockProgramme } from './programme-service.js';
import { lockOrganisation } from './wallet-service.js';

const releaseMs = sponsoredSeatsReleaseHours * 3_600_000;

/** The organisation's sponsorships, the latest workshop first. 404 'Organisation not found' for an unknown id. */
export async function listSponsorships(db: Db | Tx, organisationId: string): Promise<{ items: SponsorshipView[] }> {
  assertOrganisationId(organisationId);
  const rows = await db
    .select({
      s: workshopSponsorships,
      title: workshops.title,
      startsAt: workshops.startsAt,
      priceCents: workshops.priceCents,
      programmeName: accessProgrammes.name,
    })
    .from(workshopSponsorships)
    .innerJoin(workshops, eq(workshops.id, workshopSponsorships.workshopId))
    .innerJoin(accessProgrammes, eq(accessProgrammes.id, workshopSponsorships.programmeId))
    .where(eq(workshopSponsorships.organisationId, organisationId))
    .orderBy(desc(workshops.startsAt));
  if (rows.length === 0) await assertOrganisationExists(db, organisationId);
  return {
    items: rows.map((r) => ({
      workshopId: r.s.workshopId,
      workshopTitle: r.title,
      startsAt: r.startsAt.toISOString(),
      priceCents: r.priceCents,
      programmeId: r.s.programmeId,
      programmeName: r.programmeName,
      seats: r.s.seats,
      seatsTaken: r.s.seatsTaken,
      releasedAt: r.s.releasedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * POST …/organisations/{id}/sponsorships `{ programmeId, workshopId, seats }` (a manager, or the team, audited as
 * 'workshop.sponsor'): reserves `seats` of the workshop for the programme's members. Answers the organisation's
 * sponsorships. 404 unknown programme or workshop; 409 programme not active, workshop not published, free, starting
 * within 48 hours, already sponsored, too few free seats (the database's seat CHECK), or the wallet's available credit
 * below seats × price.
 */
export async function sponsorWorkshop(
  db: Db,
  actor: CurrentUser,
  organisationId: string,
  input: SponsorshipInput,
  opts: { asTeam: boolean },
  now = clock.now(),
): Promise<{ items: SponsorshipView[] }> {
  return db
    .transaction(async (tx) => {
      const o = await lockOrganisation(tx, organisationId);
      if (!o) throw new AppError('NOT_FOUND', m.workshopNotFound);
      const p = await lockProgramme(tx, organisationId, input.programmeId);
      if (p.status !== 'active') throw new AppError('CONFLICT', m.programmeNotActive);
      const [w] = await tx.select().from(workshops).where(eq(workshops.id, input.workshopId)).for('update');
      if (!w || w.status === 'draft') throw new AppError('NOT_FOUND', m.workshopNotFound);
      if (w.status !== 'published') throw new AppError('CONFLICT', m.notPublished);
      if (w.priceCents === 0) throw new AppError('CONFLICT', m.free);
      if (w.startsAt.getTime() - releaseMs <= now.getTime()) throw new AppError('CONFLICT', m.tooSoon);
      const cost = w.priceCents * input.seats;
      if (o.balanceCents < cost) throw new AppError('CONFLICT', m.creditShort(input.seats, cost));
      await tx.insert(workshopSponsorships).values({ ...input, organisationId, createdBy: actor.id });
      if (opts.asTeam)
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'workshop.sponsor',
          targetType: 'organisation',
          targetId: organisationId,
          detail: { workshopId: w.id, programmeId: p.id, seats: input.seats },
        });
      return listSponsorships(tx, organisationId);
    })
    .catch(async (err: unknown) => {
      const { constraint } = pgError(err);
      if (constraint === 'workshop_sponsorships_pkey') throw new AppError('CONFLICT', m.alreadySponsored);
      if (constraint === 'workshops_seats_check') {
        const [w] = await db.select().from(workshops).where(eq(workshops.id, input.workshopId));
        throw new AppError('CONFLICT', m.seatsLeft(w ? seatsLeft(w) : 0));
      }
      throw err;
    });
}

/**
 * The release job (docs/product.md "Sponsored workshops"): the reserved seats nobody took of every workshop starting
 * within 48 hours of `now` return to public sale. One UPDATE, so servers running it at once release each sponsorship
 * once. Answers how many sponsorships were released.
 */
export async function releaseSponsoredSeats(db: Db, now = clock.now()): Promise<number> {
  const released = await db
    .update(workshopSponsorships)
    .set({ releasedAt: now })
    .where(
      and(
        isNull(workshopSponsorships.releasedAt),
        sql`${workshopSponsorships.workshopId} in (select ${workshops.id} from ${workshops} where ${lte(workshops.startsAt, new Date(now.getTime() + releaseMs))})`,
      ),
    )
    .returning({ id: workshopSponsorships.workshopId });
  return released.length;
}
