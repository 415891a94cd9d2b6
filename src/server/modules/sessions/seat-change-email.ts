/**
 * The attendee's e-mail when the expert edits a workshop they hold a seat in (docs/product.md "Workshops",
 * "Editing"): what changed — the time, the length, the title, the description — in the attendee's own zone, with the
 * seat's updated invite (METHOD:REQUEST, same UID, SEQUENCE raised) when the calendar event changed.
 */
import type { workshops } from '../../db/schema.js';
import type { OutgoingEmail } from '../../infra/mail/outbox.js';
import { actionEmail } from '../../infra/mail/templates.js';
import { formatInZone, withInvite, type MailSite, type Recipient, type SessionMailFacts } from './emails.js';

/** The workshop fields an attendee is told about. */
export type WorkshopFacts = Pick<typeof workshops.$inferSelect, 'title' | 'description' | 'startsAt' | 'durationMinutes'>;

/**
 * The e-mail to `to`, the attendee of seat `seat` (as it now is, its SEQUENCE raised when `inviteChanged`), about the
 * workshop changing from `before` to `after`. Carries the updated invite when `inviteChanged` (time, length or title).
 */
export function seatChangeEmail(
  seat: SessionMailFacts,
  before: WorkshopFacts,
  after: WorkshopFacts,
  to: Recipient,
  inviteChanged: boolean,
  site: MailSite,
): OutgoingEmail {
  const moved = before.startsAt.getTime() !== after.startsAt.getTime();
  const when = formatInZone(after.startsAt, to.zone);
  const mail = actionEmail({
    to: to.email,
    subject: `Workshop updated: ${after.title}`,
    paragraphs: [
      moved
        ? `The workshop "${after.title}" with ${seat.expertName} has moved from ${formatInZone(before.startsAt, to.zone)} to ${when}.`
        : `The workshop "${after.title}" with ${seat.expertName} on ${when} has changed.`,
      ...(before.title !== after.title ? [`Its title was "${before.title}".`] : []),
      ...(before.durationMinutes !== after.durationMinutes ? [`It now lasts ${after.durationMinutes} minutes (it was ${before.durationMinutes}).`] : []),
      ...(before.description !== after.description ? [`What it covers, as the expert now describes it: ${after.description}`] : []),
      'Your seat keeps the price and the cancellation terms it was booked with.',
      `Join by video: ${seat.meetingUrl}`,
      ...(inviteChanged ? ['The updated calendar invite is attached.'] : []),
    ],
    actionLabel: 'View your seat',
    url: `${site.baseUrl}/session/${seat.id}`,
  });
  return inviteChanged ? withInvite(mail, seat, { client: to, expert: null }, to, site, 'REQUEST') : mail;
}
