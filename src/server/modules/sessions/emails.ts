/** Session e-mails (docs/product.md "E-mail"): booking confirmation with an .ics invite, reminder, cancellation, release. */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatMoney, introMinutes } from '../../../shared/pricing.js';
import { policyNames, policyTerms, type CancellationPolicy } from '../../../shared/sessions.js';
import type { OutgoingEmail } from '../../infra/mail/outbox.js';
import { calendarInvite } from '../../infra/mail/icalendar.js';
import { actionEmail } from '../../infra/mail/templates.js';

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
};

/** 'Flexible — Full refund until 24 hours before the session, 50% after.' */
function policyLine(policy: CancellationPolicy): string {
  return `${policyNames[policy]} — ${policyTerms[policy].summary}`;
}

/** 'Mon, Nov 23, 2026 at 9:00 AM PST' in `zone` (US English, 12-hour). */
export function formatInZone(instant: Date, zone: string): string {
  return format(new TZDate(instant, zone), "EEE, MMM d, yyyy 'at' h:mm a zzz");
}

/** An iCalendar invite for the session (UTC times), with the meeting link as location and URL. */
export function sessionInvite(s: SessionMailFacts, baseUrl: string): string {
  return calendarInvite({
    uid: `${s.id}@mentora`,
    summary: `Mentora session: ${s.clientName} with ${s.expertName}`,
    description: `Topic: ${s.topic}\nJoin: ${s.meetingUrl}\nSession page: ${baseUrl}/session/${s.id}`,
    start: s.startsAt,
    durationMinutes: s.durationMinutes,
    location: s.meetingUrl,
    url: s.meetingUrl,
    stamp: new Date(),
  });
}

/**
 * Confirmation for one party, with the invite attached. A paid session's e-mail states the cancellation policy it
 * was booked under, which stays with the booking whatever the expert chooses later.
 */
export function bookingEmail(s: SessionMailFacts, to: { email: string; zone: string; side: 'client' | 'expert' }, baseUrl: string): OutgoingEmail {
  const other = to.side === 'client' ? s.expertName : s.clientName;
  const mail = actionEmail({
    to: to.email,
    subject: `Session booked: ${s.clientName} with ${s.expertName}`,
    paragraphs: [
      `Your ${s.durationMinutes}-minute session with ${other} is booked for ${formatInZone(s.startsAt, to.zone)}.`,
      `Topic: ${s.topic}`,
      s.totalAmountCents > 0
        ? to.side === 'client'
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
    url: `${baseUrl}/session/${s.id}`,
  });
  return {
    ...mail,
    attachments: [{ filename: 'mentora-session.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: sessionInvite(s, baseUrl) }],
  };
}

/**
 * Both booking confirmations (with the calendar invite) for the session `s` as booked: the client's to
 * `client.email`, times in `client.zone` (else the expert's zone); the expert's to `expert.email` in
 * `expert.timezone`, left out when the expert's account has no address any more.
 */
export function bookingEmails(
  s: SessionMailFacts,
  client: { email: string; zone?: string },
  expert: { email: string | null; timezone: string },
  baseUrl: string,
): OutgoingEmail[] {
  const toClient = bookingEmail(s, { email: client.email, zone: client.zone ?? expert.timezone, side: 'client' }, baseUrl);
  return expert.email ? [toClient, bookingEmail(s, { email: expert.email, zone: expert.timezone, side: 'expert' }, baseUrl)] : [toClient];
}

export function reminderEmail(s: SessionMailFacts, to: { email: string; zone: string; side: 'client' | 'expert' }, baseUrl: string): OutgoingEmail {
  const other = to.side === 'client' ? s.expertName : s.clientName;
  return actionEmail({
    to: to.email,
    subject: `Reminder: your Mentora session with ${other} is tomorrow`,
    paragraphs: [`Your session with ${other} starts ${formatInZone(s.startsAt, to.zone)}.`, `Topic: ${s.topic}`, `Join by video: ${s.meetingUrl}`],
    actionLabel: 'View session',
    url: `${baseUrl}/session/${s.id}`,
  });
}

export function cancellationEmail(
  s: SessionMailFacts,
  to: { email: string; zone: string },
  by: string,
  reason: string,
  refundCents: number,
  baseUrl: string,
): OutgoingEmail {
  return actionEmail({
    to: to.email,
    subject: `Session cancelled: ${s.clientName} with ${s.expertName}`,
    paragraphs: [
      `The session on ${formatInZone(s.startsAt, to.zone)} was cancelled by ${by}.`,
      `Reason: ${reason}`,
      s.totalAmountCents > 0
        ? `Refund to the client: ${formatMoney(refundCents)} of ${formatMoney(s.totalAmountCents)}.`
        : 'This was a free introductory meeting; no money moved.',
    ],
    actionLabel: 'View session',
    url: `${baseUrl}/session/${s.id}`,
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
