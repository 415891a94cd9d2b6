/**
 * The expert's e-mails about their own workshop (docs/product.md "Workshops"): ONE calendar event per workshop, not
 * one per seat — an invite (iTIP REQUEST) when it is published, an updated one (same UID, SEQUENCE raised) when its
 * time or title changes, its CANCEL when it is cancelled — and one reminder 24 hours and one 1 hour before the
 * start. Attendees get their seats' own invites and reminders (the sessions' e-mails). Every time is written in the
 * expert's own zone, named.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { experts, user as userTable, type workshops } from '../../db/schema.js';
import { calendarInvite, organizerOf, workshopEventUid } from '../../infra/mail/icalendar.js';
import { outboxInsert, type OutgoingEmail } from '../../infra/mail/outbox.js';
import { actionEmail } from '../../infra/mail/templates.js';
import { formatInZone, type MailSite, type Recipient, type ReminderLead } from '../../infra/mail/zoned.js';

type Workshop = Pick<
  typeof workshops.$inferSelect,
  'id' | 'expertId' | 'title' | 'startsAt' | 'durationMinutes' | 'meetingUrl' | 'inviteSequence' | 'capacity' | 'seatsSold'
>;

/** What changed, for the e-mail that carries the workshop's invite. */
export type WorkshopChange = { kind: 'published' } | { kind: 'moved'; previousStartsAt: Date } | { kind: 'cancelled'; reason: string };

/** The expert of workshop `expertId` as a recipient (their account's zone, else their profile's), or null without an account. */
async function expertRecipient(tx: Db | Tx, expertId: string): Promise<(Recipient & { name: string }) | null> {
  const [row] = await tx
    .select({ name: experts.name, zone: experts.timezone, email: userTable.email, userZone: userTable.timeZone })
    .from(experts)
    .innerJoin(userTable, eq(userTable.id, experts.userId))
    .where(eq(experts.id, expertId));
  return row ? { name: row.name, email: row.email, zone: row.userZone ?? row.zone } : null;
}

/** The workshop's event for its expert: UID per workshop, SEQUENCE `w.inviteSequence`, the expert as the one attendee. */
function workshopInvite(w: Workshop, to: Recipient & { name: string }, site: MailSite, method: 'REQUEST' | 'CANCEL'): string {
  return calendarInvite({
    method,
    uid: workshopEventUid(w.id),
    sequence: w.inviteSequence,
    summary: `Mentora workshop: ${w.title}`,
    description: `When: ${formatInZone(w.startsAt, to.zone)}\nJoin: ${w.meetingUrl}\nWorkshop page: ${site.baseUrl}/workshops/${w.id}`,
    start: w.startsAt,
    durationMinutes: w.durationMinutes,
    location: w.meetingUrl,
    url: w.meetingUrl,
    organizer: organizerOf(site.mailFrom),
    attendees: [{ name: to.name, email: to.email }],
    stamp: new Date(),
  });
}

/** The expert's e-mail about `change` of workshop `w` (as it now is), with the workshop's invite attached. */
function inviteEmail(w: Workshop, to: Recipient & { name: string }, change: WorkshopChange, site: MailSite): OutgoingEmail {
  const when = formatInZone(w.startsAt, to.zone);
  const text = {
    published: {
      subject: `Workshop published: ${w.title}`,
      lead: `Your workshop "${w.title}" is published for ${when}. Clients can now book its ${w.capacity} seats.`,
    },
    moved: {
      subject: `Workshop updated: ${w.title}`,
      lead:
        change.kind === 'moved' && change.previousStartsAt.getTime() !== w.startsAt.getTime()
          ? `Your workshop "${w.title}" has moved from ${formatInZone(change.previousStartsAt, to.zone)} to ${when}.`
          : `Your workshop "${w.title}" on ${when} was updated.`,
    },
    cancelled: {
      subject: `Workshop cancelled: ${w.title}`,
      lead: `Your workshop "${w.title}" on ${when} is cancelled.${change.kind === 'cancelled' ? ` Reason: ${change.reason}` : ''}`,
    },
  }[change.kind];
  const mail = actionEmail({
    to: to.email,
    subject: text.subject,
    paragraphs: [
      text.lead,
      ...(change.kind === 'cancelled' ? [] : [`Join by video: ${w.meetingUrl}`]),
      change.kind === 'cancelled' ? 'The event is removed from your calendar.' : 'The calendar invite is attached.',
    ],
    actionLabel: 'View workshop',
    url: `${site.baseUrl}/workshops/${w.id}`,
  });
  const method = change.kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const content = workshopInvite(w, to, site, method);
  return { ...mail, attachments: [{ filename: 'mentora-workshop.ics', contentType: `text/calendar; charset=utf-8; method=${method}`, content }] };
}

/**
 * Queues in `tx` the expert's e-mail about `change` of workshop `w`, written as it now is (the caller has raised
 * `invite_sequence` for a change after publishing). Nothing when the expert has no account any more.
 */
export async function mailExpertWorkshopChange(tx: Db | Tx, site: MailSite, w: Workshop, change: WorkshopChange): Promise<void> {
  const to = await expertRecipient(tx, w.expertId);
  if (to) await outboxInsert(tx, [inviteEmail(w, to, change, site)]);
}

/** The expert's reminder of workshop `w`, `lead` before the start, with the seats booked. */
export async function workshopReminderEmail(tx: Db | Tx, site: MailSite, w: Workshop, lead: ReminderLead): Promise<OutgoingEmail | null> {
  const to = await expertRecipient(tx, w.expertId);
  if (!to) return null;
  return actionEmail({
    to: to.email,
    subject: `Reminder: your workshop ${w.title} ${lead === 'day' ? 'is tomorrow' : 'starts in 1 hour'}`,
    paragraphs: [
      `Your workshop "${w.title}" starts ${formatInZone(w.startsAt, to.zone)}.`,
      `Seats booked: ${w.seatsSold} of ${w.capacity}.`,
      `Join by video: ${w.meetingUrl}`,
    ],
    actionLabel: 'View workshop',
    url: `${site.baseUrl}/workshops/${w.id}`,
  });
}
