/**
 * Runs of a listing order as bit sets (doc-numbers.ts): the experts whose rate lies in a search's price range are
 * one run of the price order, and a search keeps only them. Bit sets of the order's first k × step documents
 * (33 of them) are made once per change of the order; any run is then two of them combined, 32 documents at a
 * time, plus at most 2 × step single documents at its ends — instead of one bit per document in the run.
 */
import type { SortedDocs } from './sorted-docs.js';

const levels = 32;

export type OrderRuns = {
  /** Clears in `into` (`words` words) every document outside places `from` to `to` (exclusive) of the order. */
  keepRun: (into: Uint32Array, from: number, to: number, words: number) => void;
};

export function orderRuns<D>(sorted: SortedDocs<D>): OrderRuns {
  let madeAt = -1;
  let step = 1;
  let prefixes: Uint32Array[] = [];
  const make = (words: number) => {
    const order = sorted.order;
    step = Math.max(1, Math.ceil(order.length / levels));
    const running = new Uint32Array(words);
    prefixes = [running.slice()];
    for (let at = 0; at < order.length; at++) {
      running[order[at]! >>> 5]! |= 1 << (order[at]! & 31);
      if ((at + 1) % step === 0) prefixes.push(running.slice());
    }
    while (prefixes.length <= levels) prefixes.push(running.slice());
    madeAt = sorted.version;
  };
  return {
    keepRun: (into, from, to, words) => {
      if (madeAt !== sorted.version || prefixes[0]!.length < words) make(words);
      const order = sorted.order;
      const low = Math.floor(from / step);
      const high = Math.min(levels, Math.ceil(to / step));
      const before = prefixes[low]!;
      const upTo = prefixes[high]!;
      for (let w = 0; w < words; w++) into[w]! &= upTo[w]! & ~before[w]!;
      const clear = (at: number) => void (into[order[at]! >>> 5]! &= ~(1 << (order[at]! & 31)));
      for (let at = low * step; at < from; at++) clear(at);
      for (let at = to; at < Math.min(high * step, order.length); at++) clear(at);
    },
  };
}
