/** A session's Google Calendar link (src/shared/calendar-event.ts; docs/product.md "Sessions"), read back as Google reads it. */
import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, sessionEventText } from '../../src/shared/calendar-event.js';

describe('googleCalendarUrl', () => {
  it("is Google's event template with the title, UTC start/end in basic form, details and location", () => {
    const text = sessionEventText({
      otherName: 'Zoë & Co',
      topic: 'Pricing? 50% off',
      meetingUrl: 'https://meet.example/abc',
      sessionUrl: 'https://mentora.example/session/1',
    });
    const url = new URL(
      googleCalendarUrl({ ...text, location: 'https://meet.example/abc', start: new Date('2026-12-01T17:00:00.000Z'), end: new Date('2026-12-01T18:30:00Z') }),
    );
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Mentora session with Zoë & Co',
      dates: '20261201T170000Z/20261201T183000Z',
      details: 'Topic: Pricing? 50% off\nJoin: https://meet.example/abc\nSession page: https://mentora.example/session/1',
      location: 'https://meet.example/abc',
    });
  });
});
