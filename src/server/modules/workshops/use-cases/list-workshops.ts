/**
 * GET /api/workshops (docs/product.md "Workshops"): upcoming published workshops of published experts, soonest
 * first, filtered by topic, start date range (dates in the visitor's zone `tz`) and highest price per seat.
 */
import { and, asc, eq, gt, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { WorkshopView, workshopListQuery } from '../../../../shared/schemas/workshops.js';
import { shiftDate, wallClockToUtc } from '../../../../shared/slots.js';
import type { Db } from '../../../db/client.js';
import { experts, workshops } from '../../../db/schema.js';
import { selectWorkshops, toWorkshopView } from '../workshop-rows.js';
import { clock } from '../../../clock.js';

/** At most this many workshops in one answer. */
const listLimit = 100;

/**
 * The workshops matching `query` that start after `now`: `from`/`to` are whole dates (YYYY-MM-DD, inclusive) in
 * `tz`, turned into UTC instants without the server's zone; `maxPriceCents` the highest price per seat in cents.
 */
export async function listWorkshops(db: Db, query: z.output<typeof workshopListQuery>, now = clock.now()): Promise<WorkshopView[]> {
  const where: (SQL | undefined)[] = [eq(workshops.status, 'published'), eq(experts.status, 'published'), gt(workshops.startsAt, now)];
  if (query.topic) where.push(eq(workshops.topic, query.topic));
  if (query.from) where.push(gte(workshops.startsAt, wallClockToUtc(query.from, 0, query.tz)));
  if (query.to) where.push(lt(workshops.startsAt, wallClockToUtc(shiftDate(query.to, 1), 0, query.tz)));
  if (query.maxPriceCents !== undefined) where.push(lte(workshops.priceCents, query.maxPriceCents));
  const rows = await selectWorkshops(db, and(...where))
    .orderBy(asc(workshops.startsAt))
    .limit(listLimit);
  return rows.map(toWorkshopView);
}
