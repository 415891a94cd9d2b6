/**
 * One search over the catalogue index (docs/product.md "Search and catalogue"): who is found, in which order, on
 * which page, and how many. The filters and the query's lexemes are combined 32 experts at a time as bit sets
 * (doc-numbers.ts), which gives every relevance tier and its exact size in one pass over the catalogue's words;
 * the page is then taken from the index's listing orders, never by sorting the catalogue.
 */
import type { ExpertListQuery } from '../../../shared/schemas/experts.js';
import type { CatalogueContents, IndexedExpert } from './catalogue-contents.js';
import { popcount, wordsFor, type DocNumbers } from './doc-numbers.js';
import type { SortedDocs } from './sorted-docs.js';

/**
 * Counts beyond this are answered as `total: 1000, totalIsLowerBound: true` (shown as "1,000+ experts"); the
 * search counts exactly, the bound is what the catalogue shows.
 */
export const searchCountBound = 1000;

/** The filters of a search (docs/product.md "Search and catalogue"): all must hold. Rates in cents. */
export type SearchFilters = { expertise?: string; language?: string; minRateCents?: number; maxRateCents?: number };

/** A page of a search: its experts, how many were found, and whether any word matched. */
export type SearchPage = { experts: IndexedExpert[]; found: number; matched: boolean };

/**
 * Scratch bit sets, by role: one search runs at a time (it never waits), so they are shared, and grown with the
 * catalogue. Rows past the catalogue's words may hold old bits; every loop stops at the catalogue's words.
 */
const scratch: Uint32Array[] = [];
const FILTER = 0;
const TAG = 1;
/** Lexemes' bit sets written from their numbers: anywhere at ALL + i, in the title part at TITLE + i. */
const ALL = 2;
const TITLE = 8;
/** Tier t of the relevance order (or the found experts of another order) at TIER + t. */
const TIER = 14;

function bits(role: number, words: number): Uint32Array {
  if ((scratch[role]?.length ?? -1) < words) scratch[role] = new Uint32Array(Math.max(words, 32) * 2);
  return scratch[role]!;
}

/** Places `from` to `to` (exclusive) of `order`, whose rates go up (or down), where the rate is within `min`..`max`. */
function rateRun(order: number[], rates: Int32Array, min: number, max: number, descending: boolean) {
  const first = (reached: (rate: number) => boolean) => {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (reached(rates[order[middle]!]!)) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  return descending ? { from: first((rate) => rate <= max), to: first((rate) => rate < min) } : { from: first((rate) => rate >= min), to: first((rate) => rate > max) };
}

/**
 * The experts passing `filters` as a bit set of `words` words, or null when a language or area nobody has is asked
 * for; and the places of `sorted` holding them all (for a price order with a price range, that range's run).
 */
function filterBits(catalogue: CatalogueContents, filters: SearchFilters, sorted: SortedDocs<IndexedExpert>, words: number) {
  const tags: DocNumbers[] = [];
  for (const [tag, column] of [
    [filters.language, catalogue.languages],
    [filters.expertise, catalogue.expertise],
  ] as const) {
    if (tag === undefined) continue;
    const holders = column.holders(tag);
    if (!holders) return null;
    tags.push(holders);
  }
  const min = filters.minRateCents ?? -Infinity;
  const max = filters.maxRateCents ?? Infinity;
  const live = catalogue.live;
  const everywhere = { from: 0, to: sorted.order.length };
  const rated = min !== -Infinity || max !== Infinity;
  // Without filters every expert passes: the index's own bits are read, never written.
  if (!tags.length && !rated) return { passing: live, ...everywhere };
  const passing = bits(FILTER, words);
  passing.set(live.subarray(0, words));
  for (const holders of tags) {
    const having = holders.bitsFor(words, bits(TAG, words));
    for (let w = 0; w < words; w++) passing[w]! &= having[w]!;
  }
  if (!rated) return { passing, ...everywhere };
  const rates = catalogue.rateCents;
  const { from, to } = rateRun(catalogue.priceAsc.order, rates, min, max, false);
  catalogue.priceRuns.keepRun(passing, from, to, words);
  if (sorted === catalogue.priceAsc) return { passing, from, to };
  if (sorted === catalogue.priceDesc) return { passing, ...rateRun(sorted.order, rates, min, max, true) };
  return { passing, ...everywhere };
}

/** Where a search's experts are: a bit set of `words` words holding `count` experts, all within places `from` to `to` of `sorted`. */
type Members = { bits: Uint32Array; count: number; sorted: SortedDocs<IndexedExpert>; from: number; to: number; words: number };

/**
 * The experts of `members` at places `skip` to `skip + take` among them in their order. Walking the order reads
 * about (skip + take) × (to − from) ÷ count places before it has them; listing the members reads the words and
 * sorts `count` places: the cheaper one runs.
 */
function pageOf({ bits: members, count, sorted, from, to, words }: Members, skip: number, take: number): number[] {
  const needed = Math.min(count, skip + take);
  if (needed <= skip) return [];
  const order = sorted.order;
  if ((needed * (to - from)) / count <= words + 4 * count) {
    const page: number[] = [];
    let seen = 0;
    for (let at = from; seen < needed && at < to; at++) {
      const no = order[at]!;
      if ((members[no >>> 5]! >>> (no & 31)) & 1 && seen++ >= skip) page.push(no);
    }
    return page;
  }
  const rank = sorted.rank(words << 5);
  const places = new Int32Array(count);
  let n = 0;
  for (let w = 0; w < words; w++) {
    for (let word = members[w]! | 0; word !== 0; word ^= word & -word) places[n++] = rank[(w << 5) | (31 - Math.clz32(word & -word))]!;
  }
  places.sort();
  return Array.from(places.subarray(skip, needed), (at) => order[at]!);
}

/**
 * Relevance tiers (docs/product.md "Search and catalogue") of `size` lexemes, of which `all` and `title` are those
 * some expert has (anywhere; in the name, role or expertise): tier 0 has every word in the title part, tier 1
 * every word, tier t ≥ 2 exactly `size + 1 - t` words; only experts in `passing`. Counts each tier's experts with
 * a bit-sliced adder (three bits count to 7 ≥ maxQueryLexemes). Returns the tiers' bit sets and sizes.
 */
function relevanceTiers(all: Uint32Array[], title: Uint32Array[], size: number, passing: Uint32Array, words: number) {
  const tiers = Array.from({ length: size + 1 }, (_, t) => bits(TIER + t, words));
  const sizes = new Array<number>(size + 1).fill(0);
  // Tier t ≥ 1 holds `held = size + 1 - t` words: its experts' count bits equal held's, i.e. each count bit XOR
  // (0 where held has the bit, all ones where not) is all ones.
  const flips = new Int32Array(3 * (size + 1));
  for (let t = 1; t <= size; t++) {
    const held = size + 1 - t;
    flips.set([held & 1 ? 0 : -1, held & 2 ? 0 : -1, held & 4 ? 0 : -1], 3 * t);
  }
  // A lexeme nobody has leaves tiers 0 and 1 empty.
  const everyWordHeld = all.length === size;
  for (let w = 0; w < words; w++) {
    const pass = passing[w]! | 0;
    if (pass === 0) {
      for (let t = 0; t <= size; t++) tiers[t]![w] = 0;
      continue;
    }
    let ones = 0;
    let twos = 0;
    let fours = 0;
    let inTitle = everyWordHeld ? pass : 0;
    for (let i = 0; i < all.length; i++) {
      const has = all[i]![w]! & pass;
      const carry = ones & has;
      ones ^= has;
      fours |= twos & carry;
      twos ^= carry;
      inTitle &= title[i]![w]!;
    }
    tiers[0]![w] = inTitle;
    if (inTitle !== 0) sizes[0]! += popcount(inTitle);
    for (let t = 1; t <= size; t++) {
      let exactly = (ones ^ flips[3 * t]!) & (twos ^ flips[3 * t + 1]!) & (fours ^ flips[3 * t + 2]!) & pass;
      if (t === 1) exactly &= ~inTitle;
      tiers[t]![w] = exactly;
      if (exactly !== 0) sizes[t]! += popcount(exactly);
    }
  }
  return { tiers, sizes };
}

/**
 * A page of the search for `lexemes` (the query's distinct lexemes, search-words.ts) under `filters`, sorted by
 * `sort`, `limit` experts after the first `offset`: found are the experts with at least one lexeme; with none (no
 * lexeme, or nobody under the filters) every expert passing the filters is listed, by rating for relevance, with
 * `matched` false. `found` is exact.
 */
export function searchCatalogue(
  catalogue: CatalogueContents,
  lexemes: string[],
  filters: SearchFilters,
  sort: ExpertListQuery['sort'],
  offset: number,
  limit: number,
): SearchPage {
  const words = wordsFor(catalogue.docs.length);
  const sorted = sort === 'price_asc' ? catalogue.priceAsc : sort === 'price_desc' ? catalogue.priceDesc : catalogue.rating;
  const filtered = filterBits(catalogue, filters, sorted, words);
  if (!filtered) return { experts: [], found: 0, matched: false };
  const { passing, from, to } = filtered;
  const docsOf = (numbers: number[]) => numbers.map((no) => catalogue.docs[no]!);
  const held = lexemes.flatMap((lexeme) => catalogue.posting(lexeme) ?? []);
  if (held.length) {
    const all = held.map((posting, i) => posting.all.bitsFor(words, bits(ALL + i, words)));
    if (sort === 'relevance') {
      const title = held.map((posting, i) => posting.title.bitsFor(words, bits(TITLE + i, words)));
      const { tiers, sizes } = relevanceTiers(all, title, lexemes.length, passing, words);
      const found = sizes.reduce((sum, n) => sum + n, 0);
      if (found > 0) {
        const page: number[] = [];
        let skip = offset;
        for (let t = 0; t < tiers.length && page.length < limit; t++) {
          page.push(...pageOf({ bits: tiers[t]!, count: sizes[t]!, sorted, from, to, words }, skip, limit - page.length));
          skip = Math.max(0, skip - sizes[t]!);
        }
        return { experts: docsOf(page), found, matched: true };
      }
    } else {
      const members = bits(TIER, words);
      let count = 0;
      for (let w = 0; w < words; w++) {
        let any = 0;
        for (let i = 0; i < all.length; i++) any |= all[i]![w]!;
        any &= passing[w]!;
        members[w] = any;
        if (any !== 0) count += popcount(any);
      }
      if (count > 0) return { experts: docsOf(pageOf({ bits: members, count, sorted, from, to, words }, offset, limit)), found: count, matched: true };
    }
  }
  let count = 0;
  for (let w = 0; w < words; w++) if (passing[w] !== 0) count += popcount(passing[w]!);
  return { experts: docsOf(pageOf({ bits: passing, count, sorted, from, to, words }, offset, limit)), found: count, matched: false };
}
