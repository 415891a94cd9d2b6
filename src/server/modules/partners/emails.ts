/** The partner programme's e-mails (docs/product.md "Partners"), written in the transaction of the change each reports. */
import { formatMoney } from '../../../shared/pricing.js';
import { memberPrivacyNotice } from '../../../shared/programmes.js';
import { actionEmail } from '../../infra/mail/templates.js';
import type { OutgoingEmail } from '../../infra/mail/outbox.js';
import type { CreditReceipt } from './credit-receipt-pdf.js';
import type { Statement } from './statement-pdf.js';

const day = (at: Date) => at.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

/** An invitation to manage `organisation` at /partner; the link carries the invitation's token and works until `expiresAt`. */
export function managerInvitationEmail(
  to: string,
  o: { organisation: string; invitedBy: string; token: string; expiresAt: Date },
  baseUrl: string,
): OutgoingEmail {
  return actionEmail({
    to,
    subject: `You are invited to manage ${o.organisation} on Mentora`,
    paragraphs: [
      `${o.invitedBy} invited you to manage ${o.organisation}'s mentoring programme on Mentora: its credit, and who else manages it.`,
      `Sign up or sign in with this e-mail address, then accept the invitation. The link works until ${day(o.expiresAt)} (UTC).`,
    ],
    actionLabel: 'Accept the invitation',
    url: `${baseUrl}/partner/invitations/${encodeURIComponent(o.token)}`,
  });
}

/** A PDF attached to an e-mail as `filename`. */
function withPdf(mail: OutgoingEmail, filename: string, pdf: Buffer): OutgoingEmail {
  return { ...mail, attachments: [{ filename, contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' as const }] };
}

/** The receipt of a credit purchase (a card payment or a bank transfer recorded by the team), its PDF attached. */
export function creditReceiptEmail(to: string, o: CreditReceipt & { organisationId: string; pdf: Buffer }, baseUrl: string): OutgoingEmail {
  const mail = actionEmail({
    to,
    subject: `Receipt ${o.receiptNumber}: ${formatMoney(o.amountCents)} of Mentora credit for ${o.organisation}`,
    paragraphs: [
      `Receipt number: ${o.receiptNumber}`,
      `${formatMoney(o.amountCents)} of credit was added to ${o.organisation}'s balance on ${day(o.paidAt)} (UTC), paid with ${o.paidWith}.`,
      `Balance now available: ${formatMoney(o.balanceCents)}. The receipt is attached as a PDF.`,
    ],
    actionLabel: 'View the balance',
    url: `${baseUrl}/partner/${o.organisationId}`,
  });
  return withPdf(mail, `mentora-receipt-${o.receiptNumber}.pdf`, o.pdf);
}

/** To each manager, `daysLeft` (14 or 3) days before the unspent part of a grant expires. */
export function grantExpiryWarningEmail(
  to: string,
  o: { organisationId: string; organisation: string; note: string; remainingCents: number; expiresAt: Date },
  baseUrl: string,
): OutgoingEmail {
  const lastDay = new Date(o.expiresAt.getTime() - 1);
  return actionEmail({
    to,
    subject: `${formatMoney(o.remainingCents)} of ${o.organisation}'s credit expires on ${day(lastDay)}`,
    paragraphs: [
      `${formatMoney(o.remainingCents)} of the credit Mentora granted to ${o.organisation} (“${o.note}”) is still unspent.`,
      `It can be used until the end of ${day(lastDay)} (UTC); what is unspent then expires.`,
    ],
    actionLabel: 'View the balance',
    url: `${baseUrl}/partner/${o.organisationId}`,
  });
}

/** An invitation to join access programme `programme` of `organisation`; the link carries the invitation's token. */
export function programmeInvitationEmail(to: string, o: { organisation: string; programme: string; token: string }, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to,
    subject: `${o.organisation} funds your mentoring on Mentora`,
    paragraphs: [
      `${o.organisation} invited you to “${o.programme}”: sessions with Mentora's experts, paid from ${o.organisation}'s credit.`,
      `Sign up or sign in with this e-mail address, then join. ${memberPrivacyNotice(o.organisation)}`,
    ],
    actionLabel: 'Join the programme',
    url: `${baseUrl}/programmes/join/${encodeURIComponent(o.token)}`,
  });
}

/** Last month's statement of `statement.organisation`, the PDF attached (statement-service.ts). */
export function statementEmail(to: string, o: { organisationId: string; statement: Statement; month: string; pdf: Buffer }, baseUrl: string): OutgoingEmail {
  const { statement: s } = o;
  const mail = actionEmail({
    to,
    subject: `${s.organisation}'s Mentora statement for ${s.monthName}`,
    paragraphs: [
      `${s.organisation}'s statement for ${s.monthName} (UTC) is attached as a PDF.`,
      `Closing balance: ${formatMoney(s.closing.availableCents)} available, ${formatMoney(s.closing.reservedCents)} reserved for bookings. Sessions and seats booked with your programmes this month: ${s.sessionsBooked}.`,
    ],
    actionLabel: 'View the report',
    url: `${baseUrl}/partner/${o.organisationId}`,
  });
  return withPdf(mail, `mentora-statement-${o.month.slice(0, 7)}.pdf`, o.pdf);
}
