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
  /** What the card paid, in cents. */
  amountCents: number;
  /** Everything refunded so far (this refund included), in cents. */
  refundedCents: number;
  cardBrand: string | null;
  cardLast4: string | null;
};

/** 'Visa ending 4242', or 'Card' when the processor did not tell. */
export function cardLine(f: Pick<ReceiptFacts, 'cardBrand' | 'cardLast4'>): string {
  return f.cardBrand && f.cardLast4 ? `${f.cardBrand} ending ${f.cardLast4}` : 'Card';
}

/**
 * The receipt for recipient `to` (the session's client): `movement` is the payment itself or a refund of
 * `amountCents`, recorded at instant `at`; links to the session page, where the PDF receipt is.
 */
export function receiptEmail(
  movement: { type: 'payment' } | { type: 'refund'; amountCents: number },
  f: ReceiptFacts,
  to: Recipient,
  at: Date,
  baseUrl: string,
): OutgoingEmail {
  const money = (cents: number) => formatMoney(cents, f.currency);
  const session = `Session: ${f.expertName}, ${formatInZone(f.startsAt, to.zone)}`;
  const card = `Card: ${cardLine(f)}`;
  const paragraphs =
    movement.type === 'payment'
      ? [`Amount paid: ${money(f.amountCents)}`, `Date: ${formatInZone(at, to.zone)}`, card, session]
      : [
          `Amount refunded: ${money(movement.amountCents)}`,
          `Date: ${formatInZone(at, to.zone)}`,
          `Refunded to: ${cardLine(f)}`,
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
