/**
 * The package e-mails (docs/product.md "Plans and packages"): the client's receipt for a purchase, the warnings 14 and
 * 3 days before unused sessions expire, what happened to them at expiry or on the team's refund, and a card dispute of
 * its charge ending the package (to the client and the expert). Times in the
 * client's own zone; amounts integer cents in the purchase's currency.
 */
import { expiryRuleText, packageTitle, type ExpiryRule } from '../../../shared/packages.js';
import { formatMoney } from '../../../shared/pricing.js';
import type { OutgoingEmail } from '../../infra/mail/outbox.js';
import { actionEmail } from '../../infra/mail/templates.js';
import { formatInZone, type Recipient } from '../../infra/mail/zoned.js';

/** What the package e-mails state about a purchase. */
export type PurchaseFacts = {
  id: string;
  expertName: string;
  sessionCount: number;
  durationMinutes: number;
  priceCents: number;
  validityMonths: number;
  expiryRule: ExpiryRule;
  currency: string;
  expiresAt: Date;
  cardBrand: string | null;
  cardLast4: string | null;
};

/** Who refunded unused sessions, the sentence's start. */
const refunder = {
  expiry: () => 'Your package expired. We refunded',
  team: () => 'The Mentora team refunded',
  expert: (expertName: string) => `${expertName} is no longer taking bookings, so we refunded`,
};

const card = (f: Pick<PurchaseFacts, 'cardBrand' | 'cardLast4'>) => (f.cardBrand && f.cardLast4 ? `${f.cardBrand} ending ${f.cardLast4}` : 'Card');

/** The receipt for the card payment of purchase `f` (numbered by the database, migration 0047), made at `at`; links to the client's dashboard (and its PDF receipt). */
export function packageReceiptEmail(f: PurchaseFacts & { receiptNumber: string }, to: Recipient, at: Date, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to: to.email,
    subject: `Receipt: ${formatMoney(f.priceCents, f.currency)} paid for your package with ${f.expertName}`,
    paragraphs: [
      `Receipt number: ${f.receiptNumber}`,
      `Package: ${packageTitle(f, f.currency)} with ${f.expertName}`,
      `Amount paid: ${formatMoney(f.priceCents, f.currency)}`,
      `Date: ${formatInZone(at, to.zone)}`,
      `Card: ${card(f)}`,
      `Expires: ${formatInZone(f.expiresAt, to.zone)}`,
      expiryRuleText(f.expiryRule, f.validityMonths),
      'You can download a PDF receipt from your dashboard.',
    ],
    actionLabel: 'Book your sessions',
    url: `${baseUrl}/dashboard#packages`,
  });
}

/** `unused` sessions of purchase `f` are still to book and it expires at `f.expiresAt` (the 14- and 3-day warnings). */
export function packageExpiryWarningEmail(f: PurchaseFacts, unused: number, to: Recipient, baseUrl: string): OutgoingEmail {
  const sessions = unused === 1 ? '1 session' : `${unused} sessions`;
  return actionEmail({
    to: to.email,
    subject: `Your package with ${f.expertName} expires on ${formatInZone(f.expiresAt, to.zone)}`,
    paragraphs: [`You still have ${sessions} of your package with ${f.expertName} to book.`, expiryRuleText(f.expiryRule, f.validityMonths)],
    actionLabel: 'Book your sessions',
    url: `${baseUrl}/dashboard#packages`,
  });
}

/**
 * What became of `unused` sessions worth `cents` at the expiry of purchase `f`, when the team refunded them (`by:
 * 'team'`: from the console, or suspending or unpublishing the expert) or the expert hid their profile (`by:
 * 'expert'`); a refund names the purchase's receipt it refunds, as a session's refund does (docs/product.md "Payments").
 */
export function packageSettledEmail(
  f: PurchaseFacts & { receiptNumber: string | null },
  outcome: { kind: 'refund' | 'release'; unused: number; cents: number; by: 'expiry' | 'team' | 'expert' },
  to: Recipient,
  baseUrl: string,
): OutgoingEmail {
  const sessions = outcome.unused === 1 ? '1 unused session' : `${outcome.unused} unused sessions`;
  const money = formatMoney(outcome.cents, f.currency);
  const paragraphs =
    outcome.kind === 'refund'
      ? [
          ...(f.receiptNumber ? [`Refund of receipt ${f.receiptNumber}`] : []),
          `${refunder[outcome.by](f.expertName)} ${sessions} of your package with ${f.expertName}.`,
          `Amount refunded: ${money}`,
          `Refunded to: ${card(f)}`,
        ]
      : [`Your package with ${f.expertName} expired with ${sessions}.`, `As the package said before you bought it, their share (${money}) went to the expert.`];
  return actionEmail({
    to: to.email,
    subject: outcome.kind === 'refund' ? `Receipt: ${money} refunded for your package with ${f.expertName}` : `Your package with ${f.expertName} has expired`,
    paragraphs,
    actionLabel: 'Open your dashboard',
    url: `${baseUrl}/dashboard#packages`,
  });
}

/**
 * A card dispute of purchase `f`'s charge ended the package (docs/product.md "Plans and packages", "Cancelling,
 * disputes"): to the client (`side: 'client'`) or its expert, with `unused` sessions not booked that can no longer be
 * booked. The card network holds the money, so nothing is refunded by Mentora and nothing more of it reaches the expert.
 */
export function packageDisputedEmail(
  f: Pick<PurchaseFacts, 'expertName' | 'priceCents' | 'currency' | 'sessionCount' | 'durationMinutes' | 'validityMonths'> & {
    clientName: string;
    receiptNumber: string | null;
  },
  unused: number,
  side: 'client' | 'expert',
  to: Recipient,
  baseUrl: string,
): OutgoingEmail {
  const price = formatMoney(f.priceCents, f.currency);
  const left = unused === 1 ? '1 session not yet booked' : `${unused} sessions not yet booked`;
  const forClient = side === 'client';
  return actionEmail({
    to: to.email,
    subject: forClient ? `Your package with ${f.expertName} has ended: card dispute` : `${f.clientName}'s package has ended: card dispute`,
    paragraphs: forClient
      ? [
          `The card payment of ${price}${f.receiptNumber ? ` (receipt ${f.receiptNumber})` : ''} for your package with ${f.expertName} was disputed with your card's issuer, so the package has ended.`,
          ...(unused > 0 ? [`Its ${left} can no longer be booked. Your card's issuer decides about the money; Mentora refunds nothing more for it.`] : []),
          'Sessions already booked stay booked.',
        ]
      : [
          `${f.clientName} disputed the card payment of ${price} for your package (${packageTitle(f, f.currency)}) with their card's issuer, so the package has ended.`,
          ...(unused > 0 ? [`Its ${left} can no longer be booked.`] : []),
          'The card network holds the money until it decides, so nothing of this payment is released to you meanwhile, including sessions already booked from the package. Our team will be in touch.',
        ],
    actionLabel: 'Open your dashboard',
    url: forClient ? `${baseUrl}/dashboard#packages` : `${baseUrl}/dashboard/expert/packages`,
  });
}
