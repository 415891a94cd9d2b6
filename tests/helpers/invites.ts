/** Reading the calendar invite attached to an outbox e-mail as a calendar program does, with an independent parser (ical.js). */
import ICAL from 'ical.js';
import type { emailOutbox } from '../../src/server/db/schema.js';

/** The iTIP method, UID, SEQUENCE, start and end (UTC ISO) and description of the invite attached to `mail`; throws when none is. */
export function inviteOf(mail: typeof emailOutbox.$inferSelect) {
  const ics = mail.attachments?.find((a) => a.filename.endsWith('.ics'));
  if (!ics) throw new Error(`no invite attached to "${mail.subject}" for ${mail.to}`);
  const calendar = new ICAL.Component(ICAL.parse(ics.content));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    description: String(event.getFirstPropertyValue('description')),
  };
}
