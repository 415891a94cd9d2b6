/**
 * Job: a workshop's line ends when the workshop starts (docs/product.md "Workshops"). The clients still waiting then
 * leave it ('closed', ended at that run), so no row says someone waits for a seat in a workshop that has begun; an
 * open offer ends by its own deadline, which never passes the start (expire-waitlist-offers.ts). Nobody is e-mailed:
 * the client's dashboard lists only waitlists of upcoming workshops. Once, whichever servers run it: a row another
 * run closed first is no longer waiting when this run's update reaches it.
 */
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { workshops, workshopWaitlist as line } from '../../../db/schema.js';
import { clock } from '../../../clock.js';

/** Closes the waiting rows of workshops that start at or before `now`; returns how many. */
export async function closeStartedWaitlists(db: Db, now = clock.now()): Promise<number> {
  const started = db.select({ id: workshops.id }).from(workshops).where(lte(workshops.startsAt, now));
  const closed = await db
    .update(line)
    .set({ status: 'closed', endedAt: now })
    .where(and(eq(line.status, 'waiting'), inArray(line.workshopId, started)))
    .returning({ id: line.id });
  return closed.length;
}
