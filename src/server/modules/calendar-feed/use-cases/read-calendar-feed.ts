/**
 * GET /calendar/{token}.ics (docs/product.md "Calendar feed"): the account's sessions as a published calendar that
 * Google, Apple and Outlook calendars poll. Read fresh from the database on every request (never a kept answer),
 * so a booking or cancellation shows at the calendar's next poll.
 */
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { calendarStatuses } from '../../../../shared/calendar-event.js';
import { messages } from '../../../../shared/messages.js';
import type { Db } from '../../../db/client.js';
import { qualified as q } from '../../../db/qualified.js';
import { calendarFeeds, experts, sessions, workshops } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { publishedCalendar, sessionEvent, workshopEventUid, type CalendarEvent } from '../../../infra/mail/icalendar.js';
import { feedTokenHash, isFeedToken } from '../feed-token.js';
import { clock } from '../../../clock.js';

/** How far back the feed reaches, in days. */
export const feedPastDays = 30;
/** At most this many events, the earliest first from `feedPastDays` ago: a bounded answer whatever the history. */
export const feedMaxEvents = 500;
/** How often the feed asks subscribers to poll, in seconds (one hour). */
const refreshSeconds = 3600;

/**
 * The .ics text of the feed whose token is `token`, for the site `baseUrl`: one event per session of the account, as
 * client or as expert of its profile, and one per published workshop the account runs (never one per seat of it:
 * docs/product.md "Workshops"), starting no earlier than `feedPastDays` before `now`; each with the invites' UID and
 * SEQUENCE, so a calendar that has the invite too shows one event. NOT_FOUND for an unknown, replaced or malformed
 * token alike.
 */
export async function readCalendarFeed(db: Db, token: string, baseUrl: string, now = clock.now()): Promise<string> {
  const notFound = new AppError('NOT_FOUND', messages.common.notFound);
  if (!isFeedToken(token)) throw notFound;
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, feedTokenHash(token)));
  if (!feed) throw notFound;
  const ownExpert = sql`(select ${q(experts.id)} from ${experts} where ${q(experts.userId)} = ${feed.userId})`;
  const since = new Date(now.getTime() - feedPastDays * 86_400_000);
  const rows = await db
    .select({
      id: sessions.id,
      clientId: sessions.clientId,
      clientName: sessions.clientName,
      expertName: sessions.expertName,
      startsAt: sessions.startsAt,
      durationMinutes: sessions.durationMinutes,
      topic: sessions.topic,
      meetingUrl: sessions.meetingUrl,
      inviteSequence: sessions.inviteSequence,
    })
    .from(sessions)
    .where(
      and(
        inArray(sessions.status, calendarStatuses),
        gte(sessions.startsAt, since),
        // The expert's seats are their workshop's one event below.
        or(eq(sessions.clientId, feed.userId), and(sql`${sessions.expertId} = ${ownExpert}`, isNull(sessions.workshopId))),
      ),
    )
    .orderBy(asc(sessions.startsAt))
    .limit(feedMaxEvents);
  const events: CalendarEvent[] = rows.map((s) => sessionEvent(s, s.clientId === feed.userId ? s.expertName : s.clientName, baseUrl, now));
  const run = await db
    .select()
    .from(workshops)
    .where(and(eq(workshops.status, 'published'), gte(workshops.startsAt, since), sql`${workshops.expertId} = ${ownExpert}`))
    .orderBy(asc(workshops.startsAt))
    .limit(feedMaxEvents);
  for (const w of run)
    events.push({
      uid: workshopEventUid(w.id),
      sequence: w.inviteSequence,
      start: w.startsAt,
      durationMinutes: w.durationMinutes,
      summary: `Mentora workshop: ${w.title}`,
      description: `Join: ${w.meetingUrl}\nWorkshop page: ${baseUrl}/workshops/${w.id}`,
      location: w.meetingUrl,
      url: w.meetingUrl,
      stamp: now,
    });
  events.sort((a, b) => a.start.getTime() - b.start.getTime());
  return publishedCalendar({ name: 'Mentora sessions', refreshSeconds, events: events.slice(0, feedMaxEvents) });
}
