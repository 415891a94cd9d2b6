/** POST /api/me/calendar-feed (docs/product.md "Calendar feed"): creates the account's address, or replaces it. */
import { sql } from 'drizzle-orm';
import type { CalendarFeedAddress } from '../../../../shared/schemas/calendar-feed.js';
import type { Db } from '../../../db/client.js';
import { calendarFeeds } from '../../../db/schema.js';
import { feedTokenHash, feedUrl, newFeedToken } from '../feed-token.js';

/**
 * A new address for user `userId` on the site `baseUrl`: a new token whose hash replaces the stored one in one
 * statement, so the previous address answers 404 from the moment this answers. The full address is in this answer
 * only.
 */
export async function resetCalendarFeed(db: Db, userId: string, baseUrl: string): Promise<CalendarFeedAddress> {
  const token = newFeedToken();
  const tokenHash = feedTokenHash(token);
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql`now()` } })
    .returning({ createdAt: calendarFeeds.createdAt });
  return { url: feedUrl(baseUrl, token), createdAt: row!.createdAt.toISOString() };
}
