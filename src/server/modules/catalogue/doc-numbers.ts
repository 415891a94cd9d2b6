/**
 * Sets of document numbers as the catalogue search reads them (docs/decisions/027-search-index-in-memory.md): a
 * lexeme's experts, a language's or an expertise area's. A search combines them 32 documents at a time as bit sets
 * (bit `no & 31` of word `no >>> 5`), so its cost follows the catalogue's size divided by 32, not who matches.
 */

/** How many 32-bit words hold one bit for each of `capacity` documents. */
export const wordsFor = (capacity: number) => (capacity + 31) >>> 5;

/** The number of bits set in the 32-bit word `x`. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * A set of document numbers. Its bit set is kept once more than one document in 32 is in it (it then takes no more
 * memory than the numbers); a smaller set is written into the caller's scratch words when read, from a list kept
 * instead, so that many rare lexemes or languages never hold a bit set each.
 */
export class DocNumbers {
  private readonly numbers = new Set<number>();
  private bits: Uint32Array | null = null;
  /** The numbers as a typed array, read many times faster than the Set. */
  private list: Int32Array | null = null;

  get size() {
    return this.numbers.size;
  }

  add(no: number) {
    this.numbers.add(no);
    this.bits = this.list = null;
  }

  delete(no: number) {
    this.numbers.delete(no);
    this.bits = this.list = null;
  }

  /** The set as at least `words` words of bits: the kept bit set, or `scratch` (at least `words` long) filled. */
  bitsFor(words: number, scratch: Uint32Array): Uint32Array {
    if (this.bits && this.bits.length >= words) return this.bits;
    // More than one document in 32: the bit set is no larger than the numbers.
    const dense = this.numbers.size > words;
    if (dense) {
      this.bits = new Uint32Array(words);
      for (const no of this.numbers) this.bits[no >>> 5]! |= 1 << (no & 31);
      return this.bits;
    }
    const list = (this.list ??= Int32Array.from(this.numbers));
    scratch.fill(0, 0, words);
    for (let i = 0; i < list.length; i++) scratch[list[i]! >>> 5]! |= 1 << (list[i]! & 31);
    return scratch;
  }
}
