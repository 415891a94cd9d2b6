/** E-mails of the team's decisions (docs/product.md "Team console"): application approved / rejected, dispute decided. */
import { formatMoney } from '../../../shared/pricing.js';
import type { OutgoingEmail } from '../../infra/mail/outbox.js';
import { actionEmail } from '../../infra/mail/templates.js';

/** To the applicant: the profile is live at /expert/{slug} with a starting rate and default hours to edit. */
export function approvalEmail(to: string, o: { firstName: string; slug: string; hourlyRateCents: number; timezone: string }, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to,
    subject: 'Your Mentora expert application is approved',
    paragraphs: [
      `Hello ${o.firstName},`,
      'Welcome to Mentora! Our team has approved your application and your expert profile is now published.',
      `Your public profile: ${baseUrl}/expert/${o.slug}`,
      `We started you at ${formatMoney(o.hourlyRateCents)} per hour, available Monday to Friday, 9:00 AM to 5:00 PM (${o.timezone}). Please review your profile, your rate and your availability from your dashboard.`,
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
