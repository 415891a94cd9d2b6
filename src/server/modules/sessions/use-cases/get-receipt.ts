/**
 * GET /api/sessions/{id}/receipt.pdf (docs/product.md "Payments"): the facts of the PDF receipt, for the session's
 * client only. Dates are written in the client's zone (an account without one reads the expert's, as the e-mails do).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../../shared/messages.js';
import { platformFeeCents } from '../../../../shared/pricing.js';
import { splitRefund } from '../../../../shared/programmes.js';
import { hasReceipt } from '../../../../shared/receipts.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { paymentEvents } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { formatInZone } from '../emails.js';
import { loadForParty } from '../load-session.js';
import { partiesOf } from '../parties.js';
import { cardLine } from '../receipt-emails.js';

/** What the PDF receipt states (src/server/modules/payments/receipt-pdf.ts draws it); dates already in the client's zone. */
export type ReceiptDocument = {
  /** 'MEN-2026-000123' (docs/product.md "Payments"); the payment's id for a package's or plan's session, which has none of its own. */
  receiptNumber: string;
  clientName: string;
  expertName: string;
  /** The session's start, written in the client's zone. */
  sessionWhen: string;
  /**
   * A package's or plan month's receipt: what was bought ('Package': '2 × 60 min sessions, expires …'; 'Plan month':
   * the month's dates and sessions), printed instead of the session's time.
   */
  item?: { label: 'Package' | 'Plan month'; text: string };
  durationMinutes: number;
  currency: string;
  amountCents: number;
  /** When the card paid, written in the client's zone. */
  paidWhen: string;
  card: string;
  refunds: { when: string; amountCents: number }[];
  refundedCents: number;
  /** What an organisation's credit paid (docs/product.md "Booking with credit"), and what of the refunds went back to it; 0 without. */
  creditCents: number;
  creditRefundedCents: number;
  /** Mentora's commission included in what the client paid net of refunds, at the rate frozen at booking (docs/product.md "Earnings"); 0 without one. */
  commissionCents: number;
};

/**
 * The receipt of session `sessionId` for `user` and its file name ('mentora-receipt-<date>.pdf'). Errors: 404
 * 'Session not found' (unknown or malformed id), 404 'This session has no payment…' (a free session, or a payment
 * never completed: awaiting 3-D Secure or failed), 403 for anyone but the session's client (the expert included).
 */
export async function getReceipt(db: Db, user: CurrentUser, sessionId: string): Promise<{ filename: string; receipt: ReceiptDocument }> {
  const { row, side } = await loadForParty(db, user, sessionId);
  if (side !== 'client') throw new AppError('FORBIDDEN', messages.payment.receiptClientOnly);
  const { session: s, payment } = row;
  if (!payment || !hasReceipt(payment.status)) throw new AppError('NOT_FOUND', messages.payment.noReceipt);
  const [events, parties] = await Promise.all([
    db
      .select({ type: paymentEvents.type, amountCents: paymentEvents.amountCents, at: paymentEvents.createdAt })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, payment.id), inArray(paymentEvents.type, ['hold', 'refund'])))
      .orderBy(asc(paymentEvents.createdAt)),
    partiesOf(db, s),
  ]);
  const zone = parties.client?.zone ?? 'UTC';
  const paidAt = events.find((e) => e.type === 'hold')?.at ?? payment.createdAt;
  return {
    filename: `mentora-receipt-${paidAt.toISOString().slice(0, 10)}.pdf`,
    receipt: {
      receiptNumber: payment.receiptNumber ?? payment.id,
      clientName: s.clientName,
      expertName: s.expertName,
      sessionWhen: formatInZone(s.startsAt, zone),
      durationMinutes: s.durationMinutes,
      currency: payment.currency,
      amountCents: payment.amountCents,
      paidWhen: formatInZone(paidAt, zone),
      card: cardLine(payment),
      refunds: events.filter((e) => e.type === 'refund').map((e) => ({ when: formatInZone(e.at, zone), amountCents: e.amountCents })),
      refundedCents: payment.refundedCents,
      creditCents: payment.creditCents,
      creditRefundedCents: splitRefund(payment.refundedCents, payment.amountCents, payment.creditCents).creditCents,
      commissionCents: platformFeeCents(payment.amountCents - payment.refundedCents, s.platformFeeBps),
    },
  };
}
