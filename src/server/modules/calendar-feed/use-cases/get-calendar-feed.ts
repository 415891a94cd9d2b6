/** GET /api/me/calendar-feed (docs/product.md "Calendar feed"): whether the account has a subscription address. */
import { eq } from 'drizzle-orm';
import type { CalendarFeedStatus } from '../../../../shared/schemas/calendar-feed.js';
import type { Db } from '../../../db/client.js';
import { calendarFeeds } from '../../../db/schema.js';

/** `{ exists, createdAt }` of user `userId`'s address; the address itself cannot be given again (only its hash is kept). */
export async function getCalendarFeed(db: Db, userId: string): Promise<CalendarFeedStatus> {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return { exists: row !== undefined, createdAt: row?.createdAt.toISOString() ?? null };
}
