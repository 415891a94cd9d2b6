/**
 * The catalogue index: every published expert's card, filter values, listing orders and search lexemes, held in
 * this server's memory so that a search nobody asked before is answered without reading experts from the
 * database (docs/decisions/027-search-index-in-memory.md). The words come from the database's own english
 * full-text vectors (`title_vector`, `search_vector`, migration 0015), so stemming stays PostgreSQL's.
 *
 * Fresh as the database: the change feed (db/change-feed.ts, migration 0016) reports every committed change of
 * `experts` — by any route, job, script or server — and this index reloads exactly those rows before the next
 * search; a write's answer waits until its server has heard its notifications (cache/plugin.ts), so the writer's
 * next search sees it. While the feed is down every search waits for a whole reload begun after it arrived.
 */
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { ExpertCard } from '../../../shared/schemas/experts.js';
import { isUuid } from '../../../shared/ids.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import { cardColumns, toCard, type CardRow } from './service.js';
import type { WordLexeme } from './search-words.js';
import { sortedDocs, type SortedDocs } from './sorted-docs.js';
import { tagColumn, type TagColumn } from './tag-column.js';

/** One published expert as searches read it. */
export type IndexedExpert = {
  card: ExpertCard;
  /** Rating for ordering: the average, or -1 without reviews (last, as `rating_avg desc nulls last`). */
  rating: number;
  /** Lexemes of name, role, expertise and about (`search_vector`), each string shared with its posting. */
  words: string[];
};

/**
 * The experts having a lexeme, anywhere and in the title part (name, role, expertise: `title_vector`), as a search
 * reads them: lists of numbers when few; bit sets (bit `no & 31` of word `no >> 5`) when more than one expert in
 * 32 has it, which take no more memory than the list and are tested without counting.
 */
export type PostingView = { kind: 'list'; all: Int32Array; title: Int32Array } | { kind: 'bits'; all: Uint32Array; title: Uint32Array; titleSize: number };

type Posting = { lexeme: string; all: Set<number>; title: Set<number>; view?: PostingView };

const bitSet = (numbers: Set<number>, capacity: number) => {
  const bits = new Uint32Array((capacity + 31) >>> 5);
  for (const no of numbers) bits[no >>> 5]! |= 1 << (no & 31);
  return bits;
};

export type CatalogueIndex = {
  /** Resolves once every change heard before the call is in the index (and, with the feed down, after a whole reload). */
  fresh: () => Promise<void>;
  /** The document numbered `no` (numbers in the listing orders and postings); undefined once removed. */
  doc: (no: number) => IndexedExpert | undefined;
  /** Numbers of the experts having `lexeme` anywhere and in the title part, or undefined when nobody has it. */
  posting: (lexeme: string) => PostingView | undefined;
  /** Listing orders (docs/product.md "Search and catalogue"): by rating; by price up or down, then by rating. */
  orders: { rating: number[]; priceAsc: number[]; priceDesc: number[] };
  /** One more than the highest document number (the size of per-document scratch arrays). */
  capacity: () => number;
  /**
   * Each of `words`' lexeme (search-words.ts): kept per word, the words no expert has until the catalogue
   * changes; `lookUp` reads those not kept (one round trip for all of them).
   */
  wordLexemes: (words: string[], lookUp: (words: string[]) => Promise<WordLexeme[]>) => Promise<WordLexeme[]>;
  /** Filter columns by document number: hourly rates in cents, languages, expertise areas. */
  rateCents: () => Int32Array;
  languages: () => TagColumn;
  expertise: () => TagColumn;
};

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

/** Words whose lexemes are kept, each kind (about 100 bytes a word). */
const maxKeptWords = 50_000;

/** Rows read per round trip of a whole reload, so memory holds one batch of rows at a time besides the index. */
const reloadBatch = 5000;

// The vectors' lexemes as one string each, split here: far cheaper to read than text arrays. Lexemes of the
// english configuration never hold a space.
const columns = {
  ...cardColumns,
  title: sql<string>`array_to_string(tsvector_to_array(${experts.titleVector}), ' ')`,
  words: sql<string>`array_to_string(tsvector_to_array(${experts.searchVector}), ' ')`,
};
type Row = CardRow & { title: string; words: string };
const lexemesOf = (text: string) => (text ? text.split(' ') : []);

/** The contents of the index; a whole reload builds a new one and swaps it in. */
class Contents {
  readonly docs: (IndexedExpert | undefined)[] = [];
  readonly byId = new Map<string, number>();
  readonly bySlug = new Map<string, number>();
  readonly postings = new Map<string, Posting>();
  readonly free: number[] = [];
  rateCents = new Int32Array(1024);
  readonly languages = tagColumn();
  readonly expertise = tagColumn();
  readonly rating: SortedDocs<IndexedExpert>;
  readonly priceAsc: SortedDocs<IndexedExpert>;
  readonly priceDesc: SortedDocs<IndexedExpert>;

  constructor(rows: Row[]) {
    const all = rows.map((row, no) => this.place(no, row));
    const pairs = () => all.map((doc, no): [number, IndexedExpert] => [no, doc]);
    const docOf = (no: number) => this.docs[no]!;
    this.rating = sortedDocs(byRating, docOf, pairs());
    this.priceAsc = sortedDocs(byPriceAsc, docOf, pairs());
    this.priceDesc = sortedDocs(byPriceDesc, docOf, pairs());
  }

  /** Records `row` as number `no` in the lookups, columns and postings (not the orders). */
  private place(no: number, row: Row): IndexedExpert {
    const card = toCard(row);
    const words = lexemesOf(row.words).map((lexeme) => {
      const posting = this.postingOf(lexeme);
      posting.all.add(no);
      return posting.lexeme;
    });
    for (const lexeme of lexemesOf(row.title)) this.postingOf(lexeme).title.add(no);
    const doc: IndexedExpert = { card, rating: card.ratingAvg ?? -1, words };
    this.docs[no] = doc;
    this.byId.set(card.id, no);
    this.bySlug.set(card.slug, no);
    if (no >= this.rateCents.length) {
      const grown = new Int32Array(Math.max(no + 1, this.rateCents.length * 2));
      grown.set(this.rateCents);
      this.rateCents = grown;
    }
    this.rateCents[no] = card.hourlyRateCents;
    this.languages.set(no, card.languages);
    this.expertise.set(no, card.expertise);
    return doc;
  }

  private postingOf(lexeme: string): Posting {
    let posting = this.postings.get(lexeme);
    if (!posting) this.postings.set(lexeme, (posting = { lexeme, all: new Set(), title: new Set() }));
    // Its view is made again when next read.
    posting.view = undefined;
    return posting;
  }

  /** Takes the expert numbered `no` out of everything. */
  remove(no: number) {
    const doc = this.docs[no];
    if (!doc) return;
    for (const order of [this.rating, this.priceAsc, this.priceDesc]) order.remove(no, doc);
    // The title part's lexemes are among the vector's (the same text and more).
    for (const lexeme of doc.words) {
      const posting = this.postingOf(lexeme);
      posting.all.delete(no);
      posting.title.delete(no);
      if (!posting.all.size) this.postings.delete(lexeme);
    }
    this.languages.clear(no, doc.card.languages);
    this.expertise.clear(no, doc.card.expertise);
    this.byId.delete(doc.card.id);
    if (this.bySlug.get(doc.card.slug) === no) this.bySlug.delete(doc.card.slug);
    this.docs[no] = undefined;
    this.free.push(no);
  }

  /** Adds `row` (a published expert not in the index). */
  add(row: Row) {
    const no = this.free.pop() ?? this.docs.length;
    const doc = this.place(no, row);
    for (const order of [this.rating, this.priceAsc, this.priceDesc]) order.insert(no, doc);
  }

  posting(lexeme: string): PostingView | undefined {
    const posting = this.postings.get(lexeme);
    if (!posting) return undefined;
    const capacity = this.docs.length;
    posting.view ??=
      posting.all.size * 32 > capacity
        ? { kind: 'bits', all: bitSet(posting.all, capacity), title: bitSet(posting.title, capacity), titleSize: posting.title.size }
        : { kind: 'list', all: Int32Array.from(posting.all), title: Int32Array.from(posting.title) };
    return posting.view;
  }
}

/** Reads published experts: all of them (in batches by id), or those named by `keys` (uuids and slugs). */
async function readAll(db: Db): Promise<Row[]> {
  const all: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const rows: Row[] = await db
      .select(columns)
      .from(experts)
      .where(and(eq(experts.status, 'published'), after === null ? undefined : gt(experts.id, after)))
      .orderBy(asc(experts.id))
      .limit(reloadBatch);
    all.push(...rows);
    if (rows.length < reloadBatch) return all;
    after = rows[rows.length - 1]!.id;
  }
}

async function readNamed(db: Db, keys: string[]): Promise<Row[]> {
  const ids = keys.filter(isUuid).map((key) => key.toLowerCase());
  const rows: Row[] = await db
    .select(columns)
    .from(experts)
    .where(and(eq(experts.status, 'published'), or(ids.length ? inArray(experts.id, ids) : undefined, inArray(experts.slug, keys))));
  return rows;
}

/**
 * The catalogue index of `db`, kept fresh by `feed`. Nothing is read until the first `fresh()` (the experts
 * routes ask for it when the server is ready, so the first visitor does not wait for the whole catalogue).
 */
export function catalogueIndex(db: Db, feed: ChangeFeed): CatalogueIndex {
  let contents = new Contents([]);
  /** Everything must be read again: never read yet, the feed lost notifications, or a TRUNCATE. */
  let stale = true;
  /** Experts (uuids and slugs, as the notifications name them) changed since they were last read. */
  let changed = new Set<string>();
  /** The reload running, if any, and how many reloads have begun and ended (one at a time). */
  let reloading: Promise<void> | null = null;
  let begun = 0;
  let ended = 0;
  // The words people search with are few next to their combinations. A known word's lexeme never changes; any
  // other word's answer may change with any change of experts (a new word, a nearer typo correction).
  const knownWords = new LRUCache<string, WordLexeme>({ max: maxKeptWords });
  let otherWords = new LRUCache<string, WordLexeme>({ max: maxKeptWords });

  feed.subscribe((change) => {
    if (change.kind === 'lost') stale = true;
    else if (change.kind === 'table' && change.table === 'experts') {
      if (!change.rows) stale = true;
      else for (const row of change.rows) if (row.startsWith('expert:')) changed.add(row.slice('expert:'.length));
    }
  });

  const reload = async () => {
    otherWords = new LRUCache({ max: maxKeptWords });
    if (stale || !feed.live()) {
      // Changes heard from here on are read again afterwards; those before are in this read.
      stale = false;
      changed = new Set();
      contents = new Contents(await readAll(db));
      return;
    }
    const keys = [...changed];
    changed = new Set();
    const rows = await readNamed(db, keys);
    for (const key of keys) {
      const no = contents.byId.get(key.toLowerCase()) ?? contents.bySlug.get(key);
      if (no !== undefined) contents.remove(no);
    }
    for (const row of rows) {
      // A row named only by its new slug may still be in the index under its id.
      const no = contents.byId.get(row.id);
      if (no !== undefined) contents.remove(no);
      contents.add(row);
    }
  };

  return {
    fresh: async () => {
      // With the feed down no change is heard, so nothing read before this call can be trusted.
      if (!feed.live()) stale = true;
      // A reload reads the changes heard before it begins: one begun after this call (or the one running, when
      // nothing has changed since it began) has every change heard before the call.
      const needed = stale || changed.size ? begun + 1 : begun;
      while (ended < needed) {
        reloading ??= (begun++, reload()).then(
          () => void (ended++, (reloading = null)),
          (error: unknown) => {
            // What the failed read had taken out of `changed` is read again, whole, by the next one.
            stale = true;
            ended++;
            reloading = null;
            throw error;
          },
        );
        await reloading;
      }
    },
    wordLexemes: async (words, lookUp) => {
      const kept = (word: string) => knownWords.get(word) ?? otherWords.get(word);
      const missing = words.filter((word) => !kept(word));
      if (missing.length) {
        const others = otherWords;
        const found = await lookUp(missing);
        missing.forEach((word, i) => {
          const answer = found[i]!;
          // An answer read while the catalogue changed is used once, not kept.
          if (answer.known) knownWords.set(word, answer);
          else if (others === otherWords) others.set(word, answer);
        });
        return words.map((word) => kept(word) ?? found[missing.indexOf(word)]!);
      }
      return words.map((word) => kept(word)!);
    },
    doc: (no) => contents.docs[no],
    posting: (lexeme) => contents.posting(lexeme),
    get orders() {
      return { rating: contents.rating.order, priceAsc: contents.priceAsc.order, priceDesc: contents.priceDesc.order };
    },
    capacity: () => contents.docs.length,
    rateCents: () => contents.rateCents,
    languages: () => contents.languages,
    expertise: () => contents.expertise,
  };
}
