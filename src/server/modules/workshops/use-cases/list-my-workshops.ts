/** GET /api/me/workshops (docs/product.md "Workshops"): the signed-in expert's workshops, drafts included. */
import { asc, eq } from 'drizzle-orm';
import type { MyWorkshopView } from '../../../../shared/schemas/workshops.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { workshops } from '../../../db/schema.js';
import { ownExpert, selectWorkshops, toMyWorkshopViews } from '../workshop-rows.js';

/**
 * Every workshop of the expert signed in as `user`, soonest first, with seats sold, waitlist and ledger money, and
 * `timeZone`: the IANA zone of their profile, in which a new workshop's start is typed (startFromLocal). 403 when
 * not an expert.
 */
export async function listMyWorkshops(db: Db, user: CurrentUser): Promise<{ workshops: MyWorkshopView[]; timeZone: string }> {
  const expert = await ownExpert(db, user);
  const rows = await selectWorkshops(db, eq(workshops.expertId, expert.id)).orderBy(asc(workshops.startsAt));
  return { workshops: await toMyWorkshopViews(db, rows), timeZone: expert.timezone };
}
