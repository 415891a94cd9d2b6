import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarInvite, organizerOf } from '../../src/server/infra/mail/icalendar';

const event = {
  method: 'REQUEST' as const,
  uid: '0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b@mentora',
  sequence: 0,
  start: new Date('2026-12-01T15:30:00Z'),
  durationMinutes: 90,
  summary: 'Mentora session: Bo Li with Ana Díaz, PhD; mentor',
  description: `Topic: Line one\nLine two \\ with a long text that goes on beyond seventy-five octets — so it is folded ${'é'.repeat(40)}`,
  location: 'https://meet.example.com/mentora-abc',
  url: 'https://meet.example.com/mentora-abc',
  organizer: { name: 'Mentora', email: 'no-reply@mentora.example' },
  attendees: [
    { name: 'Bo Li', email: 'bo@example.com' },
    { name: `Ana Díaz Ñúñez-Østergård ${'ü'.repeat(30)}`, email: 'ana.diaz.nunez.ostergard@example.com' },
  ],
  stamp: new Date('2026-11-25T07:00:00Z'),
};

/** The invite as a calendar program reads it, parsed by an independent iCalendar parser (ical.js). */
function parsed(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the invite');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe('the calendar invite (docs/product.md "E-mail"; RFC 5545, RFC 5546)', () => {
  it('is an iTIP REQUEST for one confirmed event at the booked UTC time for the booked length, with the meeting link', () => {
    const { calendar, vevent, event: e } = parsed(calendarInvite(event));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(calendar.getFirstPropertyValue('prodid')).toMatch(/\/\/Mentora\/\//);
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
    expect(e.uid).toBe(event.uid);
    expect(e.sequence).toBe(0);
    expect(e.startDate.toJSDate().toISOString()).toBe('2026-12-01T15:30:00.000Z');
    expect(e.startDate.zone?.tzid).toBe('UTC');
    expect(e.endDate.toJSDate().getTime() - e.startDate.toJSDate().getTime()).toBe(90 * 60_000);
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-25T07:00:00Z');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstPropertyValue('url')).toBe(event.url);
    expect(e.location).toBe(event.location);
  });

  it('names the platform as organizer and both parties as accepted required attendees', () => {
    const { vevent } = parsed(calendarInvite(event));
    const organizer = vevent.getFirstProperty('organizer');
    // The URI scheme is case-insensitive (RFC 3986 §3.1).
    expect(String(organizer?.getFirstValue()).toLowerCase()).toBe('mailto:no-reply@mentora.example');
    expect(organizer?.getParameter('cn')).toBe('Mentora');
    const attendees = vevent.getAllProperties('attendee');
    expect(attendees.map((a) => String(a.getFirstValue()).toLowerCase())).toEqual(['mailto:bo@example.com', 'mailto:ana.diaz.nunez.ostergard@example.com']);
    expect(attendees.map((a) => a.getParameter('cn'))).toEqual(event.attendees.map((a) => a.name));
    for (const a of attendees) {
      expect(a.getParameter('role')).toBe('REQ-PARTICIPANT');
      expect(a.getParameter('partstat')).toBe('ACCEPTED');
    }
  });

  it('cancels with METHOD:CANCEL, the same UID, the given higher SEQUENCE and STATUS:CANCELLED', () => {
    const { calendar, vevent, event: e } = parsed(calendarInvite({ ...event, method: 'CANCEL', sequence: 3 }));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(e.uid).toBe(event.uid);
    expect(e.sequence).toBe(3);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getAllProperties('attendee')).toHaveLength(2);
  });

  it('keeps commas, semicolons, backslashes and line breaks in text intact', () => {
    const { event: e } = parsed(calendarInvite(event));
    expect(e.summary).toBe(event.summary);
    expect(e.description).toBe(event.description);
  });

  it('folds lines longer than 75 octets (not characters) without splitting a character', () => {
    const ics = calendarInvite(event);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    const lines = ics.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // The long non-ASCII attendee name fits in 75 characters but not in 75 octets: it is folded.
    expect(lines.some((l) => l.startsWith(' ') && /ü/.test(l))).toBe(true);
    expect(ics).not.toContain('\uFFFD');
  });
});

describe('the organizer from MAIL_FROM', () => {
  it('reads a named address and a bare one', () => {
    expect(organizerOf('Mentora <no-reply@mentora.example>')).toEqual({ name: 'Mentora', email: 'no-reply@mentora.example' });
    expect(organizerOf('"Mentora Team" <team@mentora.example>')).toEqual({ name: 'Mentora Team', email: 'team@mentora.example' });
    expect(organizerOf('no-reply@mentora.example')).toEqual({ name: 'Mentora', email: 'no-reply@mentora.example' });
  });
});
