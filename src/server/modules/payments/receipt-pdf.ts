/**
 * The client's PDF receipt for a session's payment (docs/product.md "Payments"), drawn with pdfkit in its built-in
 * Helvetica: amount, expert, dates, card brand and last four, the part an organisation's credit paid, and every
 * refund (split between the credit and the card in proportion). Dates arrive already written in
 * the client's zone; amounts are integer cents.
 */
import PDFDocument from 'pdfkit';
import { formatMoney } from '../../../shared/pricing.js';
import type { ReceiptDocument } from '../sessions/use-cases/get-receipt.js';

/** The receipt as a PDF stream, already ended (pipe it or hand it to the reply). */
export function receiptPdf(r: ReceiptDocument): PDFKit.PDFDocument {
  const money = (cents: number) => formatMoney(cents, r.currency);
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Mentora receipt ${r.paymentId}`, Author: 'Mentora' } });
  const line = (label: string, value: string) => doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  doc.font('Helvetica-Bold').fontSize(22).text('Mentora').moveDown(0.2);
  doc.font('Helvetica').fontSize(14).text('Payment receipt').moveDown();
  doc.fontSize(11);
  line('Receipt number', r.paymentId);
  line('Billed to', r.clientName);
  line('Expert', r.expertName);
  if (r.packageLine) line('Package', r.packageLine);
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
  doc.font('Helvetica-Bold').fontSize(13).text('Refunds').fontSize(11).font('Helvetica');
  if (r.refunds.length === 0) doc.text('No refunds.');
  for (const refund of r.refunds) doc.text(`${refund.when}: ${money(refund.amountCents)} refunded${r.creditCents > 0 ? '' : ` to ${r.card}`}`);
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
