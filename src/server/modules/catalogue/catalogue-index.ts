/**
 * The catalogue index: every published expert's card, filter values, listing orders and search lexemes, held in
 * this server's memory so that a search nobody asked before is answered without reading experts from the
 * database (docs/decisions/027-search-index-in-memory.md). The words come from the database's own english
 * full-text vectors (`title_vector`, `search_vector`, migration 0015), so stemming stays PostgreSQL's.
 *
 * Fresh as the database: the change feed (db/change-feed.ts, migration 0016) reports every committed change of
 * `experts` — by any route, job, script or server — and this index reloads exactly those rows before the next
 * search; a write's answer waits until its server has heard its notifications (cache/plugin.ts), so the writer's
 * next search sees it. Only the first whole read is waited for (the server is not ready before it, http/health.ts).
 * After it, a whole read — the feed went down and changes may have been missed, or a TRUNCATE — runs in the background
 * while searches read what the index holds: with the feed down, one whole read at most every `wholeReadGapMs` after the
 * last one ended, so a search answers from a catalogue at most that gap plus two whole reads old (docs/performance.md
 * "Catalogue index").
 */
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { isUuid } from '../../../shared/ids.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import { CatalogueContents, type IndexedRow } from './catalogue-contents.js';
import type { WordLexeme } from './search-words.js';
import { cardColumns } from '../experts/service.js';

export type CatalogueIndex = {
  /**
   * Resolves once every change heard before the call is in the index; the first call once the whole catalogue has
   * been read. Afterwards, while a whole read is due or running (the feed is down, or was), at once: the index
   * keeps answering with what it holds, and the read runs in the background. Rejects when the read it waited for failed.
   */
  fresh: () => Promise<void>;
  /** True once a whole read has finished: searches no longer wait for one. */
  loaded: () => boolean;
  /** What the index holds now: read by one search at a time, synchronously (a reload swaps in new contents). */
  contents: () => CatalogueContents;
  /**
   * Each of `words`' lexeme (search-words.ts): kept per word, the words no expert has until the catalogue
   * changes; `lookUp` reads those not kept (one round trip for all of them).
   */
  wordLexemes: (words: string[], lookUp: (words: string[]) => Promise<WordLexeme[]>) => Promise<WordLexeme[]>;
};

/** Words whose lexemes are kept, each kind (about 100 bytes a word). */
const maxKeptWords = 50_000;

/**
 * With the feed down, the least time from the end of one background whole read to the start of the next: each reads
 * every published expert (2.3 s at 100 000, docs/performance.md), so back to back they would load the database.
 */
export const wholeReadGapMs = 5000;

/** Rows read per round trip of a whole reload, so memory holds one batch of rows at a time besides the index. */
const reloadBatch = 5000;

// The vectors' lexemes as one string each, split here: far cheaper to read than text arrays. Lexemes of the
// english configuration never hold a space.
const columns = {
  ...cardColumns,
  title: sql<string>`array_to_string(tsvector_to_array(${experts.titleVector}), ' ')`,
  words: sql<string>`array_to_string(tsvector_to_array(${experts.searchVector}), ' ')`,
};

/** Reads published experts: all of them (in batches by id), or those named by `keys` (uuids and slugs). */
async function readAll(db: Db): Promise<IndexedRow[]> {
  const all: IndexedRow[] = [];
  let after: string | null = null;
  for (;;) {
    const rows: IndexedRow[] = await db
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

async function readNamed(db: Db, keys: string[]): Promise<IndexedRow[]> {
  const ids = keys.filter(isUuid).map((key) => key.toLowerCase());
  const rows: IndexedRow[] = await db
    .select(columns)
    .from(experts)
    .where(and(eq(experts.status, 'published'), or(ids.length ? inArray(experts.id, ids) : undefined, inArray(experts.slug, keys))));
  return rows;
}

/**
 * The catalogue index of `db`, kept fresh by `feed`. Nothing is read until the first `fresh()` (app.ts asks for it
 * when the server is ready, and /readyz answers 503 until it has finished). `onBackgroundFailure` hears the failures
 * of whole reads run in the background (retried by a later search, `wholeReadGapMs` after).
 */
export function catalogueIndex(db: Db, feed: ChangeFeed, onBackgroundFailure: (error: unknown) => void): CatalogueIndex {
  let contents = new CatalogueContents([]);
  /** Everything must be read again: never read yet, the feed lost notifications, or a TRUNCATE. */
  let stale = true;
  /** A TRUNCATE of experts was heard since the last whole read began: the next search waits for a whole read. */
  let truncated = false;
  /** Experts (uuids and slugs, as the notifications name them) changed since they were last read. */
  let changed = new Set<string>();
  /** A whole read has finished; when the last whole read ended (ms since the epoch); a whole read is running. */
  let loaded = false;
  let wholeEndedAt = 0;
  let wholeRunning = false;
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
      if (!change.rows) stale = truncated = true;
      else for (const row of change.rows) if (row.startsWith('expert:')) changed.add(row.slice('expert:'.length));
    }
  });

  const reload = async () => {
    otherWords = new LRUCache({ max: maxKeptWords });
    if (stale || !feed.live()) {
      // Changes heard from here on are read again afterwards; those before are in this read.
      stale = truncated = false;
      changed = new Set();
      wholeRunning = true;
      try {
        contents = new CatalogueContents(await readAll(db));
        loaded = true;
      } finally {
        wholeRunning = false;
        wholeEndedAt = Date.now();
      }
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

  /** Starts the next reload, or gives the one running. */
  const start = () =>
    (reloading ??= (begun++, reload()).then(
      () => void (ended++, (reloading = null)),
      (error: unknown) => {
        // What the failed read had taken out of `changed` is read again, whole, by the next one.
        stale = true;
        ended++;
        reloading = null;
        throw error;
      },
    ));

  return {
    fresh: async () => {
      // With the feed down no change is heard, so nothing read before this call can be trusted.
      if (!feed.live()) stale = true;
      // A reload reads the changes heard before it begins: one begun after this call (or the one running, when
      // nothing has changed since it began) has every change heard before the call.
      const needed = stale || changed.size ? begun + 1 : begun;
      while (ended < needed) {
        if (loaded && !truncated && (stale || wholeRunning)) {
          // A whole read after the first (changes may have been missed): in the background, the searches meanwhile
          // answered from the index as it is.
          if (!reloading && Date.now() - wholeEndedAt >= (feed.live() ? 0 : wholeReadGapMs)) start().catch(onBackgroundFailure);
          return;
        }
        await start();
      }
    },
    loaded: () => loaded,
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
    contents: () => contents,
  };
}
