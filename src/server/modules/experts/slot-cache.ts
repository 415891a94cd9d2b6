/**
 * A short-lived cache of the public slot answers (GET /api/experts/{idOrSlug}/slots and …/availability-days), as
 * JSON bytes keyed by (expert as asked, the query: its URL). Built on the catalogue's
 * micro-cache (src/server/infra/cache.ts): fresh for `ttlMs` (SLOTS_CACHE_MS, default 2 s), then served once more
 * while one background load replaces it, so an answer is at most about 2 × `ttlMs` old.
 *
 * Invalidation in this process:
 *   - `expertChanged(expertId)`: a session of that expert was booked, reserved, cancelled or expired here
 *     (SessionDeps.busyChanged); the expert's cached answers are never used again (their keys carry a
 *     per-expert version, and a slug is mapped to its expert's id once its first answer has loaded);
 *   - `clear()`: any other successful write through this process (availability, profile, admin, webhooks: the
 *     same hook in app.ts that clears the catalogue).
 * Other servers, and the reservation-expiry job, show a change within the TTL. Staleness can never double-book:
 * a booking re-reads the slots uncached and the database's exclusion constraint refuses a taken slot (409). A
 * slot that crossed the 2-hour lead while cached is refused the same way. Nothing per-user is cached.
 */
import { LRUCache } from 'lru-cache';
import { microCache } from '../../infra/cache.js';

export type SlotCache = {
  /**
   * The JSON bytes of the answer for expert `idOrSlug` and `query` (any string naming the rest of the request);
   * on a miss `load()` gives the expert's id and the text. A failed load (e.g. 404) is not kept.
   */
  get: (idOrSlug: string, query: string, load: () => Promise<{ expertId: string; body: Buffer }>) => Promise<Buffer>;
  /** The fresh answer kept for `idOrSlug` and `query`, at once; undefined when there is none. */
  peek: (idOrSlug: string, query: string) => Buffer | undefined;
  /** The busy times of expert `expertId` (uuid) changed through this process. */
  expertChanged: (expertId: string) => void;
  /** Drops every answer. */
  clear: () => void;
};

/** A slot cache fresh for `ttlMs` (0 caches nothing), keeping at most `max` answers. */
export function slotCache(opts: { ttlMs: number; max: number }): SlotCache {
  const answers = microCache(opts);
  /** Expert id of each slug or uuid asked for, once known. */
  const ids = new LRUCache<string, string>({ max: 100_000 });
  /** Per expert, a number that changes whenever their busy times change here (never reused: one counter). */
  const versions = new LRUCache<string, number>({ max: 100_000 });
  let changes = 0;
  // The key of an answer. Until the expert behind `idOrSlug` is known, its answers carry version 0, as do those of
  // an expert without changes (only a load in flight while the first change happens may then be served once).
  const keyOf = (idOrSlug: string, query: string) => {
    const id = ids.get(idOrSlug);
    const version = id === undefined ? 0 : (versions.get(id) ?? 0);
    return `${idOrSlug}\u0000${version}\u0000${query}`;
  };
  return {
    peek: (idOrSlug, query) => answers.peek(keyOf(idOrSlug, query)) as Buffer | undefined,
    get: (idOrSlug, query, load) =>
      answers.get(keyOf(idOrSlug, query), async () => {
        const { expertId, body } = await load();
        ids.set(idOrSlug, expertId);
        return body;
      }),
    expertChanged: (expertId) => void versions.set(expertId, ++changes),
    clear: () => {
      answers.clear();
      ids.clear();
    },
  };
}
