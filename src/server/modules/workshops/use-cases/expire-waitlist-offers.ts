/**
 * Job: the waitlist's offers (docs/product.md "Workshops"; docs/architecture.md "Jobs"). An offer unclaimed after
 * its 2 hours ends ('expired', its client e-mailed) and the seat goes to the next client in line; a free seat that
 * someone waits for — freed by a 3-D Secure reservation that lapsed or by the team — is offered too. Once, whichever
 * servers run the job: offers and workshops are claimed with FOR UPDATE SKIP LOCKED and re-read under that lock.
 */
import { and, asc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { qualified as q } from '../../../db/qualified.js';
import { experts, user as userTable, workshops, workshopWaitlist as line } from '../../../db/schema.js';
import type { SessionDeps } from '../../sessions/booking-service.js';
import { offerExpiredEmail } from '../waitlist-emails.js';
import { moveLine, offerFreeSeats } from '../waitlist-service.js';
import { clock } from '../../../clock.js';

/**
 * Expires the offers whose deadline is at or before `now` (at most `batch`), then offers the free seats of up to
 * `batch` published, not yet started workshops with clients waiting, in one transaction. Returns how many offers
 * expired plus how many were made.
 */
export async function expireWaitlistOffers(deps: SessionDeps, now = clock.now(), batch = 20): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: line.id,
        email: userTable.email,
        zone: userTable.timeZone,
        workshop: {
          id: workshops.id,
          title: workshops.title,
          startsAt: workshops.startsAt,
          priceCents: workshops.priceCents,
          currency: workshops.currency,
        },
        expertName: experts.name,
        expertZone: experts.timezone,
      })
      .from(line)
      .innerJoin(userTable, eq(userTable.id, line.clientId))
      .innerJoin(workshops, eq(workshops.id, line.workshopId))
      .innerJoin(experts, eq(experts.id, workshops.expertId))
      .where(and(eq(line.status, 'offered'), lte(line.offerExpiresAt, now)))
      .orderBy(asc(line.offerExpiresAt))
      .limit(batch)
      .for('update', { of: line, skipLocked: true });
    await moveLine(
      tx,
      due.map((d) => ({ ...d, to: { email: d.email, zone: d.zone ?? d.expertZone } })),
      { status: 'expired', endedAt: now },
      (d) => offerExpiredEmail({ ...d.workshop, expertName: d.expertName }, d.to, deps.baseUrl),
    );
    const open = await tx
      .select({ id: workshops.id })
      .from(workshops)
      .where(
        and(
          eq(workshops.status, 'published'),
          gt(workshops.startsAt, now),
          lt(sql`${workshops.seatsSold} + ${workshops.seatsOffered} + ${workshops.seatsSponsored}`, workshops.capacity),
          sql`exists (select 1 from ${line} where ${q(line.workshopId)} = ${q(workshops.id)} and ${q(line.status)} = 'waiting')`,
        ),
      )
      .orderBy(asc(workshops.startsAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    let offers = 0;
    for (const w of open) offers += await offerFreeSeats(tx, deps, w.id, now);
    return due.length + offers;
  });
}
