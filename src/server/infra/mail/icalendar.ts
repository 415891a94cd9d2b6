/**
 * A one-event iCalendar object (RFC 5545) for calendar invites: written directly, because building it with a
 * general library (schema-validated on every call) was the largest single cost of a booking request
 * (docs/performance.md "Booking").
 */

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, and line breaks as `\n`. */
function text(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

/** UTC DATE-TIME form (RFC 5545 §3.3.5, form 2): 20261201T153000Z. */
function utc(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** Folds a content line longer than 75 octets (RFC 5545 §3.1): CRLF and one space, never inside a character. */
function fold(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line;
  let out = '';
  let width = 0;
  for (const ch of line) {
    const octets = Buffer.byteLength(ch);
    if (width + octets > 75) {
      out += '\r\n ';
      width = 1;
    }
    out += ch;
    width += octets;
  }
  return out;
}

/**
 * A PUBLISH calendar with one CONFIRMED event: `uid` (globally unique), `start` (an instant, written in UTC),
 * `durationMinutes`, `summary`, `description`, `location` and `url` (plain text; escaped and folded here), stamped
 * `stamp` (when the invite is made). Lines end with CRLF.
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
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'PRODID:-//Mentora//Sessions//EN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${text(event.uid)}`,
    `SUMMARY:${text(event.summary)}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DURATION:PT${event.durationMinutes}M`,
    `DESCRIPTION:${text(event.description)}`,
    `URL:${event.url}`,
    `LOCATION:${text(event.location)}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
