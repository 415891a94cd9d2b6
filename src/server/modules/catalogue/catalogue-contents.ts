/**
 * What the catalogue index holds (docs/decisions/027-search-index-in-memory.md): every published expert's card,
 * its filter columns, its place in the three listing orders and its lexemes' postings, changed one expert at a time
 * as the index reads changed rows again (catalogue-index.ts), or built whole.
 */
import type { ExpertCard } from '../../../shared/schemas/experts.js';
import { toCard, type CardRow } from '../experts/service.js';
import { DocNumbers } from './doc-numbers.js';
import { fitColumn } from './fit-column.js';
import { orderRuns, type OrderRuns } from './order-runs.js';
import { sortedDocs, type SortedDocs } from './sorted-docs.js';
import { tagColumn } from './tag-column.js';

/** A published expert as the index reads it: the card's columns and its vectors' lexemes, space-separated. */
export type IndexedRow = CardRow & { title: string; words: string };

/** One published expert as searches read it. */
export type IndexedExpert = {
  card: ExpertCard;
  /** Rating for ordering: the average, or -1 without reviews (last, as `rating_avg desc nulls last`). */
  rating: number;
  /** Lexemes of name, role, expertise and about (`search_vector`), each string shared with its posting. */
  words: string[];
  /** `card` as JSON, written when first shown (cardJson): a changed expert is a new document. */
  json?: string;
};

/** `doc`'s card as JSON text, written once per document: most of a result page's serialisation. */
export const cardJson = (doc: IndexedExpert): string => (doc.json ??= JSON.stringify(doc.card));

/** The experts having a lexeme, anywhere and in the title part (name, role, expertise: `title_vector`). */
export type Posting = { readonly lexeme: string; readonly all: DocNumbers; readonly title: DocNumbers };

/**
 * Strings in code point order, the `C` collation experts_listing_idx sorts names by. JavaScript compares UTF-16
 * units, which puts U+E000–U+FFFF after the surrogates of U+10000 and above; the units are moved to code point
 * order where two differ.
 */
function byCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** `rating_avg desc nulls last, review_count desc, name, id` (experts_listing_idx). */
const byRating = (a: IndexedExpert, b: IndexedExpert) =>
  b.rating - a.rating || b.card.reviewCount - a.card.reviewCount || byCodePoints(a.card.name, b.card.name) || byCodePoints(a.card.id, b.card.id);
const byPriceAsc = (a: IndexedExpert, b: IndexedExpert) => a.card.hourlyRateCents - b.card.hourlyRateCents || byRating(a, b);
const byPriceDesc = (a: IndexedExpert, b: IndexedExpert) => b.card.hourlyRateCents - a.card.hourlyRateCents || byRating(a, b);

const lexemesOf = (text: string) => (text ? text.split(' ') : []);

/** The contents of the index; a whole reload builds a new one and swaps it in. */
export class CatalogueContents {
  readonly docs: (IndexedExpert | undefined)[] = [];
  readonly byId = new Map<string, number>();
  readonly bySlug = new Map<string, number>();
  readonly postings = new Map<string, Posting>();
  readonly free: number[] = [];
  /** A bit per document number (doc-numbers.ts) for the numbers in use. */
  live = new Uint32Array(32);
  rateCents = new Int32Array(1024);
  /**
   * Distinct lexemes of each expert's about text that are not in the title part (name, role, expertise), and
   * their sum over the catalogue: the relevance score's length normalisation (catalogue-search.ts).
   */
  aboutLength = new Int32Array(1024);
  aboutLengthSum = 0;
  readonly languages = tagColumn();
  readonly expertise = tagColumn();
  readonly rating: SortedDocs<IndexedExpert>;
  readonly priceAsc: SortedDocs<IndexedExpert>;
  readonly priceDesc: SortedDocs<IndexedExpert>;
  /** Runs of the ascending price order: the experts in a price range. */
  readonly priceRuns: OrderRuns;

  constructor(rows: IndexedRow[]) {
    const all = rows.map((row, no) => this.place(no, row));
    const pairs = () => all.map((doc, no): [number, IndexedExpert] => [no, doc]);
    const docOf = (no: number) => this.docs[no]!;
    this.rating = sortedDocs(byRating, docOf, pairs());
    this.priceAsc = sortedDocs(byPriceAsc, docOf, pairs());
    this.priceDesc = sortedDocs(byPriceDesc, docOf, pairs());
    this.priceRuns = orderRuns(this.priceAsc);
  }

  /** Records `row` as number `no` in the lookups, columns and postings (not the orders). */
  private place(no: number, row: IndexedRow): IndexedExpert {
    const card = toCard(row);
    const title = lexemesOf(row.title);
    // The title part's lexemes are the whole vector's too (the same text): `words` then lists every posting the
    // expert is in, so that removing them finds every one.
    const words = [...new Set([...lexemesOf(row.words), ...title])].map((lexeme) => {
      const posting = this.postingOf(lexeme);
      posting.all.add(no);
      return posting.lexeme;
    });
    for (const lexeme of title) this.postingOf(lexeme).title.add(no);
    const aboutLength = words.length - new Set(title).size;
    const doc: IndexedExpert = { card, rating: card.ratingAvg ?? -1, words };
    this.docs[no] = doc;
    this.byId.set(card.id, no);
    this.bySlug.set(card.slug, no);
    this.live = fitColumn(this.live, no >>> 5);
    this.live[no >>> 5]! |= 1 << (no & 31);
    this.rateCents = fitColumn(this.rateCents, no);
    this.rateCents[no] = card.hourlyRateCents;
    this.aboutLength = fitColumn(this.aboutLength, no);
    this.aboutLength[no] = aboutLength;
    this.aboutLengthSum += aboutLength;
    this.languages.set(no, card.languages);
    this.expertise.set(no, card.expertise);
    return doc;
  }

  private postingOf(lexeme: string): Posting {
    let posting = this.postings.get(lexeme);
    if (!posting) this.postings.set(lexeme, (posting = { lexeme, all: new DocNumbers(), title: new DocNumbers() }));
    return posting;
  }

  /** Takes the expert numbered `no` out of everything. */
  remove(no: number) {
    const doc = this.docs[no];
    if (!doc) return;
    for (const order of [this.rating, this.priceAsc, this.priceDesc]) order.remove(no, doc);
    for (const lexeme of doc.words) {
      const posting = this.postingOf(lexeme);
      posting.all.delete(no);
      posting.title.delete(no);
      if (!posting.all.size) this.postings.delete(lexeme);
    }
    this.aboutLengthSum -= this.aboutLength[no]!;
    this.languages.clear(no, doc.card.languages);
    this.expertise.clear(no, doc.card.expertise);
    this.byId.delete(doc.card.id);
    if (this.bySlug.get(doc.card.slug) === no) this.bySlug.delete(doc.card.slug);
    this.docs[no] = undefined;
    this.live[no >>> 5]! &= ~(1 << (no & 31));
    this.free.push(no);
  }

  /** Adds `row` (a published expert not in the index). */
  add(row: IndexedRow) {
    const no = this.free.pop() ?? this.docs.length;
    const doc = this.place(no, row);
    for (const order of [this.rating, this.priceAsc, this.priceDesc]) order.insert(no, doc);
  }

  posting(lexeme: string): Posting | undefined {
    return this.postings.get(lexeme);
  }
}
