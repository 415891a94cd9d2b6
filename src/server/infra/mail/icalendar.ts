/**
 * A one-event iTIP message (RFC 5546) in an iCalendar object (RFC 5545) for calendar invites, built with
 * ical-generator: it writes the object without validating it against a schema on every call, which kept a booking
 * request's CPU cost low (docs/performance.md "Booking cost"), while escaping, folding at 75 octets and date forms
 * stay a library's job.
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, type ICalCalendar, type ICalEventData } from 'ical-generator';
import { sessionEventText } from '../../../shared/calendar-event.js';

/** The UID of a session's calendar event (RFC 5545 §3.8.4.7), the same in every invite and calendar feed about it. */
export function sessionEventUid(sessionId: string): string {
  return `${sessionId}@mentora`;
}

/** The UID of a workshop's calendar event in its expert's calendar, the same in every invite about it (RFC 5545 §3.8.4.7). */
export function workshopEventUid(workshopId: string): string {
  return `workshop-${workshopId}@mentora`;
}

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
 * One session's event as every calendar object Mentora writes has it (invites and the calendar feed): `uid`
 * (globally unique, the same in every message and feed about the event), `sequence` (0 first, higher after each
 * change, RFC 5545 §3.8.7.4), `start` (an instant, written in UTC), `durationMinutes`, `summary`, `description`,
 * `location` and `url` (plain text), stamped `stamp`.
 */
export type CalendarEvent = {
  uid: string;
  sequence: number;
  start: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  location: string;
  url: string;
  stamp: Date;
};

/**
 * Session `s`'s event as one of its parties keeps it in their own calendar (the calendar feed and the session page's
 * download; docs/product.md "Calendar feed"): the invites' UID and SEQUENCE, so a calendar that holds the invite too
 * shows one event; titled with `otherName`, the other party; the session page under `baseUrl`; stamped `stamp`.
 */
export function sessionEvent(
  s: { id: string; startsAt: Date; durationMinutes: number; topic: string; meetingUrl: string; inviteSequence: number },
  otherName: string,
  baseUrl: string,
  stamp: Date,
): CalendarEvent {
  const text = sessionEventText({ otherName, topic: s.topic, meetingUrl: s.meetingUrl, sessionUrl: `${baseUrl}/session/${s.id}` });
  return {
    uid: sessionEventUid(s.id),
    sequence: s.inviteSequence,
    start: s.startsAt,
    durationMinutes: s.durationMinutes,
    ...text,
    location: s.meetingUrl,
    url: s.meetingUrl,
    stamp,
  };
}

/** ical-generator's fields of `event`, its end computed from the start and duration. */
function eventData(event: CalendarEvent): ICalEventData {
  return {
    id: event.uid,
    sequence: event.sequence,
    start: event.start,
    end: new Date(event.start.getTime() + event.durationMinutes * 60_000),
    stamp: event.stamp,
    summary: event.summary,
    description: event.description,
    location: event.location,
    url: event.url,
  };
}

const prodId = { company: 'Mentora', product: 'Sessions', language: 'EN' };

/**
 * The text of `calendar` with every content line ended by CRLF, the last one (END:VCALENDAR) included, as RFC 5545 §3.1
 * requires: ical-generator leaves the final line end out, which strict parsers refuse.
 */
function icsText(calendar: ICalCalendar): string {
  return `${calendar.toString()}\r\n`;
}

/**
 * An iTIP message about one event (RFC 5546 §3.2): `method` REQUEST (a new or changed event) or CANCEL (it leaves the
 * attendees' calendars), the event's fields (CalendarEvent), `organizer`, `attendees` (each a required participant
 * who has accepted: a booking is already agreed, no RSVP is asked).
 * Returns the text of the .ics attachment (every line, the last included, ended by CRLF; folded at 75 octets).
 */
export function calendarInvite(
  event: CalendarEvent & {
    method: 'REQUEST' | 'CANCEL';
    organizer: CalendarUser;
    attendees: CalendarUser[];
  },
): string {
  const cancel = event.method === 'CANCEL';
  const calendar = ical({ prodId, method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST });
  calendar.createEvent({
    ...eventData(event),
    organizer: event.organizer,
    attendees: event.attendees.map((a) => ({ ...a, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false })),
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return icsText(calendar);
}

/**
 * A published calendar (RFC 5545 with METHOD:PUBLISH, never an iTIP REQUEST: subscribing is not being invited) named
 * `name` (X-WR-CALNAME), with every event CONFIRMED, and `refreshSeconds` as the polling interval it suggests to
 * subscribers (REFRESH-INTERVAL, RFC 7986, and X-PUBLISHED-TTL, which Outlook and Apple read). Returns the .ics text.
 */
export function publishedCalendar(feed: { name: string; refreshSeconds: number; events: CalendarEvent[] }): string {
  const calendar = ical({ prodId, method: ICalCalendarMethod.PUBLISH, name: feed.name, ttl: feed.refreshSeconds });
  for (const event of feed.events) calendar.createEvent({ ...eventData(event), status: ICalEventStatus.CONFIRMED });
  return icsText(calendar);
}

/**
 * One event as a file to open or import (RFC 5545 with METHOD:PUBLISH: a copy for the reader's calendar, not an
 * invitation to answer), CONFIRMED; no calendar name, so calendar programs add it to a calendar the reader has.
 * Returns the .ics text.
 */
export function eventFile(event: CalendarEvent): string {
  const calendar = ical({ prodId, method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({ ...eventData(event), status: ICalEventStatus.CONFIRMED });
  return icsText(calendar);
}
