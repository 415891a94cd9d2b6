/**
 * A one-event iCalendar object (RFC 5545) for calendar invites, built with ical-generator: it writes the object
 * without validating it against a schema on every call, which kept a booking request's CPU cost low
 * (docs/performance.md "Booking cost"), while escaping, folding and date forms stay a library's job.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * A PUBLISH calendar with one CONFIRMED event: `uid` (globally unique), `start` (an instant, written in UTC),
 * `durationMinutes`, `summary`, `description`, `location` and `url` (plain text), stamped `stamp` (when the invite is
 * made). Returns the text of the .ics attachment (CRLF line ends, lines folded at 75 octets).
 */
export function calendarInvite(event: {
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  location: string;
  url: string;
  stamp: Date;
}): string {
  const calendar = ical({ prodId: { company: 'Mentora', product: 'Sessions', language: 'EN' }, method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({
    id: event.uid,
    start: event.start,
    end: new Date(event.start.getTime() + event.durationMinutes * 60_000),
    stamp: event.stamp,
    summary: event.summary,
    description: event.description,
    location: event.location,
    url: event.url,
    status: ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
