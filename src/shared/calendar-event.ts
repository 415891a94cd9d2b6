/**
 * A session in its party's own calendar (docs/product.md "Calendar feed", "Sessions"): which sessions have an event,
 * the event's words — the same in the calendar feed, the session page's .ics download and its Google Calendar link —
 * and those two ways to add it.
 */
import { liveStatuses, type SessionStatus } from './sessions.js';

/** Sessions that happen or happened: live ones, without reservations still waiting for their payment. */
export const calendarStatuses: readonly SessionStatus[] = liveStatuses.filter((s) => s !== 'pending_payment');

/** Whether the session page offers "Add to calendar": a session with an event (calendarStatuses) that has not ended at `now`. */
export function offersAddToCalendar(s: { status: SessionStatus; endsAt: string }, now = new Date()): boolean {
  return calendarStatuses.includes(s.status) && new Date(s.endsAt).getTime() > now.getTime();
}

/**
 * The event's title and description for the party whose counterpart is `otherName`: 'Mentora session with {other}',
 * then the topic, the meeting link and `sessionUrl` (the session page's full address), one a line.
 */
export function sessionEventText(s: { otherName: string; topic: string; meetingUrl: string; sessionUrl: string }): { summary: string; description: string } {
  return {
    summary: `Mentora session with ${s.otherName}`,
    description: `Topic: ${s.topic}\nJoin: ${s.meetingUrl}\nSession page: ${s.sessionUrl}`,
  };
}

/** Where a session's party downloads its event as an .ics file (GET, the session's two parties only). */
export const sessionCalendarPath = (sessionId: string) => `/api/sessions/${sessionId}/calendar.ics`;

/** An instant in iCalendar's UTC basic form, as Google's `dates` takes it: '20261201T170000Z'. */
const basicUtc = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/**
 * Google Calendar's event template link (`calendar.google.com/calendar/render?action=TEMPLATE`, the form Google
 * documents for "Add to Google Calendar" buttons): `text` the title, `dates` start/end in UTC, `details` and
 * `location`. Opening it shows the event filled in for the reader to save.
 */
export function googleCalendarUrl(e: { summary: string; description: string; location: string; start: Date; end: Date }): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.summary,
    dates: `${basicUtc(e.start)}/${basicUtc(e.end)}`,
    details: e.description,
    location: e.location,
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}
