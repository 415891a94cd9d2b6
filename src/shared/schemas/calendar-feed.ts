/**
 * Calendar feed contracts (docs/product.md "Calendar feed"): the answers of GET and POST /api/me/calendar-feed.
 * Instants are UTC ISO-8601.
 */
import { z } from 'zod';

/** GET /api/me/calendar-feed: whether the account has an address, and since when (null when none). */
export const calendarFeedStatus = z.object({ exists: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;

/** POST /api/me/calendar-feed: the new address in full, shown this once (only its hash is kept). */
export const calendarFeedAddress = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeedAddress = z.infer<typeof calendarFeedAddress>;
