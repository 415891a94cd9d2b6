/**
 * A one-event iTIP message (RFC 5546) in an iCalendar object (RFC 5545) for calendar invites, built with
 * ical-generator: it writes the object without validating it against a schema on every call, which kept a booking
 * request's CPU cost low (docs/performance.md "Booking cost"), while escaping, folding at 75 octets and date forms
 * stay a library's job.
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/** A calendar user: display name and e-mail address. */
export type CalendarUser = { name: string; email: string };

/**
 * The platform's sender as the invites' ORGANIZER, from MAIL_FROM ('Mentora <no-reply@mentora.example>' or a bare
 * address): replies and the calendar's "organizer" line name the platform, not either party.
 */
export function organizerOf(mailFrom: string): CalendarUser {
  const named = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(mailFrom);
  if (named) return { name: named[1] || 'Mentora', email: named[2]! };
  return { name: 'Mentora', email: mailFrom.trim() };
}

/**
 * An iTIP message about one event (RFC 5546 §3.2): `method` REQUEST (a new or changed event) or CANCEL (it leaves the
 * attendees' calendars), `uid` (globally unique, the same in every message about the event), `sequence` (0 first,
 * higher in each later message, RFC 5545 §3.8.7.4), `start` (an instant, written in UTC), `durationMinutes`,
 * `summary`, `description`, `location` and `url` (plain text), `organizer`, `attendees` (each a required participant
 * who has accepted: a booking is already agreed, no RSVP is asked), stamped `stamp` (when the message is made).
 * Returns the text of the .ics attachment (CRLF line ends, lines folded at 75 octets).
 */
export function calendarInvite(event: {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  start: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  location: string;
  url: string;
  organizer: CalendarUser;
  attendees: CalendarUser[];
  stamp: Date;
}): string {
  const cancel = event.method === 'CANCEL';
  const calendar = ical({
    prodId: { company: 'Mentora', product: 'Sessions', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    start: event.start,
    end: new Date(event.start.getTime() + event.durationMinutes * 60_000),
    stamp: event.stamp,
    summary: event.summary,
    description: event.description,
    location: event.location,
    url: event.url,
    organizer: event.organizer,
    attendees: event.attendees.map((a) => ({ ...a, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false })),
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
