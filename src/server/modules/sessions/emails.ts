/**
 * Session e-mails (docs/product.md "E-mail"): booking confirmation with an invite (iTIP REQUEST), reminders,
 * cancellation with the invite's CANCEL, an updated invite for a moved session, release. Every time is written in
 * the recipient's own zone, named.
 */
import { formatMoney, introMinutes } from '../../../shared/pricing.js';
import { policyNames, policyTerms, type CancellationPolicy } from '../../../shared/sessions.js';
import type { OutgoingEmail } from '../../infra/mail/outbox.js';
import { calendarInvite, organizerOf, sessionEventUid } from '../../infra/mail/icalendar.js';
import { actionEmail } from '../../infra/mail/templates.js';
import { formatInZone, type MailSite, type Recipient, type ReminderLead } from '../../infra/mail/zoned.js';

export { formatInZone, type MailSite, type Recipient, type ReminderLead };

export type SessionMailFacts = {
  id: string;
  expertName: string;
  clientName: string;
  startsAt: Date;
  durationMinutes: number;
  topic: string;
  meetingUrl: string;
  totalAmountCents: number;
  /** The policy stored with the session at booking. */
  cancellationPolicy: CancellationPolicy;
  /** SEQUENCE of the invite this message carries (sessions.invite_sequence after the change it reports). */
  inviteSequence: number;
};

/** Both parties of a session as recipients; null where the account has no address any more. */
export type SessionParties = { client: Recipient | null; expert: Recipient | null };

/** 'Flexible — Full refund until 24 hours before the session, 50% after.' */
function policyLine(policy: CancellationPolicy): string {
  return `${policyNames[policy]} — ${policyTerms[policy].summary}`;
}

/**
 * The session's invite for recipient `to` (RFC 5546): `method` REQUEST (booked or moved) or CANCEL, SEQUENCE
 * `s.inviteSequence`, both parties as attendees, the platform as organizer, the meeting link as location and URL;
 * the description gives the time in the recipient's zone.
 */
function sessionInvite(s: SessionMailFacts, parties: SessionParties, to: Recipient, site: MailSite, method: 'REQUEST' | 'CANCEL'): string {
  const attendees = [
    ...(parties.client ? [{ name: s.clientName, email: parties.client.email }] : []),
    ...(parties.expert ? [{ name: s.expertName, email: parties.expert.email }] : []),
  ];
  return calendarInvite({
    method,
    uid: sessionEventUid(s.id),
    sequence: s.inviteSequence,
    summary: `Mentora session: ${s.clientName} with ${s.expertName}`,
    description: `When: ${formatInZone(s.startsAt, to.zone)}\nTopic: ${s.topic}\nJoin: ${s.meetingUrl}\nSession page: ${site.baseUrl}/session/${s.id}`,
    start: s.startsAt,
    durationMinutes: s.durationMinutes,
    location: s.meetingUrl,
    url: s.meetingUrl,
    organizer: organizerOf(site.mailFrom),
    attendees,
    stamp: new Date(),
  });
}

/** `mail` with the session's invite for `to` attached, as an iTIP message of `method`. */
export function withInvite(
  mail: OutgoingEmail,
  s: SessionMailFacts,
  parties: SessionParties,
  to: Recipient,
  site: MailSite,
  method: 'REQUEST' | 'CANCEL',
): OutgoingEmail {
  const content = sessionInvite(s, parties, to, site, method);
  return { ...mail, attachments: [{ filename: 'mentora-session.ics', contentType: `text/calendar; charset=utf-8; method=${method}`, content }] };
}

/** Each party that still has an address, with its side. */
function recipients(parties: SessionParties): { to: Recipient; side: 'client' | 'expert' }[] {
  return [
    ...(parties.client ? [{ to: parties.client, side: 'client' as const }] : []),
    ...(parties.expert ? [{ to: parties.expert, side: 'expert' as const }] : []),
  ];
}

/**
 * Confirmation for one party, with the invite (REQUEST) attached. A paid session's e-mail states the cancellation
 * policy it was booked under, which stays with the booking whatever the expert chooses later.
 */
function bookingEmail(s: SessionMailFacts, parties: SessionParties, to: Recipient, side: 'client' | 'expert', site: MailSite): OutgoingEmail {
  const other = side === 'client' ? s.expertName : s.clientName;
  const mail = actionEmail({
    to: to.email,
    subject: `Session booked: ${s.clientName} with ${s.expertName}`,
    paragraphs: [
      `Your ${s.durationMinutes}-minute session with ${other} is booked for ${formatInZone(s.startsAt, to.zone)}.`,
      `Topic: ${s.topic}`,
      s.totalAmountCents > 0
        ? side === 'client'
          ? `${formatMoney(s.totalAmountCents)} is held securely and released to the expert only after you confirm the session took place.`
          : `${formatMoney(s.totalAmountCents)} is held for you and released when the client confirms the session.`
        : `This is the free ${introMinutes}-minute introductory meeting.`,
      ...(s.totalAmountCents > 0
        ? [
            `Cancellation policy for this booking: ${policyLine(s.cancellationPolicy)} These terms stay with this booking even if the expert changes their policy later.`,
          ]
        : []),
      `Join by video: ${s.meetingUrl}`,
      'The calendar invite is attached.',
    ],
    actionLabel: 'View session',
    url: `${site.baseUrl}/session/${s.id}`,
  });
  return withInvite(mail, s, parties, to, site, 'REQUEST');
}

/** Both booking confirmations for the session `s` as booked, each in its recipient's zone with the invite (REQUEST). */
export function bookingEmails(s: SessionMailFacts, parties: SessionParties, site: MailSite): OutgoingEmail[] {
  return recipients(parties).map(({ to, side }) => bookingEmail(s, parties, to, side, site));
}

/**
 * Both parties' notices that session `s` now starts at `s.startsAt` for `s.durationMinutes` (a reschedule,
 * docs/product.md "E-mail"), each with the updated invite: METHOD:REQUEST, the same UID, SEQUENCE
 * `s.inviteSequence` — the caller raises sessions.invite_sequence in the transaction of the move and passes it.
 * `previousStartsAt` is the old start, named in the text.
 */
export function inviteUpdateEmails(s: SessionMailFacts, previousStartsAt: Date, parties: SessionParties, site: MailSite): OutgoingEmail[] {
  return recipients(parties).map(({ to, side }) => {
    const other = side === 'client' ? s.expertName : s.clientName;
    const mail = actionEmail({
      to: to.email,
      subject: `Session rescheduled: ${s.clientName} with ${s.expertName}`,
      paragraphs: [
        `Your session with ${other} has moved from ${formatInZone(previousStartsAt, to.zone)} to ${formatInZone(s.startsAt, to.zone)}.`,
        `Topic: ${s.topic}`,
        `Join by video: ${s.meetingUrl}`,
        'The updated calendar invite is attached.',
      ],
      actionLabel: 'View session',
      url: `${site.baseUrl}/session/${s.id}`,
    });
    return withInvite(mail, s, parties, to, site, 'REQUEST');
  });
}

/** A reminder to one party, `lead` before the start, in the recipient's zone. */
export function reminderEmail(s: SessionMailFacts, to: Recipient, side: 'client' | 'expert', lead: ReminderLead, site: MailSite): OutgoingEmail {
  const other = side === 'client' ? s.expertName : s.clientName;
  return actionEmail({
    to: to.email,
    subject: `Reminder: your Mentora session with ${other} ${lead === 'day' ? 'is tomorrow' : 'starts in 1 hour'}`,
    paragraphs: [`Your session with ${other} starts ${formatInZone(s.startsAt, to.zone)}.`, `Topic: ${s.topic}`, `Join by video: ${s.meetingUrl}`],
    actionLabel: 'View session',
    url: `${site.baseUrl}/session/${s.id}`,
  });
}

/**
 * Both parties' cancellation notices for session `s` (cancelled by `by`, for `reason`, `refundCents` of the price
 * refunded), each in its recipient's zone with the invite's CANCEL (same UID, SEQUENCE `s.inviteSequence`, raised
 * by the caller) so the event leaves their calendars (RFC 5546 §3.2.5).
 */
export function cancellationEmails(
  s: SessionMailFacts,
  parties: SessionParties,
  by: string,
  reason: string,
  /** Cents refunded to the card, or 'package': a package session went back to its package. */
  refundCents: number | 'package',
  site: MailSite,
): OutgoingEmail[] {
  return recipients(parties).map(({ to }) => {
    const mail = actionEmail({
      to: to.email,
      subject: `Session cancelled: ${s.clientName} with ${s.expertName}`,
      paragraphs: [
        `The session on ${formatInZone(s.startsAt, to.zone)} was cancelled by ${by}.`,
        `Reason: ${reason}`,
        refundCents === 'package'
          ? "The session went back to the client's package, to be booked again."
          : s.totalAmountCents > 0
            ? `Refund to the client: ${formatMoney(refundCents)} of ${formatMoney(s.totalAmountCents)}.`
            : 'This was a free introductory meeting; no money moved.',
      ],
      actionLabel: 'View session',
      url: `${site.baseUrl}/session/${s.id}`,
    });
    return withInvite(mail, s, parties, to, site, 'CANCEL');
  });
}

export function releaseEmail(s: SessionMailFacts, to: { email: string }, baseUrl: string, automatic: boolean): OutgoingEmail {
  return actionEmail({
    to: to.email,
    subject: `Payment released: session with ${s.clientName}`,
    paragraphs: [
      automatic
        ? `No issue was reported within 72 hours of your session with ${s.clientName}, so it was confirmed automatically.`
        : `${s.clientName} confirmed your session took place.`,
      `${formatMoney(s.totalAmountCents)} has been released to you.`,
    ],
    actionLabel: 'View session',
    url: `${baseUrl}/session/${s.id}`,
  });
}
