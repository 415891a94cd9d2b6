/**
 * One search over the catalogue index (docs/product.md "Search and catalogue"; docs/decisions/028-search-combines-
 * bit-sets.md, 033-search-vocabulary-and-scoring.md): who is found, in which order, on which page, and how many. The
 * filters and the query's terms are combined 32 experts at a time as bit sets (doc-numbers.ts), counted only as far
 * as the page and the shown total need; the page is then taken from the index's listing orders, or, for relevance
 * past the experts with every term in their title, from the found experts' scores.
 */
import type { ExpertListQuery } from '../../../shared/schemas/experts.js';
import type { CatalogueContents, IndexedExpert } from './catalogue-contents.js';
import { popcount, wordsFor, type DocNumbers } from './doc-numbers.js';
import { relevanceScorer, speakerBonus, type ScoredTerm } from './relevance-score.js';
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
/** The experts with every term in the title part at TIER; those with any term at ANY. */
const TIER = 2;
const ANY = 3;
/** The experts speaking the preferred language, and a part of a listing split by it. */
const SPEAK = 4;
const PART = 5;
/** A term's experts written from their numbers: anywhere at TERMS + 2i, in the title part at TERMS + 2i + 1. */
const TERMS = 6;

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
 * What a search looks for (query-reading.ts, search-words.ts): the query's own lexemes, the lexemes of the role
 * words its vocabulary leads to (matched in the title part only, at half weight), the expertise areas it leads to,
 * and a spoken language it prefers (English name, any case).
 */
export type SearchTerms = { lexemes: string[]; roleLexemes?: string[]; areas?: string[]; language?: string };

/** A term as the search reads it: its experts anywhere and in the title part, as bit sets, and its score weight. */
type Term = { all: Uint32Array; title: Uint32Array; scored: ScoredTerm };

/** The terms someone in the catalogue has, at most `maxTerms`, each written into its scratch bit sets. */
function termsOf(catalogue: CatalogueContents, search: SearchTerms, words: number): Term[] {
  const found: { all: DocNumbers; title: DocNumbers; weight: number }[] = [];
  const seen = new Set<string>();
  for (const [lexemes, weight, titleOnly] of [
    [search.lexemes, 1, false],
    [search.roleLexemes ?? [], 0.5, true],
  ] as const) {
    for (const lexeme of lexemes) {
      const posting = catalogue.posting(lexeme);
      if (!posting || seen.has(lexeme)) continue;
      seen.add(lexeme);
      found.push({ all: titleOnly ? posting.title : posting.all, title: posting.title, weight });
    }
  }
  for (const area of search.areas ?? []) {
    const holders = catalogue.expertise.holders(area);
    if (holders) found.push({ all: holders, title: holders, weight: 1 });
  }
  return found.slice(0, maxTerms).map(({ all, title, weight }, i) => ({
    all: all.bitsFor(words, bits(TERMS + 2 * i, words)),
    title: title.bitsFor(words, bits(TERMS + 2 * i + 1, words)),
    scored: { weight, holders: all.size },
  }));
}

/** At most this many terms take part: 6 query lexemes, role lexemes and areas. */
const maxTerms = 14;

/** The experts speaking `language` (any spelling of its case) among `passing`, or null when nobody there does. */
function speakersOf(catalogue: CatalogueContents, language: string | undefined, passing: Uint32Array, words: number): Uint32Array | null {
  if (language === undefined) return null;
  const sets = catalogue.languages.holdersIgnoringCase(language);
  if (!sets.length) return null;
  const speaking = bits(SPEAK, words).fill(0, 0, words);
  const scratchSet = bits(TAG, words);
  for (const set of sets) {
    const having = set.bitsFor(words, scratchSet);
    for (let w = 0; w < words; w++) speaking[w]! |= having[w]!;
  }
  let any = 0;
  for (let w = 0; w < words; w++) any |= speaking[w]! &= passing[w]!;
  return any ? speaking : null;
}

/**
 * Places `offset` to `offset + limit` of the experts in `members` (exact bits) listed in `place`'s order, speakers
 * of the preferred language (`speaking`) first.
 */
function speakersFirst(
  members: Uint32Array,
  speaking: Uint32Array,
  place: Omit<Members, 'bits' | 'counted' | 'count' | 'combination'>,
  offset: number,
  limit: number,
) {
  const page: number[] = [];
  let skip = offset;
  for (const speaks of [true, false]) {
    const part = bits(PART, place.words);
    let size = 0;
    for (let w = 0; w < place.words; w++) {
      const kept = members[w]! & (speaks ? speaking[w]! : ~speaking[w]!);
      part[w] = kept;
      if (kept !== 0) size += popcount(kept);
    }
    const combination: Combination = { sets: [part], every: false, passing: part };
    page.push(...pageOf({ bits: part, counted: place.words, count: size, combination, ...place }, skip, limit - page.length));
    skip = Math.max(0, skip - size);
    if (page.length >= limit) break;
  }
  return page;
}

/**
 * The relevance page past the experts with every term in their title: every found expert (`any`, counted for its
 * first `counted` words, the rest read from the terms) scored (relevance-score.ts), speakers of the preferred
 * language first, then by score, then by rating (`rank`, places in the rating order); places `offset` to
 * `offset + limit`.
 */
function scoredPage(
  catalogue: CatalogueContents,
  terms: Term[],
  any: Uint32Array,
  counted: number,
  passing: Uint32Array,
  speaking: Uint32Array | null,
  offset: number,
  limit: number,
  words: number,
): number[] {
  const scorer = relevanceScorer(
    terms.map((term) => term.scored),
    catalogue.byId.size,
    catalogue.aboutLengthSum / Math.max(catalogue.byId.size, 1),
  );
  const rank = catalogue.rating.rank(words << 5);
  const lengths = catalogue.aboutLength;
  const alls = terms.map((term) => term.all);
  const titles = terms.map((term) => term.title);
  const wanted = offset + limit;
  // The best `wanted` so far, best first: for a first page a few dozen, so most experts are turned away by one comparison.
  const keys: number[] = [];
  const places: number[] = [];
  const nos: number[] = [];
  const all: { key: number; place: number; no: number }[] | null = wanted > 512 ? [] : null;
  // MaxScore (Turtle and Flood, 1995): with the terms in order of their largest gain (a title match), an expert
  // having none but the first `skipped` scores at most `bound[skipped]`; once that is below the page's last score
  // such experts are not read at all. Exact: an expert scoring the same as the last one is still read.
  const byGain = terms.map((_, i) => i).sort((a, b) => scorer.title[a]! - scorer.title[b]!);
  const bound = [0];
  for (const i of byGain) bound.push(bound[bound.length - 1]! + scorer.title[i]!);
  let skipped = 0;
  let reading = alls;
  for (let w = 0; w < words; w++) {
    let found = 0;
    if (w < counted && skipped === 0) found = any[w]!;
    else {
      for (let i = 0; i < reading.length; i++) found |= reading[i]![w]!;
      found &= passing[w]!;
    }
    for (; found !== 0; found ^= found & -found) {
      const bit = 31 - Math.clz32(found & -found);
      const no = (w << 5) | bit;
      let score = 0;
      let factor = -1;
      for (let i = 0; i < alls.length; i++) {
        if ((titles[i]![w]! >>> bit) & 1) score += scorer.title[i]!;
        else if ((alls[i]![w]! >>> bit) & 1) score += scorer.about[i]! * (factor < 0 ? (factor = scorer.aboutFactor(lengths[no]!)) : factor);
      }
      const key = score + (speaking && (speaking[w]! >>> bit) & 1 ? speakerBonus : 0);
      const place = rank[no]!;
      if (all) {
        all.push({ key, place, no });
        continue;
      }
      const n = keys.length;
      if (n === wanted && (key < keys[n - 1]! || (key === keys[n - 1]! && place > places[n - 1]!))) continue;
      let at = n;
      while (at > 0 && (key > keys[at - 1]! || (key === keys[at - 1]! && place < places[at - 1]!))) at--;
      keys.splice(at, 0, key);
      places.splice(at, 0, place);
      nos.splice(at, 0, no);
      if (keys.length > wanted) {
        keys.pop();
        places.pop();
        nos.pop();
      }
      // A speaker's bonus is beyond any bound: with a preferred language every found expert is read.
      if (keys.length === wanted && !speaking && bound[skipped + 1]! < keys[wanted - 1]!) {
        while (skipped < byGain.length && bound[skipped + 1]! < keys[wanted - 1]!) skipped++;
        reading = byGain.slice(skipped).map((i) => alls[i]!);
      }
    }
  }
  if (all)
    return all
      .sort((a, b) => b.key - a.key || a.place - b.place)
      .slice(offset, wanted)
      .map((entry) => entry.no);
  return nos.slice(offset, wanted);
}

/**
 * A page of the search for `search` (its terms: the query's distinct lexemes, search-words.ts, and what the
 * vocabulary and a named language add, query-reading.ts) under `filters`, sorted by `sort`, `limit` experts after
 * the first `offset`. Found are the experts with at least one term; relevance orders them by score
 * (relevance-score.ts: the experts with every term in their title part first, tied, then the others), each score by
 * rating; speakers of a preferred language come first in every sort. With no term anyone has, every expert passing
 * the filters is listed (by rating for relevance), `matched` true only when a preferred language is spoken by some.
 */
export function searchCatalogue(
  catalogue: CatalogueContents,
  search: SearchTerms,
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
  const terms = termsOf(catalogue, search, words);
  const speaking = speakersOf(catalogue, search.language, passing, words);
  if (terms.length) {
    const any: Combination = { sets: terms.map((term) => term.all), every: false, passing };
    const anyBits = bits(ANY, words);
    // With a preferred language the page needs every found expert's bits, whatever the sort.
    const found = speaking ? count(anyBits, any, words, Infinity, 0) : count(anyBits, any, words, enough, sort === 'relevance' ? 0 : offset + limit);
    if (found.count > 0 && sort !== 'relevance') {
      const page = speaking
        ? speakersFirst(anyBits, speaking, place, offset, limit)
        : pageOf({ bits: anyBits, ...found, combination: any, ...place }, offset, limit);
      return { experts: docsOf(page), found: found.count, matched: true };
    }
    if (found.count > 0) {
      // Every term in the name, role or expertise (and the language spoken, when one is preferred): the best score,
      // the same for all, so these are in rating order and most often hold the page.
      const inTitle: Combination = { sets: speaking ? [...terms.map((term) => term.title), speaking] : terms.map((term) => term.title), every: true, passing };
      const tier0 = bits(TIER, words);
      const size0 = count(tier0, inTitle, words, offset + limit - 1, offset + limit);
      if (size0.count >= offset + limit) {
        return { experts: docsOf(pageOf({ bits: tier0, ...size0, combination: inTitle, ...place }, offset, limit)), found: found.count, matched: true };
      }
      const page = scoredPage(catalogue, terms, anyBits, found.counted, passing, speaking, offset, limit, words);
      return { experts: docsOf(page), found: found.count, matched: true };
    }
  }
  const everyone: Combination = { sets: [passing], every: false, passing };
  const listed = count(bits(ANY, words), everyone, words, speaking ? Infinity : enough, offset + limit);
  const page = speaking
    ? speakersFirst(bits(ANY, words), speaking, place, offset, limit)
    : pageOf({ bits: bits(ANY, words), ...listed, combination: everyone, ...place }, offset, limit);
  return { experts: docsOf(page), found: listed.count, matched: speaking !== null };
}
