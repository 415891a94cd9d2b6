/** The payment line of a session page (sessions API `payment`): held, released or refunded, in plain words. */
import { formatMoney } from '@shared/pricing';
import type { SessionView } from '@shared/schemas/sessions';

/** e.g. 'Payment of $95.00 held securely until you confirm the session' — the wording follows the viewer's side. */
export function paymentStatusLine(s: SessionView): string {
  const p = s.payment;
  if (!p) return s.kind === 'intro' ? 'Free introductory meeting — no payment' : 'No payment recorded';
  const amount = formatMoney(p.amountCents, s.currency);
  const card = p.cardBrand && p.cardLast4 ? ` (${p.cardBrand} ending ${p.cardLast4})` : '';
  switch (p.status) {
    case 'held':
      // A package session's share of the package price is held like a card payment (docs/product.md "Plans and packages").
      if (s.package)
        return s.viewerRole === 'client'
          ? `${amount} of your package held securely until you confirm the session`
          : `${amount} of the client's package held until the client confirms the session`;
      return s.viewerRole === 'client'
        ? `Payment of ${amount}${card} held securely until you confirm the session`
        : `Payment of ${amount} held until the client confirms the session`;
    case 'released':
      return `Payment of ${amount} released to the expert`;
    case 'refunded':
      return `Refunded ${formatMoney(p.refundedCents, s.currency)} to the client's card`;
    case 'partially_refunded':
      return `Refunded ${formatMoney(p.refundedCents, s.currency)} of ${amount} to the client's card`;
    case 'failed':
      return s.status === 'expired' ? 'Payment not completed — nothing was charged' : 'Payment failed';
    case 'pending':
      return `Payment of ${amount} awaiting your bank's confirmation`;
    case 'disputed':
      return `Payment of ${amount} is under a card dispute with the bank`;
    case 'returned':
      return s.viewerRole === 'client' ? 'The session went back to your package' : "The session went back to the client's package";
  }
}
