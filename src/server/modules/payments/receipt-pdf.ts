/**
 * The client's PDF receipt for a session's payment (docs/product.md "Payments"), drawn with pdfkit in embedded Noto
 * fonts (infra/pdf), so that names and titles in any script print as typed: amount, expert, dates, card brand
 * and last four, the part an organisation's credit paid, and every refund (split between the credit and the card in
 * proportion). Dates arrive already written in the client's zone; amounts are integer cents.
 */
import PDFDocument from 'pdfkit';
import { formatMoney } from '../../../shared/pricing.js';
import type { ReceiptDocument } from '../sessions/use-cases/get-receipt.js';
import { writeText as write } from '../../infra/pdf/text.js';

/** The receipt as a PDF stream, already ended (pipe it or hand it to the reply). */
export function receiptPdf(r: ReceiptDocument): PDFKit.PDFDocument {
  const money = (cents: number) => formatMoney(cents, r.currency);
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Mentora receipt ${r.receiptNumber}`, Author: 'Mentora' } });
  const line = (label: string, value: string) => write(write(doc, `${label}: `, 'bold', true), value, 'regular');
  write(doc.fontSize(22), 'Mentora', 'bold').moveDown(0.2);
  write(doc.fontSize(14), 'Payment receipt', 'regular').moveDown();
  doc.fontSize(11);
  line('Receipt number', r.receiptNumber);
  line('Billed to', r.clientName);
  line('Expert', r.expertName);
  if (r.item) line(r.item.label, r.item.text);
  else line('Session', `${r.sessionWhen}, ${r.durationMinutes} minutes`);
  doc.moveDown();
  line('Amount paid', money(r.amountCents));
  line('Paid on', r.paidWhen);
  // A booking an access programme funded shows each source (docs/product.md "Booking with credit").
  const cardCents = r.amountCents - r.creditCents;
  if (r.creditCents > 0) line("Covered by your organisation's credit", money(r.creditCents));
  if (r.creditCents === 0) line('Card', r.card);
  else if (cardCents > 0) line('Card', `${r.card}, ${money(cardCents)}`);
  doc.moveDown();
  write(doc.fontSize(13), 'Refunds', 'bold').fontSize(11);
  if (r.refunds.length === 0) write(doc, 'No refunds.', 'regular');
  for (const refund of r.refunds) write(doc, `${refund.when}: ${money(refund.amountCents)} refunded${r.creditCents > 0 ? '' : ` to ${r.card}`}`, 'regular');
  if (r.creditCents > 0 && r.refundedCents > 0) {
    line("Returned to your organisation's credit", money(r.creditRefundedCents));
    if (cardCents > 0) line(`Refunded to ${r.card}`, money(r.refundedCents - r.creditRefundedCents));
  }
  doc.moveDown();
  line('Total refunded', money(r.refundedCents));
  line('Net paid', money(r.amountCents - r.refundedCents));
  if (r.commissionCents > 0) line("Of which Mentora's commission", money(r.commissionCents));
  doc.end();
  return doc;
}
