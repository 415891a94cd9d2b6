/**
 * The receipt of a credit purchase as a PDF (docs/product.md "Partners"), drawn with pdfkit in the embedded Noto fonts
 * (infra/pdf) like a session's receipt: its number of the one series of receipts (decision 037), the organisation, the
 * amount, when and how it was paid, and the balance after it. Money integer cents; dates UTC.
 */
import PDFDocument from 'pdfkit';
import { formatMoney } from '../../../shared/pricing.js';
import { pdfBytes, writeText as write } from '../../infra/pdf/text.js';

/** What a credit receipt says. */
export type CreditReceipt = {
  receiptNumber: string;
  organisation: string;
  amountCents: number;
  /** 'Visa ending 4242' or 'bank transfer, reference INV-1'. */
  paidWith: string;
  paidAt: Date;
  /** The available balance once the credit was added. */
  balanceCents: number;
};

const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The receipt's PDF bytes. */
export function creditReceiptPdf(r: CreditReceipt): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Mentora receipt ${r.receiptNumber}`, Author: 'Mentora' } });
  const bytes = pdfBytes(doc);
  const line = (label: string, value: string) => write(write(doc, `${label}: `, 'bold', true), value, 'regular');
  write(doc.fontSize(22), 'Mentora', 'bold').moveDown(0.2);
  write(doc.fontSize(14), 'Credit receipt', 'regular').moveDown();
  doc.fontSize(11);
  line('Receipt number', r.receiptNumber);
  line('Billed to', r.organisation);
  doc.moveDown();
  line('Credit bought', formatMoney(r.amountCents));
  line('Paid on', `${day.format(r.paidAt)} (UTC)`);
  line('Paid with', r.paidWith);
  line('Balance available after it', formatMoney(r.balanceCents));
  doc.end();
  return bytes;
}
