/** Job: deleting old stream events (docs/architecture.md "Message stream"; docs/decisions/020-message-stream.md). */
import { asc, inArray, lte, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { streamEvents } from '../../db/schema.js';

/** Stream events are kept this many days: a page away longer starts afresh (`hello`) and re-reads. */
export const streamEventsKeptDays = 7;

/** Rows deleted per statement, so one run never holds a huge delete. */
const chunk = 5000;

/**
 * Deletes every stream event up to the newest one older than `keptDays` days (by id, so no event is kept below a
 * deleted one: the oldest event left tells a resuming stream whether it could have missed any, see
 * `mayResumeAfter`). Deleting is idempotent, so several servers may run it at once. Returns how many were deleted.
 */
export async function pruneStreamEvents(db: Db, keptDays = streamEventsKeptDays): Promise<number> {
  const [cut] = await db
    .select({ id: max(streamEvents.id) })
    .from(streamEvents)
    .where(sql`${streamEvents.createdAt} < now() - ${keptDays}::float8 * interval '1 day'`);
  if (!cut?.id) return 0;
  let total = 0;
  for (;;) {
    const oldest = db.select({ id: streamEvents.id }).from(streamEvents).where(lte(streamEvents.id, cut.id)).orderBy(asc(streamEvents.id)).limit(chunk);
    const deleted = await db.delete(streamEvents).where(inArray(streamEvents.id, oldest)).returning({ id: streamEvents.id });
    total += deleted.length;
    if (deleted.length < chunk) return total;
  }
}

/**
 * Whether a stream that has seen the events up to `cursor` can resume from the table: no event after it was deleted by
 * pruning, i.e. the oldest event left is at most `cursor + 1`. Otherwise the page starts afresh with `hello`.
 */
export async function mayResumeAfter(db: Db, cursor: number): Promise<boolean> {
  const [row] = await db.select({ id: min(streamEvents.id) }).from(streamEvents);
  return row?.id != null && row.id <= cursor + 1;
}
