/**
 * Which documents have which tags (an expert's languages or expertise areas), kept so that a search can test
 * thousands of documents per millisecond: a bit per tag in a typed array for the first 31 tags seen, a set of
 * documents for any further tag. Testing a document never reads the document itself, whose objects lie all over
 * the heap (docs/decisions/027-search-index-in-memory.md).
 */
import { fitColumn } from './fit-column.js';

const bitTags = 31;

export type TagColumn = {
  /** Records `tags` for document `no` (which must have none recorded). */
  set: (no: number, tags: readonly string[]) => void;
  /** Forgets document `no`'s `tags`. */
  clear: (no: number, tags: readonly string[]) => void;
  /** Where to test whether a document has `tag`; null when no document has ever had it. */
  holders: (tag: string) => TagHolders | null;
};

/** Document `no` has the tag when `(bits[no] & mask) !== 0`, or, with a `set` (mask 0), when the set has `no`. */
export type TagHolders = { bits: Uint32Array; mask: number; set: Set<number> | null };

export function tagColumn(): TagColumn {
  let bits = new Uint32Array(1024);
  const bitOf = new Map<string, number>();
  const holders = new Map<string, Set<number>>();
  return {
    set: (no, tags) => {
      bits = fitColumn(bits, no);
      for (const tag of tags) {
        let bit = bitOf.get(tag);
        if (bit === undefined && bitOf.size < bitTags && !holders.has(tag)) bitOf.set(tag, (bit = 1 << bitOf.size));
        if (bit !== undefined) bits[no] = bits[no]! | bit;
        else {
          if (!holders.has(tag)) holders.set(tag, new Set());
          holders.get(tag)!.add(no);
        }
      }
    },
    clear: (no, tags) => {
      if (no < bits.length) bits[no] = 0;
      for (const tag of tags) holders.get(tag)?.delete(no);
    },
    holders: (tag) => {
      const bit = bitOf.get(tag);
      if (bit !== undefined) return { bits, mask: bit, set: null };
      const set = holders.get(tag);
      return set ? { bits, mask: 0, set } : null;
    },
  };
}
