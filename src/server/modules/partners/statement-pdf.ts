/**
 * An organisation's monthly statement as a PDF (docs/product.md "Reports"), drawn with pdfkit in the embedded Noto
 * fonts (infra/pdf): the month's opening and closing balances, its movements by kind, the sessions its programmes
 * funded, and its ledger entries. Money integer cents; times UTC.
 */
import PDFDocument from 'pdfkit';
import { creditEntryNames, type CreditEntryKind } from '../../../shared/partners.js';
import { formatMoney } from '../../../shared/pricing.js';
import { pdfBytes, writeText as write } from '../../infra/pdf/text.js';

/** What a month's statement says (statement-service.ts reads it); cents, instants UTC. */
export type Statement = {
  organisation: string;
  /** 'November 2026'. */
  monthName: string;
  opening: { availableCents: number; reservedCents: number };
  closing: { availableCents: number; reservedCents: number };
  /** The month's entries summed by kind, in the ledger's order of kinds. */
  byKind: { kind: CreditEntryKind; amountCents: number; reservedChangeCents: number; entries: number }[];
  sessionsBooked: number;
  /** The month's entries, oldest first, the first `statementEntries`. */
  entries: {
    createdAt: Date;
    kind: CreditEntryKind;
    amountCents: number;
    reservedChangeCents: number;
    balanceAfterCents: number;
    memberName: string | null;
    expertName: string | null;
  }[];
  /** Entries of the month left out of `entries`. */
  moreEntries: number;
};

const when = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** The statement's PDF bytes. */
export function statementPdf(s: Statement): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Mentora statement ${s.organisation} ${s.monthName}`, Author: 'Mentora' } });
  const bytes = pdfBytes(doc);
  const line = (label: string, value: string) => write(write(doc, `${label}: `, 'bold', true), value, 'regular');
  write(doc.fontSize(22), 'Mentora', 'bold').moveDown(0.2);
  write(doc.fontSize(14), `Statement for ${s.monthName} (UTC)`, 'regular').moveDown();
  doc.fontSize(11);
  line('Organisation', s.organisation);
  line('Opening balance', `${formatMoney(s.opening.availableCents)} available, ${formatMoney(s.opening.reservedCents)} reserved for bookings`);
  line('Closing balance', `${formatMoney(s.closing.availableCents)} available, ${formatMoney(s.closing.reservedCents)} reserved for bookings`);
  doc.moveDown();
  write(doc.fontSize(13), 'This month', 'bold').fontSize(11);
  if (s.byKind.length === 0) write(doc, 'No credit moved this month.', 'regular');
  for (const k of s.byKind) {
    // A spend moves reserved credit only; every other kind moves the available balance.
    const cents = k.kind === 'spend' ? -k.reservedChangeCents : k.amountCents;
    line(creditEntryNames[k.kind], `${formatMoney(cents)} (${k.entries} ${k.entries === 1 ? 'entry' : 'entries'})`);
  }
  line('Sessions and seats booked with your programmes', String(s.sessionsBooked));
  doc.moveDown();
  write(doc.fontSize(13), 'Entries', 'bold').fontSize(11);
  for (const e of s.entries) {
    const who = e.memberName ? ` · ${e.memberName} with ${e.expertName}` : '';
    const change = e.kind === 'spend' ? `${formatMoney(-e.reservedChangeCents)} of reserved credit` : formatMoney(e.amountCents);
    write(doc, `${when.format(e.createdAt)} · ${creditEntryNames[e.kind]} · ${change} · balance ${formatMoney(e.balanceAfterCents)}${who}`, 'regular');
  }
  if (s.moreEntries > 0) write(doc, `… and ${s.moreEntries} more: download the whole ledger as CSV from your organisation's page.`, 'regular');
  doc.end();
  return bytes;
}
