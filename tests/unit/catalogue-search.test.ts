/**
 * The catalogue search (docs/product.md "Search and catalogue") against the rules written out plainly: who is found,
 * in which order (the score of relevance-score.ts added up one expert at a time, speakers of a preferred language
 * first), on which page, and how many, for random catalogues with common and rare words, languages and areas, tied
 * rates and ratings, and experts removed and added again — the index reuses their numbers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogueContents, type IndexedRow } from '../../src/server/modules/catalogue/catalogue-contents.js';
import {
  searchCatalogue,
  searchCountBound,
  type SearchFilters,
  type SearchPage,
  type SearchTerms,
} from '../../src/server/modules/catalogue/catalogue-search.js';
import { relevanceScorer, speakerBonus } from '../../src/server/modules/catalogue/relevance-score.js';

/** Numbers in [0, 1) from fast-check's seeded generator: the same catalogues on every run. */
function random(seed: number) {
  const values = fc.sample(fc.integer({ min: 0, max: 2 ** 30 - 1 }), { seed, numRuns: 250_000 });
  let next = 0;
  return () => values[next++ % values.length]! / 2 ** 30;
}

// Lexeme i is held by about one expert in 2^(i / 4): the first ones by most experts, the last ones by a few.
const vocabulary = Array.from({ length: 48 }, (_, i) => `w${i}`);
const languages = ['English', 'Spanish', 'German', 'Japanese', 'Yoruba', 'Klingon'];
const areas = ['Marketing', 'Design', 'Data', 'Leadership', 'Law'];

type Row = IndexedRow & { titleWords: string[]; allWords: string[] };

function rows(count: number, seed: number, prefix: string): Row[] {
  const rnd = random(seed);
  const some = <T>(list: T[], odds: (i: number) => number) => list.filter((_, i) => rnd() < odds(i));
  return Array.from({ length: count }, (_, i) => {
    const allWords = some(vocabulary, (k) => 2 ** (-k / 4));
    const titleWords = allWords.filter(() => rnd() < 0.4);
    const rated = rnd() < 0.7;
    return {
      id: `${prefix}-${String(i).padStart(5, '0')}`,
      slug: `${prefix}-${i}`,
      // Few names, so that rating, review count and name tie and the id decides.
      name: `Name ${Math.floor(rnd() * 20)}`,
      role: 'Mentor',
      imageUrl: null,
      hourlyRateCents: 1000 * (1 + Math.floor(rnd() * 30)),
      currency: 'USD',
      ratingAvg: rated ? (1 + Math.floor(rnd() * 9) / 2).toFixed(2) : null,
      reviewCount: rated ? Math.floor(rnd() * 4) : 0,
      expertise: some(areas, (k) => 0.5 / (k + 1)),
      languages: some(languages, (k) => (k === 0 ? 0.9 : 0.3 / k)),
      isAvailable: true,
      title: titleWords.join(' '),
      words: allWords.join(' '),
      titleWords,
      allWords,
    };
  });
}

type Sort = 'relevance' | 'rating' | 'price_asc' | 'price_desc';

/** What a search answers: the page's experts, the total as shown, and whether any word matched. */
const outcome = (page: SearchPage) => ({
  ids: page.experts.map((doc) => doc.card.id),
  total: { shown: Math.min(page.found, searchCountBound), more: page.found > searchCountBound },
  matched: page.matched,
});

/** The rules, one expert at a time. */
function expected(catalogue: Row[], search: SearchTerms, filters: SearchFilters, sort: Sort, offset: number, limit: number) {
  const rating = (r: Row) => (r.ratingAvg === null ? -1 : Number(r.ratingAvg));
  const byRating = (a: Row, b: Row) =>
    rating(b) - rating(a) || b.reviewCount - a.reviewCount || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : 1);
  const byPrice = (a: Row, b: Row) => (a.hourlyRateCents! - b.hourlyRateCents!) * (sort === 'price_desc' ? -1 : 1) || byRating(a, b);
  const passing = catalogue.filter(
    (r) =>
      (filters.language === undefined || r.languages.includes(filters.language)) &&
      (filters.expertise === undefined || r.expertise.includes(filters.expertise)) &&
      r.hourlyRateCents! >= (filters.minRateCents ?? -Infinity) &&
      r.hourlyRateCents! <= (filters.maxRateCents ?? Infinity),
  );
  // The terms someone has, in the search's order: lexemes anywhere, role lexemes in the title, areas.
  const terms = [
    ...[...new Set(search.lexemes)].map((l) => ({ weight: 1, inTitle: (r: Row) => r.titleWords.includes(l), has: (r: Row) => r.allWords.includes(l) })),
    ...(search.roleLexemes ?? [])
      .filter((l) => !search.lexemes.includes(l))
      .map((l) => ({ weight: 0.5, inTitle: (r: Row) => r.titleWords.includes(l), has: (r: Row) => r.titleWords.includes(l) })),
    ...(search.areas ?? []).map((a) => ({ weight: 1, inTitle: (r: Row) => r.expertise.includes(a), has: (r: Row) => r.expertise.includes(a) })),
  ].filter((term) => catalogue.some(term.has));
  const aboutLength = (r: Row) => r.allWords.length - r.titleWords.length;
  const scorer = relevanceScorer(
    terms.map((term) => ({ weight: term.weight, holders: catalogue.filter(term.has).length })),
    catalogue.length,
    catalogue.reduce((sum, r) => sum + aboutLength(r), 0) / catalogue.length,
  );
  const score = (r: Row) =>
    terms.reduce((sum, term, i) => sum + (term.inTitle(r) ? scorer.title[i]! : term.has(r) ? scorer.about[i]! * scorer.aboutFactor(aboutLength(r)) : 0), 0);
  const speaks = (r: Row) => search.language !== undefined && r.languages.some((l) => l.toLowerCase() === search.language!.toLowerCase());
  const found = passing.filter((r) => terms.some((term) => term.has(r)));
  const matched = found.length > 0 || passing.some(speaks);
  const listed = found.length > 0 ? found : passing;
  const first = (a: Row, b: Row) => Number(speaks(b)) - Number(speaks(a));
  // Each expert's key once, not in every comparison.
  const keys = new Map(listed.map((r) => [r, sort === 'relevance' && found.length > 0 ? score(r) + (speaks(r) ? speakerBonus : 0) : 0]));
  const order =
    sort === 'relevance' && found.length > 0
      ? (a: Row, b: Row) => keys.get(b)! - keys.get(a)! || byRating(a, b)
      : (a: Row, b: Row) => first(a, b) || (sort.startsWith('price') ? byPrice : byRating)(a, b);
  // Totals are exact up to the bound and shown as "1,000+" beyond it.
  const total = { shown: Math.min(listed.length, searchCountBound), more: listed.length > searchCountBound };
  return {
    ids: [...listed]
      .sort(order)
      .slice(offset, offset + limit)
      .map((r) => r.id),
    total,
    matched,
  };
}

describe('catalogue search', () => {
  const first = rows(3000, 1, 'a');
  const contents = new CatalogueContents(first);
  // Remove every seventh expert and add new ones, which take the freed numbers and then new ones.
  const removed = new Set(first.filter((_, i) => i % 7 === 0).map((r) => r.id));
  for (const id of removed) contents.remove(contents.byId.get(id)!);
  const added = rows(700, 2, 'b');
  for (const row of added) contents.add(row);
  const catalogue = [...first.filter((r) => !removed.has(r.id)), ...added];

  const query = fc.record({
    lexemes: fc.uniqueArray(fc.oneof(fc.constantFrom(...vocabulary), fc.constant('nobody-has-it')), { minLength: 0, maxLength: 6 }),
    roleLexemes: fc.uniqueArray(fc.constantFrom(...vocabulary), { maxLength: 3 }),
    areas: fc.uniqueArray(fc.constantFrom(...areas, 'Nobody Has It'), { maxLength: 2 }),
    preferred: fc.option(fc.constantFrom('english', 'German', 'yoruba', 'Esperanto'), { nil: undefined }),
    language: fc.option(fc.constantFrom(...languages, 'Esperanto'), { nil: undefined }),
    expertise: fc.option(fc.constantFrom(...areas), { nil: undefined }),
    minRateCents: fc.option(fc.integer({ min: 0, max: 31_000 }), { nil: undefined }),
    maxRateCents: fc.option(fc.integer({ min: 0, max: 31_000 }), { nil: undefined }),
    sort: fc.constantFrom<Sort>('relevance', 'rating', 'price_asc', 'price_desc'),
    offset: fc.oneof(fc.constantFrom(0, 12, 24, 48), fc.integer({ min: 0, max: 3000 })),
    limit: fc.integer({ min: 1, max: 50 }),
  });

  it('finds, orders, pages and counts as the rules say', () => {
    fc.assert(
      fc.property(query, ({ lexemes, roleLexemes, areas, preferred, sort, offset, limit, ...filters }) => {
        const search = { lexemes, roleLexemes, areas, language: preferred };
        const page = searchCatalogue(contents, search, filters, sort, offset, limit);
        const want = expected(catalogue, search, filters, sort, offset, limit);
        expect(outcome(page)).toEqual(want);
      }),
      { numRuns: 1500, seed: 42 },
    );
  });

  it('stays right as experts change between searches', () => {
    const changing = new CatalogueContents(rows(2000, 3, 'c'));
    let current = rows(2000, 3, 'c');
    const fresh = rows(400, 4, 'd');
    const rnd = random(5);
    const check = (round: number) => {
      for (const sort of ['relevance', 'price_asc', 'price_desc'] as const) {
        for (const [lexemes, offset] of [
          [['w2', 'w5'], 5],
          [['w20'], 0],
        ] as const) {
          const filters = { minRateCents: 5000 + round * 300, maxRateCents: 15000 + round * 200 };
          const search = { lexemes: [...lexemes], areas: ['Data'], language: 'Spanish' };
          const page = searchCatalogue(changing, search, filters, sort, offset, 20);
          const want = expected(current, search, filters, sort, offset, 20);
          expect(outcome(page)).toEqual(want);
        }
      }
    };
    // Searches (which make the ranks and price runs) between ten experts leaving and ten arriving.
    for (let round = 0; round < 40; round++) {
      check(round);
      const leaving = new Set(Array.from({ length: 10 }, () => current[Math.floor(rnd() * current.length)]!.id));
      for (const id of leaving) changing.remove(changing.byId.get(id)!);
      current = current.filter((r) => !leaving.has(r.id));
      check(round);
      const arriving = fresh.splice(0, 10);
      for (const row of arriving) changing.add(row);
      current = [...current, ...arriving];
    }
  });

  it('reads deep pages of a common word in every order', () => {
    for (const sort of ['relevance', 'rating', 'price_asc', 'price_desc'] as const) {
      for (const offset of [0, 500, 1000, 2000, 3500]) {
        const page = searchCatalogue(contents, { lexemes: ['w0', 'w1', 'w9'] }, {}, sort, offset, 50);
        const want = expected(catalogue, { lexemes: ['w0', 'w1', 'w9'] }, {}, sort, offset, 50);
        expect(outcome(page)).toEqual(want);
      }
    }
  });
});
