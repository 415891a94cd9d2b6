import { describe, expect, it } from 'vitest';
import { assertZipWithinLimits, ZipLimitError } from '../../src/server/modules/applications/zip-guard.js';
import { zip } from '../helpers/zip.js';

const limits = { maxEntries: 10, maxTotalBytes: 1_000_000 };

describe('zip-bomb guard', () => {
  it('measures a normal archive by really inflating it', () => {
    expect(
      assertZipWithinLimits(
        zip([
          { name: 'a.xml', data: Buffer.from('<a/>') },
          { name: 'b.xml', data: Buffer.alloc(5000, 0x41) },
        ]),
        limits,
      ),
    ).toBe(5004);
  });

  it('refuses an archive that expands beyond the limit, even when its size fields lie', () => {
    const bomb = zip([{ name: 'word/document.xml', data: Buffer.alloc(2_000_000, 0x20) }]);
    expect(() => assertZipWithinLimits(bomb, limits)).toThrow(ZipLimitError);
    // Claim 10 bytes in both the local and the central header: inflating still stops at the cap.
    const lying = Buffer.from(bomb);
    lying.writeUInt32LE(10, 22);
    lying.writeUInt32LE(10, lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    expect(() => assertZipWithinLimits(lying, limits)).toThrow(/beyond the limit/);
  });

  it('refuses too many entries, garbage and truncated archives', () => {
    const many = zip(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') })));
    expect(() => assertZipWithinLimits(many, limits)).toThrow(/too many entries/);
    expect(() => assertZipWithinLimits(Buffer.from('not a zip at all, just some text here'), limits)).toThrow(/not a zip/);
    const good = zip([{ name: 'a.xml', data: Buffer.alloc(100, 0x41) }]);
    expect(() => assertZipWithinLimits(good.subarray(40), limits)).toThrow(ZipLimitError);
  });
});
