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

/** Unfolds content lines (RFC 5545 §3.1) into a map of property name → value. */
function properties(ics: string): Map<string, string> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  return new Map(lines.filter(Boolean).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1)]));
}

describe('the calendar invite attached to a booking (docs/product.md "E-mail"; RFC 5545)', () => {
  it('is one confirmed event at the booked UTC time for the booked length, with the meeting link', () => {
    const ics = calendarInvite(event);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const p = properties(ics);
    expect(p.get('UID')).toBe(event.uid);
    expect(p.get('DTSTART')).toBe('20261201T153000Z');
    expect(p.get('DURATION')).toBe('PT90M');
    expect(p.get('DTSTAMP')).toBe('20261125T070000Z');
    expect(p.get('STATUS')).toBe('CONFIRMED');
    expect(p.get('METHOD')).toBe('PUBLISH');
    expect(p.get('URL')).toBe(event.url);
    expect(p.get('LOCATION')).toBe(event.location);
  });

  it('escapes commas, semicolons, backslashes and line breaks in text', () => {
    const p = properties(calendarInvite(event));
    expect(p.get('SUMMARY')).toBe('Mentora session: Bo Li with Ana Díaz\\, PhD\\; mentor');
    expect(p.get('DESCRIPTION')).toMatch(/^Topic: Line one\\nLine two \\\\ with a long text/);
  });

  it('folds lines longer than 75 octets without splitting a character, and unfolds to the same text', () => {
    const ics = calendarInvite(event);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).not.toContain('\uFFFD');
    expect(properties(ics).get('DESCRIPTION')).toContain('é'.repeat(40));
  });
});
