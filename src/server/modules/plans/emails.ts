/**
 * The plan e-mails (docs/product.md "Plans and packages"): both sides hear of each step — a subscription started
 * (with the client's receipt or the trial's end), a renewal paid (receipt) or failed (the next try, or the lapse), a
 * cancellation (with any refund), and a plan ended by the expert or the team (with the refund). Times in each
 * reader's zone; amounts integer cents in the subscription's currency.
 */
import { cancelText, planTitle } from '../../../shared/plans.js';
import { formatMoney } from '../../../shared/pricing.js';
import type { OutgoingEmail } from '../../infra/mail/outbox.js';
import { actionEmail } from '../../infra/mail/templates.js';
import { formatInZone, type Recipient } from '../../infra/mail/zoned.js';

/** What the plan e-mails state about a subscription. */
export type SubscriptionFacts = {
  id: string;
  name: string;
  expertName: string;
  clientName: string;
  sessionCount: number;
  durationMinutes: number;
  priceCents: number;
  currency: string;
  cardBrand: string | null;
  cardLast4: string | null;
};

/** A period's charge, for a receipt: its number ('MEN-2026-000123', the database's; migration 0047), cents and dates. */
export type ChargeFacts = { receiptNumber: string; amountCents: number; startsAt: Date; endsAt: Date };

const card = (f: SubscriptionFacts) => (f.cardBrand && f.cardLast4 ? `${f.cardBrand} ending ${f.cardLast4}` : 'Card');
const title = (f: SubscriptionFacts) => `${f.name} (${planTitle(f, f.currency)})`;

/** The client's receipt for the charge of one period of `f`, at `at`; links to the dashboard and its PDF receipt. */
export function periodReceiptEmail(f: SubscriptionFacts, c: ChargeFacts, to: Recipient, at: Date, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to: to.email,
    subject: `Receipt: ${formatMoney(c.amountCents, f.currency)} paid for your plan with ${f.expertName}`,
    paragraphs: [
      `Receipt number: ${c.receiptNumber}`,
      `Plan: ${title(f)} with ${f.expertName}`,
      `Amount paid: ${formatMoney(c.amountCents, f.currency)}`,
      `Date: ${formatInZone(at, to.zone)}`,
      `Card: ${card(f)}`,
      `Period: ${formatInZone(c.startsAt, to.zone)} to ${formatInZone(c.endsAt, to.zone)}`,
      'You can download a PDF receipt from your dashboard.',
    ],
    actionLabel: 'Book your sessions',
    url: `${baseUrl}/dashboard#plans`,
  });
}

/** The client's free trial started: what it includes and when the first charge comes. */
export function trialStartedEmail(f: SubscriptionFacts, trialEndsAt: Date, to: Recipient, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to: to.email,
    subject: `Your free trial of ${f.name} with ${f.expertName} has started`,
    paragraphs: [
      `Plan: ${title(f)} with ${f.expertName}`,
      `Your trial ends on ${formatInZone(trialEndsAt, to.zone)}. Then ${formatMoney(f.priceCents, f.currency)} a month is charged to your ${card(f)}, unless you cancel before.`,
      cancelText,
    ],
    actionLabel: 'Book your sessions',
    url: `${baseUrl}/dashboard#plans`,
  });
}

/** The expert hears of a step of a subscriber's plan: `what` says it in one sentence. */
export function expertPlanEmail(f: SubscriptionFacts, subject: string, what: string, to: Recipient, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to: to.email,
    subject,
    paragraphs: [what, `Plan: ${title(f)}`],
    actionLabel: 'See your subscribers',
    url: `${baseUrl}/dashboard/expert/plans`,
  });
}

/** A renewal of `f` failed: the next try at `nextAt`, or (null) the plan has lapsed. */
export function renewalFailedEmail(f: SubscriptionFacts, nextAt: Date | null, to: Recipient, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to: to.email,
    subject: nextAt ? `Payment for your plan with ${f.expertName} failed` : `Your plan with ${f.expertName} has ended: payment failed`,
    paragraphs: nextAt
      ? [
          `We could not charge ${formatMoney(f.priceCents, f.currency)} to your ${card(f)} for ${f.name} with ${f.expertName}.`,
          `We will try again on ${formatInZone(nextAt, to.zone)}. Until it is paid, sessions of the new month cannot be booked.`,
        ]
      : [
          `We could not charge ${formatMoney(f.priceCents, f.currency)} to your ${card(f)} after several tries, so ${f.name} with ${f.expertName} has ended.`,
          'You can subscribe again from the expert’s profile.',
        ],
    actionLabel: 'Open your dashboard',
    url: `${baseUrl}/dashboard#plans`,
  });
}

/**
 * A renewal of `f` waits for the client's bank (3-D Secure asked off-session): the link to the page that runs the
 * bank's step, and Stripe's next try (`nextAt`): unconfirmed after the last, the plan lapses.
 */
export function renewalAwaitingBankEmail(f: SubscriptionFacts, amountCents: number, nextAt: Date, to: Recipient, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to: to.email,
    subject: `Confirm the payment for your plan with ${f.expertName}`,
    paragraphs: [
      `Your bank asks you to confirm the renewal of ${f.name} with ${f.expertName}: ${formatMoney(amountCents, f.currency)} to your ${card(f)}.`,
      `Until you do, sessions of the new month cannot be booked. Stripe tries the card again on ${formatInZone(nextAt, to.zone)}; if the payment is still not confirmed after the last try, the plan ends.`,
    ],
    actionLabel: 'Confirm the payment',
    url: renewalConfirmationUrl(baseUrl, f.id),
  });
}

/** The page where the client runs the bank's step for the renewal of subscription `id` (web route /plans/:id/confirm-renewal). */
export const renewalConfirmationUrl = (baseUrl: string, id: string) => `${baseUrl}/plans/${encodeURIComponent(id)}/confirm-renewal`;

/** A refund of a period's unused sessions: its cents, and the number of the month's receipt it refunds (null: a trial's, nothing). */
export type RefundFacts = { cents: number; receiptNumber: string | null };
/** Nothing refunded. */
export const noRefund: RefundFacts = { cents: 0, receiptNumber: null };

/**
 * The client's plan `f` ends or will end: cancelled by them (`by: 'client'`, ending at `endsAt`), or ended by the
 * expert or the team; `refund.cents` refunded to the card (0: none), naming the month's receipt it refunds.
 */
export function planEndedEmail(
  f: SubscriptionFacts,
  by: 'client' | 'expert' | 'team',
  endsAt: Date,
  { cents: refundCents, receiptNumber }: RefundFacts,
  to: Recipient,
  baseUrl: string,
): OutgoingEmail {
  const refund =
    refundCents > 0
      ? [
          ...(receiptNumber ? [`Refund of receipt ${receiptNumber}`] : []),
          `Amount refunded: ${formatMoney(refundCents, f.currency)}`,
          `Refunded to: ${card(f)}`,
        ]
      : [];
  const first =
    by === 'client'
      ? refundCents > 0
        ? `You cancelled ${f.name} with ${f.expertName}. This month was refunded in full and the plan has ended.`
        : `You cancelled ${f.name} with ${f.expertName}. It stays yours until ${formatInZone(endsAt, to.zone)} and is not renewed.`
      : `${by === 'expert' ? f.expertName : 'The Mentora team'} ended ${f.name}. The unused sessions of this month are refunded.`;
  return actionEmail({
    to: to.email,
    subject:
      refundCents > 0
        ? `Receipt: ${formatMoney(refundCents, f.currency)} refunded for your plan with ${f.expertName}`
        : `Your plan with ${f.expertName} is cancelled`,
    paragraphs: [first, ...refund],
    actionLabel: 'Open your dashboard',
    url: `${baseUrl}/dashboard#plans`,
  });
}

/**
 * What a change of plan moved: the credit for the old plan's unused time (a refund of the month's receipt
 * `refundOf`) and the charge for the new plan's rest of the month (receipt `receiptNumber`); both null in a trial.
 */
export type ChangeFacts = { receiptNumber: string | null; refundOf: string | null; fromName: string; creditCents: number; chargeCents: number; endsAt: Date };

/** The client changed plan to `f` (its new terms): the prorated lines, what was refunded and charged, and the receipt. */
export function planChangedEmail(f: SubscriptionFacts, c: ChangeFacts, to: Recipient, at: Date, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to: to.email,
    subject: `Your plan with ${f.expertName} is now ${f.name}`,
    paragraphs: [
      // A trial's change moves no money and has no receipt.
      ...(c.receiptNumber ? [`Receipt number: ${c.receiptNumber}`] : []),
      `You changed from ${c.fromName} to ${title(f)} with ${f.expertName} on ${formatInZone(at, to.zone)}.`,
      `Unused time on ${c.fromName}: -${formatMoney(c.creditCents, f.currency)} (refunded to your ${card(f)}${c.refundOf ? `, refund of receipt ${c.refundOf}` : ''})`,
      `Remaining time on ${f.name} until ${formatInZone(c.endsAt, to.zone)}: ${formatMoney(c.chargeCents, f.currency)} (charged to your ${card(f)})`,
      `From your next renewal: ${formatMoney(f.priceCents, f.currency)} a month.`,
    ],
    actionLabel: 'Book your sessions',
    url: `${baseUrl}/dashboard#plans`,
  });
}
