/**
 * E-mails of the team's decisions and answers (docs/product.md "Team console"): application approved / rejected,
 * dispute decided, a reply to an inbox message, an account suspended or reinstated.
 */
import { inboxItemNames, type InboxKind } from '../../../shared/admin.js';
import { supportEmail } from '../../../shared/constants.js';
import { formatMoney } from '../../../shared/pricing.js';
import type { OutgoingEmail } from '../../infra/mail/outbox.js';
import { actionEmail } from '../../infra/mail/templates.js';

/** To the applicant: approved; the profile goes live once they set rate, time zone and hours, and photo, and publish it. */
export function approvalEmail(to: string, o: { firstName: string }, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to,
    subject: 'Your Mentora expert application is approved',
    paragraphs: [
      `Hello ${o.firstName},`,
      'Welcome to Mentora! Our team has approved your application.',
      'Your profile is not public yet. From your dashboard, set your hourly rate, your time zone and weekly hours, and your photo, then press "Publish profile" and clients can find and book you.',
    ],
    actionLabel: 'Open your expert dashboard',
    url: `${baseUrl}/dashboard/expert`,
  });
}

/** To the applicant: the application was not approved, with the team's reason. */
export function rejectionEmail(to: string, o: { firstName: string; reason: string }, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to,
    subject: 'Your Mentora expert application',
    paragraphs: [
      `Hello ${o.firstName},`,
      'Thank you for applying to mentor on Mentora. After reviewing your application, our team is not able to approve it at this time.',
      `Reason: ${o.reason}`,
      'You are welcome to apply again once your circumstances change.',
    ],
    actionLabel: 'Visit your dashboard',
    url: `${baseUrl}/dashboard/expert`,
  });
}

/** To one party of a disputed session: the decision, the money, and the team's note. */
export function disputeDecisionEmail(
  to: string,
  o: { sessionId: string; clientName: string; expertName: string; decision: 'client' | 'expert'; refundCents: number; amountCents: number; note: string },
  baseUrl: string,
): OutgoingEmail {
  const money =
    o.amountCents === 0
      ? 'This was a free introductory meeting; no money moved.'
      : o.decision === 'client'
        ? `${formatMoney(o.refundCents)} of ${formatMoney(o.amountCents)} is refunded to the client's card${o.refundCents < o.amountCents ? `, and ${formatMoney(o.amountCents - o.refundCents)} is released to the expert` : ''}. The session is cancelled.`
        : `${formatMoney(o.amountCents)} is released to the expert. The session is completed.`;
  return actionEmail({
    to,
    subject: `Dispute decided: ${o.clientName} with ${o.expertName}`,
    paragraphs: [
      `Our team has reviewed the issue reported on the session between ${o.clientName} and ${o.expertName} and decided in favour of the ${o.decision}.`,
      money,
      `Note from the team: ${o.note}`,
    ],
    actionLabel: 'View session',
    url: `${baseUrl}/session/${o.sessionId}`,
  });
}

/**
 * To the sender of an inbox message: the team's reply (`message`, paragraphs split at blank lines), signed by the team
 * member. It names what it answers by kind only: nothing the sender typed is repeated, so a message sent with a
 * stranger's address cannot make the team mail its own text to them.
 */
export function inboxReplyEmail(to: string, o: { kind: InboxKind; name: string | null; message: string; teamMember: string }, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to,
    subject: `Re: your ${inboxItemNames[o.kind]} to Mentora`,
    paragraphs: [o.name ? `Hello ${o.name},` : 'Hello,', ...o.message.split(/\n\s*\n/).map((p) => p.trim()), `${o.teamMember}, for the Mentora team`],
    actionLabel: 'Write to us again',
    url: `${baseUrl}/contact`,
  });
}

/** To a suspended account: it can no longer sign in, why, and whom to write to (docs/product.md "Team console", "People"). */
export function suspensionEmail(to: string, o: { name: string; reason: string }, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to,
    subject: 'Your Mentora account is suspended',
    paragraphs: [
      `Hello ${o.name},`,
      'Our team has suspended your Mentora account. You are signed out everywhere and cannot sign in while it is suspended.',
      `Reason: ${o.reason}`,
      `If you think this is a mistake, write to ${supportEmail}.`,
    ],
    actionLabel: 'Contact us',
    url: `${baseUrl}/contact`,
  });
}

/** To a reinstated account: it can sign in again, with the team's note. */
export function reinstatementEmail(to: string, o: { name: string; reason: string }, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to,
    subject: 'Your Mentora account is active again',
    paragraphs: [`Hello ${o.name},`, 'Our team has reinstated your Mentora account. You can sign in again.', `Note from the team: ${o.reason}`],
    actionLabel: 'Sign in',
    url: `${baseUrl}/signup`,
  });
}

/** To an account whose messaging the team restored (docs/product.md "Messages"): it can send again, with the team's note. */
export function messagingRestoredEmail(to: string, o: { name: string; reason: string }, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to,
    subject: 'You can send messages on Mentora again',
    paragraphs: [
      `Hello ${o.name},`,
      'Our team has lifted the suspension of your messaging. You can send messages and start conversations again.',
      `Note from the team: ${o.reason}`,
    ],
    actionLabel: 'Open your messages',
    url: `${baseUrl}/messages`,
  });
}

/** To one party of a session the team refunded (docs/product.md "Team console", "Sessions and money"): how much, what was released, and why. */
export function teamRefundEmail(
  to: string,
  o: { sessionId: string; clientName: string; expertName: string; refundCents: number; amountCents: number; reason: string },
  baseUrl: string,
): OutgoingEmail {
  const rest = o.amountCents - o.refundCents;
  return actionEmail({
    to,
    subject: `Refund: ${o.clientName} with ${o.expertName}`,
    paragraphs: [
      `Our team has refunded ${formatMoney(o.refundCents)} of ${formatMoney(o.amountCents)} paid for the session between ${o.clientName} and ${o.expertName} to the client's card.`,
      rest > 0 ? `${formatMoney(rest)} is released to the expert.` : 'Nothing is released to the expert.',
      `Reason: ${o.reason}`,
    ],
    actionLabel: 'View session',
    url: `${baseUrl}/session/${o.sessionId}`,
  });
}

/** To an expert whose profile the team hid or published again, with the reason. */
export function visibilityEmail(to: string, o: { name: string; published: boolean; reason: string }, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to,
    subject: o.published ? 'Your Mentora profile is public again' : 'Your Mentora profile is hidden',
    paragraphs: [
      `Hello ${o.name},`,
      o.published
        ? 'Our team has published your profile again: clients can find and book you.'
        : 'Our team has hidden your profile: clients cannot find or book you until it is published again. Your booked sessions are not affected.',
      `Reason: ${o.reason}`,
    ],
    actionLabel: 'Open your expert dashboard',
    url: `${baseUrl}/dashboard/expert`,
  });
}
