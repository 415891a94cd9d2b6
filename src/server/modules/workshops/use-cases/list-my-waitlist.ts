/** GET /api/me/waitlist (docs/product.md "Workshops"): the signed-in client's places on workshop waitlists. */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { MyWaitlistView } from '../../../../shared/schemas/workshops.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { experts, workshops, workshopWaitlist as line } from '../../../db/schema.js';
import { selectWorkshops, toWorkshopView } from '../workshop-rows.js';
import { getWaitlist } from './get-waitlist.js';
import { clock } from '../../../clock.js';

/** At most this many places in one answer. */
const listLimit = 50;

/**
 * Where `viewer` waits or holds an offer, in published workshops of published experts that start after `now`,
 * soonest first: each workshop's public view and the viewer's place (getWaitlist). Empty for anyone not in a line.
 */
export async function listMyWaitlist(db: Db, viewer: CurrentUser, now = clock.now()): Promise<MyWaitlistView> {
  const rows = await selectWorkshops(
    db,
    and(
      inArray(
        workshops.id,
        db
          .select({ id: line.workshopId })
          .from(line)
          .where(and(eq(line.clientId, viewer.id), inArray(line.status, ['waiting', 'offered']))),
      ),
      eq(workshops.status, 'published'),
      eq(experts.status, 'published'),
      gt(workshops.startsAt, now),
    ),
  )
    .orderBy(asc(workshops.startsAt))
    .limit(listLimit);
  const places = await Promise.all(rows.map(async (row) => ({ workshop: toWorkshopView(row), place: await getWaitlist(db, viewer, row.workshop.id) })));
  return { places };
}
