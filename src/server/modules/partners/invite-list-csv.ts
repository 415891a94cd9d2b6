/**
 * Reads the CSV file of a programme's invited list (docs/product.md "Access programmes") with csv-parse (RFC 4180
 * quoting, a byte-order mark, comma, semicolon or tab between fields), bounded: a field or line of at most 4 kB and
 * at most `inviteListLimits.addresses` lines plus a header; the file itself is at most 256 kB (its zod schema).
 */
import { CsvError, parse } from 'csv-parse/sync';
import { z } from 'zod';
import { inviteListLimits, programmeMessages as m } from '../../../shared/programmes.js';
import { AppError } from '../../errors.js';

const emailField = z.email();

type Read = { record: string[]; info: { lines: number }; raw: string };

/**
 * The addresses of CSV text `csv`, in order: each record's first field that is an e-mail address, in lower case; a
 * first record without one is a header. Records without an address are returned as invalid (the 1-based line on
 * which the record ends, its text cut at 200 characters). Throws AppError VALIDATION, in the product's words, for a
 * file that is not CSV (a quote never closed, a line over 4 kB) or has more than the limit's lines.
 */
export function addressesOf(csv: string): { emails: string[]; invalid: { line: number; text: string }[] } {
  let records: Read[];
  try {
    // csv-parse's types do not describe the records that `info` and `raw` give.
    records = parse(csv, {
      bom: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      raw: true,
      max_record_size: 4096,
      to: inviteListLimits.addresses + 2,
    }) as unknown as Read[];
  } catch (e) {
    if (e instanceof CsvError) throw new AppError('VALIDATION', m.inviteListUnreadable(Number(e.lines) || 1));
    throw e;
  }
  if (records.length > inviteListLimits.addresses + 1) throw new AppError('VALIDATION', m.inviteListTooBig);
  const emails: string[] = [];
  const invalid: { line: number; text: string }[] = [];
  records.forEach(({ record, info, raw }, i) => {
    const found = record.map((f) => f.toLowerCase()).find((f) => emailField.safeParse(f).success);
    if (found) emails.push(found);
    else if (i > 0 || raw.includes('@')) invalid.push({ line: info.lines, text: raw.trim().slice(0, 200) });
  });
  return { emails, invalid };
}
