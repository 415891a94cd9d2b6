/**
 * The client's receipt e-mails (docs/product.md "Payments"): one for the payment when their card pays for a session,
 * and one for every refund (a cancellation by the policy, a dispute decided for them, a refund made at the processor).
 * Times are written in the client's own zone, named; amounts are integer cents shown in the session's currency.
 */
import { formatMoney } from '../../../shared/pricing.js';
import type { OutgoingEmail } from '../../infra/mail/outbox.js';
import { actionEmail } from '../../infra/mail/templates.js';
import { formatInZone, type Recipient } from './emails.js';

/** What a receipt states about the session's payment after the movement it reports. */
export type ReceiptFacts = {
  sessionId: string;
  expertName: string;
  startsAt: Date;
  currency: string;
  /** The session's price paid, in cents: by the card, and by an organisation's credit for `creditCents` of it. */
  amountCents: number;
  /** The part an organisation's credit paid (docs/product.md "Booking with credit"); 0 or absent without one. */
  creditCents?: number;
  /** Everything refunded so far (this refund included), in cents. */
  refundedCents: number;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The payment's receipt number ('MEN-2026-000123'; migration 0047): a refund names the receipt it refunds. */
  receiptNumber: string | null;
};

/**
 * Where the booking's receipt e-mail, written before the booking's one statement gives the payment its number, says
 * the number: that statement puts the number in its place (booking-service.ts writeBooking).
 */
export const receiptNumberSlot = '{{receipt-number}}';

/** 'Visa ending 4242', or 'Card' when the processor did not tell. */
export function cardLine(f: Pick<ReceiptFacts, 'cardBrand' | 'cardLast4'>): string {
  return f.cardBrand && f.cardLast4 ? `${f.cardBrand} ending ${f.cardLast4}` : 'Card';
}

/**
 * The receipt for recipient `to` (the session's client): `movement` is the payment itself or a refund of
 * `amountCents`, recorded at instant `at`; links to the session page, where the PDF receipt is.
 */
export function receiptEmail(
  movement: { type: 'payment' } | { type: 'refund'; amountCents: number; creditCents?: number },
  f: ReceiptFacts,
  to: Recipient,
  at: Date,
  baseUrl: string,
): OutgoingEmail {
  const money = (cents: number) => formatMoney(cents, f.currency);
  const session = `Session: ${f.expertName}, ${formatInZone(f.startsAt, to.zone)}`;
  // A price an organisation's credit paid in part shows each source, and a refund what went back to each.
  const credit = f.creditCents ?? 0;
  const cardCents = f.amountCents - credit;
  const card =
    credit === 0
      ? [`Card: ${cardLine(f)}`]
      : [`Covered by your organisation's credit: ${money(credit)}`, ...(cardCents > 0 ? [`Card: ${cardLine(f)}, ${money(cardCents)}`] : [])];
  const refundedTo =
    movement.type === 'refund' && credit > 0
      ? [
          `Returned to your organisation's credit: ${money(movement.creditCents ?? 0)}`,
          ...(cardCents > 0 ? [`Refunded to: ${cardLine(f)}, ${money(movement.amountCents - (movement.creditCents ?? 0))}`] : []),
        ]
      : [`Refunded to: ${cardLine(f)}`];
  const number = f.receiptNumber ? [movement.type === 'payment' ? `Receipt number: ${f.receiptNumber}` : `Refund of receipt ${f.receiptNumber}`] : [];
  const paragraphs =
    movement.type === 'payment'
      ? [...number, `Amount paid: ${money(f.amountCents)}`, `Date: ${formatInZone(at, to.zone)}`, ...card, session]
      : [
          ...number,
          `Amount refunded: ${money(movement.amountCents)}`,
          `Date: ${formatInZone(at, to.zone)}`,
          ...refundedTo,
          `Refunded so far: ${money(f.refundedCents)} of ${money(f.amountCents)} paid`,
          session,
        ];
  return actionEmail({
    to: to.email,
    subject:
      movement.type === 'payment'
        ? `Receipt: ${money(f.amountCents)} paid for your session with ${f.expertName}`
        : `Receipt: ${money(movement.amountCents)} refunded for your session with ${f.expertName}`,
    paragraphs: [...paragraphs, 'You can download a PDF receipt from the session page.'],
    actionLabel: 'Open the session',
    url: `${baseUrl}/session/${f.sessionId}`,
  });
}
