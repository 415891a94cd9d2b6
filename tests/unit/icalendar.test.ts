import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarInvite } from '../../src/server/infra/mail/icalendar';

const event = {
  uid: '0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b@mentora',
  start: new Date('2026-12-01T15:30:00Z'),
  durationMinutes: 90,
  summary: 'Mentora session: Bo Li with Ana Díaz, PhD; mentor',
  description: `Topic: Line one\nLine two \\ with a long text that goes on beyond seventy-five octets — so it is folded ${'é'.repeat(40)}`,
  location: 'https://meet.example.com/mentora-abc',
  url: 'https://meet.example.com/mentora-abc',
  stamp: new Date('2026-11-25T07:00:00Z'),
};

/** The invite as a calendar program reads it, parsed by an independent iCalendar parser (ical.js). */
function parsed(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the invite');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe('the calendar invite attached to a booking (docs/product.md "E-mail"; RFC 5545)', () => {
  it('is one confirmed event at the booked UTC time for the booked length, with the meeting link', () => {
    const { calendar, vevent, event: e } = parsed(calendarInvite(event));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
    expect(e.uid).toBe(event.uid);
    expect(e.startDate.toJSDate().toISOString()).toBe('2026-12-01T15:30:00.000Z');
    expect(e.startDate.zone?.tzid).toBe('UTC');
    expect(e.endDate.toJSDate().getTime() - e.startDate.toJSDate().getTime()).toBe(90 * 60_000);
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-25T07:00:00Z');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstPropertyValue('url')).toBe(event.url);
    expect(e.location).toBe(event.location);
  });

  it('keeps commas, semicolons, backslashes and line breaks in text intact', () => {
    const { event: e } = parsed(calendarInvite(event));
    expect(e.summary).toBe(event.summary);
    expect(e.description).toBe(event.description);
  });

  it('folds lines longer than 75 octets without splitting a character', () => {
    const ics = calendarInvite(event);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).not.toContain('\uFFFD');
  });
});
