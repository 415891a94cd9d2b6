/**
 * Document numbers kept in one order (a total order: no two documents compare equal), updated one document at a
 * time by binary search: the catalogue index's listing orders (catalogue-index.ts), from which every search takes
 * its page without sorting the catalogue.
 */
export type SortedDocs<D> = {
  /** The document numbers in order; read-only for callers. */
  readonly order: number[];
  /** Each document's position in `order`, by document number (at least `capacity` long); read-only for callers. */
  rank: (capacity: number) => Int32Array;
  /** Counts the changes of `order`: whatever a caller derived from it is current while this is unchanged. */
  readonly version: number;
  /** Puts `doc` (numbered `no`) in its place. */
  insert: (no: number, doc: D) => void;
  /** Takes out `no`, which was inserted as `doc` (the keys it was placed by). */
  remove: (no: number, doc: D) => void;
};

/**
 * An order of documents by `compare` (negative: `a` first), starting with `initial` ([number, document] pairs,
 * sorted here once). `docOf(no)` is the current document of a number, read while searching for a place.
 */
export function sortedDocs<D>(compare: (a: D, b: D) => number, docOf: (no: number) => D, initial: [number, D][]): SortedDocs<D> {
  const order = initial.sort((a, b) => compare(a[1], b[1])).map(([no]) => no);
  /** Positions by document number, made again on the first read after a change (changes are rare next to searches). */
  let ranks: Int32Array | null = null;
  /** The first index whose document does not come before `doc`. */
  const place = (doc: D) => {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(docOf(order[middle]!), doc) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  let version = 0;
  return {
    order,
    get version() {
      return version;
    },
    rank: (capacity) => {
      if (!ranks || ranks.length < capacity) {
        ranks = new Int32Array(capacity);
        for (let at = 0; at < order.length; at++) ranks[order[at]!] = at;
      }
      return ranks;
    },
    insert: (no, doc) => {
      order.splice(place(doc), 0, no);
      ranks = null;
      version++;
    },
    remove: (no, doc) => {
      const at = place(doc);
      if (order[at] === no) order.splice(at, 1);
      ranks = null;
      version++;
    },
  };
}
