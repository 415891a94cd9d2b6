/**
 * One search over the catalogue index (docs/product.md "Search and catalogue"; docs/decisions/028-search-combines-
 * bit-sets.md): who is found, in which order, on which page, and how many. The filters and the query's lexemes are
 * combined 32 experts at a time as bit sets (doc-numbers.ts), counted only as far as the page and the shown total
 * need; the page is then taken from the index's listing orders, never by sorting the catalogue.
 */
import type { ExpertListQuery } from '../../../shared/schemas/experts.js';
import type { CatalogueContents, IndexedExpert } from './catalogue-contents.js';
import { popcount, wordsFor, type DocNumbers } from './doc-numbers.js';
import type { SortedDocs } from './sorted-docs.js';

/**
 * Counts beyond this are answered as `total: 1000, totalIsLowerBound: true` (shown as "1,000+ experts"), so a
 * search never counts past it.
 */
export const searchCountBound = 1000;

/** The filters of a search (docs/product.md "Search and catalogue"): all must hold. Rates in cents. */
export type SearchFilters = { expertise?: string; language?: string; minRateCents?: number; maxRateCents?: number };

/** A page of a search: its experts, how many were found (exact up to `searchCountBound`, else more), and whether any word matched. */
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
/** Relevance tier 0 at TIER, a later tier at TIER + 1; the experts with any of the words at ANY. */
const TIER = 14;
const ANY = 16;
/** Bits 1, 2 and 4 of each expert's number of the query's words. */
const ONES = 17;
const TWOS = 18;
const FOURS = 19;

/** The scratch bit set of `role`, at least `words` long. */
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
  return descending
    ? { from: first((rate) => rate <= max), to: first((rate) => rate < min) }
    : { from: first((rate) => rate >= min), to: first((rate) => rate > max) };
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

/** Experts in `passing` and in any (or every) one of `sets`: bit sets of the catalogue's words. */
type Combination = { sets: Uint32Array[]; every: boolean; passing: Uint32Array };

/** Whether expert `no` is in `combination`, read from its bit sets. */
function holds({ sets, every, passing }: Combination, no: number): boolean {
  const w = no >>> 5;
  const bit = no & 31;
  if (!((passing[w]! >>> bit) & 1)) return false;
  for (let i = 0; i < sets.length; i++) if (((sets[i]![w]! >>> bit) & 1) === (every ? 0 : 1)) return !every;
  return every;
}

/**
 * A search's experts: `bits` holds them for the first `counted` words (all `words` when the count is exact),
 * `combination` tells the rest; `count` are in the words counted. All lie within places `from` to `to` of `sorted`.
 */
type Members = {
  bits: Uint32Array;
  counted: number;
  count: number;
  combination: Combination;
  sorted: SortedDocs<IndexedExpert>;
  from: number;
  to: number;
  words: number;
};

/** Words counted at a time before a count may stop (2 048 experts). */
const chunk = 64;

/**
 * Writes `combination`'s experts into `into` and counts them, `chunk` words at a time, stopping once more than
 * `enough` are counted — counts past what a page and the shown total need are never made — unless a walk for
 * `walked` of them would then cost more than counting on: it reads about walked ÷ (count ÷ experts counted)
 * places, each several times dearer than a word counted. One simple loop per set: a loop over the sets inside the
 * loop over words costs several times as much.
 */
function count(into: Uint32Array, combination: Combination, words: number, enough: number, walked: number): { counted: number; count: number } {
  const { sets, every, passing } = combination;
  let count = 0;
  for (let start = 0; start < words;) {
    const end = Math.min(words, start + chunk);
    const first = sets[0]!;
    for (let w = start; w < end; w++) into[w] = first[w]!;
    for (let i = 1; i < sets.length; i++) {
      const set = sets[i]!;
      if (every) for (let w = start; w < end; w++) into[w]! &= set[w]!;
      else for (let w = start; w < end; w++) into[w]! |= set[w]!;
    }
    for (let w = start; w < end; w++) {
      const kept = into[w]! & passing[w]!;
      into[w] = kept;
      if (kept !== 0) count += popcount(kept);
    }
    start = end;
    if (count > enough && walked * start * 32 <= 4 * count * (words - start)) return { counted: start, count };
  }
  return { counted: words, count };
}

/**
 * The experts of `members` at places `skip` to `skip + take` among them in their order. Walking the order reads
 * about (skip + take) × (to − from) ÷ count places before it has them; listing the members (once all are counted)
 * reads the words and sorts `count` places: the cheaper one runs.
 */
function pageOf(members: Members, skip: number, take: number): number[] {
  const { bits, counted, count, combination, sorted, from, to, words } = members;
  const exact = counted === words;
  const needed = exact ? Math.min(count, skip + take) : skip + take;
  if (needed <= skip) return [];
  const order = sorted.order;
  if (!exact || (needed * (to - from)) / count <= words + 4 * count) {
    const page: number[] = [];
    let seen = 0;
    for (let at = from; seen < needed && at < to; at++) {
      const no = order[at]!;
      const word = no >>> 5;
      if ((word < counted ? (bits[word]! >>> (no & 31)) & 1 : holds(combination, no)) && seen++ >= skip) page.push(no);
    }
    return page;
  }
  const rank = sorted.rank(words << 5);
  const places = new Int32Array(count);
  let n = 0;
  for (let w = 0; w < words; w++) {
    for (let word = bits[w]! | 0; word !== 0; word ^= word & -word) places[n++] = rank[(w << 5) | (31 - Math.clz32(word & -word))]!;
  }
  places.sort();
  return Array.from(places.subarray(skip, needed), (at) => order[at]!);
}

/**
 * Each expert's number of the query's lexemes (`all`, the lexemes someone has), counting only experts in
 * `passing`, as three bit planes (bits 1, 2 and 4 of the number: 7 ≥ maxQueryLexemes), added up one lexeme at a
 * time with a bit-sliced adder.
 */
function countPlanes(all: Uint32Array[], passing: Uint32Array, words: number) {
  const ones = bits(ONES, words);
  const twos = bits(TWOS, words).fill(0, 0, words);
  const fours = bits(FOURS, words).fill(0, 0, words);
  const first = all[0]!;
  for (let w = 0; w < words; w++) ones[w] = first[w]! & passing[w]!;
  for (let i = 1; i < all.length; i++) {
    const set = all[i]!;
    for (let w = 0; w < words; w++) {
      const has = set[w]! & passing[w]!;
      const carry = ones[w]! & has;
      ones[w]! ^= has;
      fours[w]! |= twos[w]! & carry;
      twos[w]! ^= carry;
    }
  }
  return { ones, twos, fours };
}

/** Writes into `into` the experts holding exactly `held` ≥ 1 lexemes (countPlanes), less those of `except`; returns how many. */
function holdingExactly(into: Uint32Array, planes: ReturnType<typeof countPlanes>, held: number, except: Uint32Array, words: number): number {
  const { ones, twos, fours } = planes;
  // A plane XOR 0 where `held` has its bit, XOR all ones where not: all ones exactly where the count is `held`.
  const flip1 = held & 1 ? 0 : -1;
  const flip2 = held & 2 ? 0 : -1;
  const flip4 = held & 4 ? 0 : -1;
  let count = 0;
  for (let w = 0; w < words; w++) {
    const exactly = (ones[w]! ^ flip1) & (twos[w]! ^ flip2) & (fours[w]! ^ flip4) & ~except[w]!;
    into[w] = exactly;
    if (exactly !== 0) count += popcount(exactly);
  }
  return count;
}

/**
 * A page of the search for `lexemes` (the query's distinct lexemes, search-words.ts) under `filters`, sorted by
 * `sort`, `limit` experts after the first `offset`: found are the experts with at least one lexeme; with none (no
 * lexeme, or nobody under the filters) every expert passing the filters is listed, by rating for relevance, with
 * `matched` false.
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
  const place = { sorted, from, to, words };
  // Counts stop past what the page and the shown total need: beyond `searchCountBound` the total is shown as "1,000+".
  const enough = Math.max(searchCountBound, offset + limit);
  const held = lexemes.flatMap((lexeme) => catalogue.posting(lexeme) ?? []);
  if (held.length) {
    const any: Combination = { sets: held.map((posting, i) => posting.all.bitsFor(words, bits(ALL + i, words))), every: false, passing };
    const found = count(bits(ANY, words), any, words, enough, sort === 'relevance' ? 0 : offset + limit);
    if (found.count > 0 && sort !== 'relevance') {
      return { experts: docsOf(pageOf({ bits: bits(ANY, words), ...found, combination: any, ...place }, offset, limit)), found: found.count, matched: true };
    }
    if (found.count > 0) {
      // Tier 0: every word in the name, role or expertise (nobody, when one of the words is held by no expert).
      const inTitle: Combination = { sets: held.map((posting, i) => posting.title.bitsFor(words, bits(TITLE + i, words))), every: true, passing };
      const tier0 = bits(TIER, words);
      const size0 =
        held.length === lexemes.length
          ? count(tier0, inTitle, words, offset + limit - 1, offset + limit)
          : (tier0.fill(0, 0, words), { counted: words, count: 0 });
      const page = pageOf({ bits: tier0, ...size0, combination: inTitle, ...place }, offset, limit);
      // Later tiers are counted only when the page reaches them (tier 0 was then counted whole): tier t ≥ 1 holds
      // exactly size + 1 − t words.
      const planes = page.length < limit ? countPlanes(any.sets, passing, words) : null;
      let skip = Math.max(0, offset - size0.count);
      for (let t = 1; planes && t <= lexemes.length && page.length < limit; t++) {
        const tier = bits(TIER + 1, words);
        const size = holdingExactly(tier, planes, lexemes.length + 1 - t, tier0, words);
        page.push(...pageOf({ bits: tier, counted: words, count: size, combination: any, ...place }, skip, limit - page.length));
        skip = Math.max(0, skip - size);
      }
      return { experts: docsOf(page), found: found.count, matched: true };
    }
  }
  const everyone = count(bits(ANY, words), { sets: [passing], every: false, passing }, words, enough, offset + limit);
  return {
    experts: docsOf(pageOf({ bits: bits(ANY, words), ...everyone, combination: { sets: [passing], every: false, passing }, ...place }, offset, limit)),
    found: everyone.count,
    matched: false,
  };
}
