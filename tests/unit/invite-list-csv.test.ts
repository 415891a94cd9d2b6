import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors.js';
import { addressesOf } from '../../src/server/modules/partners/invite-list-csv.js';
import { programmeMessages as m } from '../../src/shared/programmes.js';

const refusal = (csv: string) => {
  try {
    addressesOf(csv);
  } catch (e) {
    return e instanceof AppError ? e.message : String(e);
  }
  return 'read';
};

describe("a programme's invited-list CSV", () => {
  it('reads the addresses of any column, in lower case, after a header; reports lines without one', () => {
    const csv = 'name,email\n"Ada Lovelace","ADA@uni.example"\nbob@uni.example\n\nno address here\ncarol@uni.example;Carol\n';
    expect(addressesOf(csv)).toEqual({
      emails: ['ada@uni.example', 'bob@uni.example', 'carol@uni.example'],
      invalid: [{ line: 5, text: 'no address here' }],
    });
  });

  it('reads quoted fields holding the separator, doubled quotes and line breaks', () => {
    const csv = 'name,email\n"Lovelace, Ada",ada@uni.example\n"Bob ""the builder""",bob@uni.example\n"Carol\nSmith",carol@uni.example\n';
    expect(addressesOf(csv).emails).toEqual(['ada@uni.example', 'bob@uni.example', 'carol@uni.example']);
    expect(addressesOf(csv).invalid).toEqual([]);
  });

  it('skips a byte-order mark, and reads semicolons (Excel in many locales), tabs and Windows line ends', () => {
    expect(addressesOf('\uFEFFada@uni.example\r\nbob@uni.example\r\n')).toEqual({ emails: ['ada@uni.example', 'bob@uni.example'], invalid: [] });
    expect(addressesOf('\uFEFFName;E-mail\r\n"Ada";"ada@uni.example"\r\nBob;bob@uni.example\r\n').emails).toEqual(['ada@uni.example', 'bob@uni.example']);
    expect(addressesOf('Name\tE-mail\nAda\tada@uni.example\n').emails).toEqual(['ada@uni.example']);
  });

  it('reports a first line with an @ but no valid address; keeps duplicates for the caller to report', () => {
    expect(addressesOf('ada@\nbob@uni.example\nbob@uni.example\n')).toEqual({
      emails: ['bob@uni.example', 'bob@uni.example'],
      invalid: [{ line: 1, text: 'ada@' }],
    });
  });

  it('refuses a file that is not CSV in the product’s words, naming the line', () => {
    expect(refusal('ada@uni.example\n"bob@uni.example\ncarol@uni.example\n')).toBe(m.inviteListUnreadable(3));
    expect(refusal(`ada@uni.example,${'x'.repeat(5_000)}\n`)).toBe(m.inviteListUnreadable(1));
  });

  it('refuses more lines than a list may hold, before reading them all', () => {
    const lines = Array.from({ length: 2_002 }, (_, i) => `m${i}@uni.example`).join('\n');
    expect(refusal(lines)).toBe(m.inviteListTooBig);
    expect(addressesOf(`email\n${lines.split('\n').slice(0, 2_000).join('\n')}`).emails).toHaveLength(2_000);
  });
});
