/**
 * Moving the workshop waitlist (docs/product.md "Workshops"; docs/decisions/022-workshops-seats-and-busy-time.md):
 * a free seat is offered to the first waiting client, and a cancelled workshop closes its line. Both run inside the
 * caller's transaction; the waitlist's trigger counts offers in `workshops.seats_offered` (migration 0033), so an
 * offer is only ever made for a seat nobody holds.
 */
import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { offerDeadline, seatsLeft } from '../../../shared/workshops.js';
import type { Tx } from '../../db/client.js';
import { experts, user as userTable, workshops, workshopWaitlist } from '../../db/schema.js';
import { outboxInsert, type OutgoingEmail } from '../../infra/mail/outbox.js';
import type { Recipient } from '../../infra/mail/zoned.js';
import { seatOfferEmail, waitlistClosedEmail } from './waitlist-emails.js';

/** Links in the e-mails point at `baseUrl` (the site's origin). */
type Site = { baseUrl: string };

/** The workshop matching `where`, locked, as its waitlist e-mails tell it, with its seat counts and its expert's zone. */
async function workshopFacts(tx: Tx, where: SQL | undefined) {
  const [row] = await tx
    .select({
      id: workshops.id,
      title: workshops.title,
      startsAt: workshops.startsAt,
      priceCents: workshops.priceCents,
      currency: workshops.currency,
      capacity: workshops.capacity,
      seatsSold: workshops.seatsSold,
      seatsOffered: workshops.seatsOffered,
      seatsSponsored: workshops.seatsSponsored,
      expertName: experts.name,
      expertZone: experts.timezone,
    })
    .from(workshops)
    .innerJoin(experts, eq(experts.id, workshops.expertId))
    .where(where)
    .for('update', { of: workshops });
  return row;
}

/**
 * The waitlist rows matching `where`, in joining order (the first `limit` when given), locked, each with its client's
 * address and zone (the expert's zone `expertZone` until the client's is known, as for session e-mails).
 */
async function lockedLine(tx: Tx, where: SQL | undefined, expertZone: string, limit?: number) {
  const query = tx
    .select({ id: workshopWaitlist.id, email: userTable.email, zone: userTable.timeZone })
    .from(workshopWaitlist)
    .innerJoin(userTable, eq(userTable.id, workshopWaitlist.clientId))
    .where(where)
    .orderBy(asc(workshopWaitlist.joinedAt), asc(workshopWaitlist.id))
    .for('update', { of: workshopWaitlist })
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((r) => ({ id: r.id, to: { email: r.email, zone: r.zone ?? expertZone } }));
}

/**
 * Moves the waitlist `rows` (locked by the caller) to `change` in `tx` and queues each client's e-mail `mail(row)`
 * through the outbox, in the same transaction. Nothing happens for no rows.
 */
export async function moveLine<Row extends { id: string; to: Recipient }>(
  tx: Tx,
  rows: Row[],
  change: Partial<typeof workshopWaitlist.$inferInsert>,
  mail: (row: Row) => OutgoingEmail,
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .update(workshopWaitlist)
    .set(change)
    .where(
      inArray(
        workshopWaitlist.id,
        rows.map((r) => r.id),
      ),
    );
  await outboxInsert(tx, rows.map(mail));
}

/**
 * Offers every seat of workshop `workshopId` that is neither sold nor offered to the first waiting clients, in
 * joining order, at `now`: each offer lasts `waitlistOfferHours` (never past the start, `offerDeadline`) and is
 * e-mailed ('A seat is free in {title}') through the outbox. Only a published workshop that has not started offers
 * seats. The workshop row is locked first, so two callers never offer the same seat. Returns how many offers.
 */
export async function offerFreeSeats(tx: Tx, site: Site, workshopId: string, now: Date): Promise<number> {
  const w = await workshopFacts(tx, and(eq(workshops.id, workshopId), eq(workshops.status, 'published'), gt(workshops.startsAt, now)));
  const free = w ? seatsLeft(w) : 0;
  if (!w || free === 0) return 0;
  const next = await lockedLine(tx, and(eq(workshopWaitlist.workshopId, w.id), eq(workshopWaitlist.status, 'waiting')), w.expertZone, free);
  if (next.length === 0) return 0;
  const expiresAt = offerDeadline(now, w.startsAt);
  await moveLine(tx, next, { status: 'offered', offeredAt: now, offerExpiresAt: expiresAt }, (n) => seatOfferEmail(w, n.to, expiresAt, site.baseUrl));
  return next.length;
}

/**
 * Closes the waitlist of workshop `workshopId`, cancelled for `reason` at `now` (docs/product.md "Workshops"): every
 * waiting client and open offer ends ('closed', an offer's seat given back) and each client is e-mailed. Returns how
 * many clients were told.
 */
export async function closeWaitlist(tx: Tx, site: Site, workshopId: string, reason: string, now: Date): Promise<number> {
  const w = await workshopFacts(tx, eq(workshops.id, workshopId));
  if (!w) return 0;
  const line = await lockedLine(tx, and(eq(workshopWaitlist.workshopId, w.id), inArray(workshopWaitlist.status, ['waiting', 'offered'])), w.expertZone);
  await moveLine(tx, line, { status: 'closed', endedAt: now }, (n) => waitlistClosedEmail(w, n.to, reason, site.baseUrl));
  return line.length;
}

/**
 * Keeps the open offers of workshop `workshopId`, moved to start at `startsAt`, within the rule that an offer never
 * lasts past the start (`offerDeadline`): a deadline after the new start becomes the start.
 */
export async function keepOffersBeforeStart(tx: Tx, workshopId: string, startsAt: Date): Promise<void> {
  await tx
    .update(workshopWaitlist)
    .set({ offerExpiresAt: startsAt })
    .where(and(eq(workshopWaitlist.workshopId, workshopId), eq(workshopWaitlist.status, 'offered'), gt(workshopWaitlist.offerExpiresAt, startsAt)));
}
