/**
 * One search over the catalogue index (docs/product.md "Search and catalogue"): who is found, in which order, on
 * which page, and how many — read from the index's listing orders front to back, so a page is never sorted and
 * a walk stops once the page and the bounded count are known.
 */
import type { ExpertCard, ExpertListQuery } from '../../../shared/schemas/experts.js';
import type { CatalogueIndex } from './catalogue-index.js';
import type { TagHolders } from './tag-column.js';

/**
 * Counts stop here: beyond it a search answers `total: 1000, totalIsLowerBound: true` (shown as "1,000+
 * experts"), so a walk never goes on just to count.
 */
export const searchCountBound = 1000;

/** The filters of a search (docs/product.md "Search and catalogue"): all must hold. Rates in cents. */
export type SearchFilters = { expertise?: string; language?: string; minRateCents?: number; maxRateCents?: number };

/** A page of a search: its cards, how many were found (exact up to `searchCountBound`, else more), and whether any word matched. */
export type SearchPage = { cards: ExpertCard[]; found: number; matched: boolean };

/** Per-expert counts of the query's lexemes (anywhere, and in the title part); one search at a time uses them. */
let hits = new Uint8Array(0);
let titleHits = new Uint8Array(0);

/** The filters as the walks test them, by document number, from the index's columns alone. */
type Filter = { any: boolean; language: TagHolders | null; expertise: TagHolders | null; rates: Int32Array; min: number; max: number };

/** `filters` for the walks; null when no expert can pass (a language or area nobody has). */
function filterOf(index: CatalogueIndex, f: SearchFilters): Filter | null {
  const language = f.language === undefined ? null : index.languages().holders(f.language);
  const expertise = f.expertise === undefined ? null : index.expertise().holders(f.expertise);
  if ((f.language !== undefined && !language) || (f.expertise !== undefined && !expertise)) return null;
  return {
    any: f.language !== undefined || f.expertise !== undefined || f.minRateCents !== undefined || f.maxRateCents !== undefined,
    language,
    expertise,
    rates: index.rateCents(),
    min: f.minRateCents ?? -Infinity,
    max: f.maxRateCents ?? Infinity,
  };
}

const holds = (tag: TagHolders, no: number) => (tag.set ? tag.set.has(no) : (tag.bits[no]! & tag.mask) !== 0);

/** Whether expert `no` passes `filter`: one function for every search, so that the walks' loops stay fast. */
function passes(filter: Filter, no: number): boolean {
  if (!filter.any) return true;
  if (filter.language && !holds(filter.language, no)) return false;
  if (filter.expertise && !holds(filter.expertise, no)) return false;
  const rate = filter.rates[no]!;
  return rate >= filter.min && rate <= filter.max;
}

/** How many of `sets` (bit sets of lexemes) plus `counted` (the counted lexemes) expert `no` has. */
function wordsOf(counted: Uint8Array, sets: Uint32Array[], no: number): number {
  let n = counted[no]!;
  for (let i = 0; i < sets.length; i++) n += (sets[i]![no >>> 5]! >>> (no & 31)) & 1;
  return n;
}

/** The query's lexemes read as bit sets, anywhere and in the title part (the others are counted in `hits`). */
type Sets = { all: Uint32Array[]; title: Uint32Array[] };

/**
 * The experts `passes` accepts, in `order`: the `limit` after the first `offset`, and how many there are
 * (counting stops past `searchCountBound` once the page is full). With `sets`, only experts having a word of the
 * query (counted in `hits`, or in one of the bit sets); `candidates` is how many there are, when known: once that
 * many are seen, the walk ends.
 */
function walk(index: CatalogueIndex, order: number[], filter: Filter, offset: number, limit: number, sets?: Sets, candidates = Infinity) {
  const cards: ExpertCard[] = [];
  let found = 0;
  let left = candidates;
  for (const no of order) {
    if (sets && wordsOf(hits, sets.all, no) === 0) continue;
    left--;
    if (passes(filter, no)) {
      found++;
      if (found > offset && cards.length < limit) cards.push(index.doc(no)!.card);
      if (found > searchCountBound && found >= offset + limit) break;
    }
    if (left === 0) break;
  }
  return { cards, found };
}

/**
 * The relevance order for `size` lexemes (docs/product.md "Search and catalogue"): experts with every word in
 * their name, role or expertise first (tier 0), then those with every word anywhere (tier 1), then those with one
 * word fewer (tier 2), and so on; each tier by rating. One walk of the rating order keeps, per tier, the first
 * `offset + limit`. `sizes` bound how many experts each tier holds before the filters (exact when known,
 * Infinity when not): the walk ends once every tier before the page's last one has been seen whole and the page
 * is full, and the count is past its bound or every expert of every tier has been seen.
 */
function relevanceWalk(index: CatalogueIndex, size: number, sets: Sets, sizes: number[], filter: Filter, offset: number, limit: number) {
  const needed = offset + limit;
  const tiers: number[][] = sizes.map(() => []);
  const unseen = [...sizes];
  let left = sizes.reduce((sum, n) => sum + n, 0);
  /** Whether no expert still unseen could go on the page before those kept. */
  const pageKnown = () => {
    let kept = 0;
    for (let tier = 0; tier < tiers.length; tier++) {
      kept += tiers[tier]!.length;
      if (kept >= needed) return true;
      if (unseen[tier]! > 0) return false;
    }
    return true;
  };
  let found = 0;
  for (const no of index.orders.rating) {
    const has = wordsOf(hits, sets.all, no);
    if (!has) continue;
    const tier = wordsOf(titleHits, sets.title, no) === size ? 0 : has === size ? 1 : 1 + size - has;
    unseen[tier]!--;
    left--;
    if (passes(filter, no)) {
      found++;
      if (tiers[tier]!.length < needed) tiers[tier]!.push(no);
    }
    if (left === 0 || (found > searchCountBound && pageKnown())) break;
  }
  return {
    cards: tiers
      .flat()
      .slice(offset, needed)
      .map((no) => index.doc(no)!.card),
    found,
  };
}

/**
 * A page of the search for `lexemes` (the query's distinct lexemes, search-words.ts) under `filters`, sorted by
 * `sort`: found are the experts with at least one lexeme; with none (no lexeme, or nobody under the filters)
 * every expert passing the filters is listed, by rating for relevance, with `matched` false.
 *
 * The lexemes few experts have are counted per expert first; those many have are bit sets read during the walk.
 * When every lexeme is counted, the size of every tier is known exactly; otherwise the walks use bounds.
 */
export function searchCatalogue(
  index: CatalogueIndex,
  lexemes: string[],
  filters: SearchFilters,
  sort: ExpertListQuery['sort'],
  offset: number,
  limit: number,
): SearchPage {
  const filter = filterOf(index, filters);
  if (!filter) return { cards: [], found: 0, matched: false };
  const order = sort === 'price_asc' ? index.orders.priceAsc : sort === 'price_desc' ? index.orders.priceDesc : index.orders.rating;
  const postings = lexemes.map((lexeme) => index.posting(lexeme));
  const lists = postings.filter((posting) => posting?.kind === 'list');
  const sets = postings.filter((posting) => posting?.kind === 'bits');
  if (lists.length || sets.length) {
    if (hits.length < index.capacity()) {
      hits = new Uint8Array(index.capacity() * 2);
      titleHits = new Uint8Array(index.capacity() * 2);
    }
    const size = lexemes.length;
    // withWords[c]: experts having c of the counted words; allInTitle: those having all of them in the title part.
    const withWords = new Array<number>(size + 1).fill(0);
    let allInTitle = 0;
    for (const posting of lists) {
      for (const no of posting.all) {
        const has = hits[no]!;
        withWords[has]!--;
        withWords[has + 1]!++;
        hits[no] = has + 1;
      }
      for (const no of posting.title) if (++titleHits[no]! === size) allInTitle++;
    }
    const bitSets: Sets = { all: sets.map((set) => set.all), title: sets.map((set) => set.title) };
    try {
      let page;
      if (sort === 'relevance') {
        // Tier 0: every word in the title part; 1: every word; 2: one word fewer; ...
        let sizes: number[];
        if (!sets.length) {
          sizes = [allInTitle, withWords[size]! - allInTitle];
          for (let has = size - 1; has >= 1; has--) sizes.push(withWords[has]!);
        } else {
          // Bounds only: a lexeme nobody has leaves tiers 0 and 1 empty, and tier 0 is never larger than the fewest
          // titles having one lexeme.
          const nobodyHasOne = postings.some((posting) => posting === undefined);
          const fewestTitles = Math.min(...sets.map((set) => set.titleSize), ...lists.map((list) => list.title.length));
          sizes = [nobodyHasOne ? 0 : fewestTitles, nobodyHasOne ? 0 : Infinity, ...new Array<number>(size - 1).fill(Infinity)];
        }
        page = relevanceWalk(index, size, bitSets, sizes, filter, offset, limit);
      } else page = walk(index, order, filter, offset, limit, bitSets, sets.length ? Infinity : -withWords[0]!);
      if (page.found > 0) return { ...page, matched: true };
    } finally {
      for (const posting of lists) for (const no of posting.all) hits[no] = titleHits[no] = 0;
    }
  }
  return { ...walk(index, order, filter, offset, limit), matched: false };
}
