/**
 * A small in-process micro-cache for public, anonymous reads (the expert catalogue): entries are fresh for
 * `ttlMs` and are cleared on writes made through this process. Across several servers an entry is at most
 * about `ttlMs` stale, which the catalogue tolerates; anything per-user or about money is never cached.
 *
 * Stale-while-revalidate: a read of an entry older than `ttlMs` (but younger than 2 × `ttlMs`) still answers
 * at once with the old value while one background load replaces it, so a popular key never makes a queue of
 * requests wait for the database when it expires. `clear()` drops everything, including loads in flight.
 */
import { LRUCache } from 'lru-cache';

export type MicroCache = {
  /** The cached value for `key`, or the result of `load()` stored under it. Concurrent misses share one load; a failed load is not kept. */
  get: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /** The value for `key` when it has loaded and is fresh, at once (no promise); undefined otherwise. */
  peek: (key: string) => unknown;
  clear: () => void;
};

type Entry = { value: Promise<unknown>; freshUntil: number; settled: boolean; refreshing: boolean; loaded?: unknown };

/** A micro-cache keeping at most `max` entries, fresh for `ttlMs` each; `ttlMs` 0 caches nothing. */
export function microCache(opts: { ttlMs: number; max: number }): MicroCache {
  if (opts.ttlMs <= 0) return { get: (_key, load) => load(), peek: () => undefined, clear: () => {} };
  const now = () => Date.now();
  const cache = new LRUCache<string, Entry>({ max: opts.max, ttl: 2 * opts.ttlMs });
  // Bumped by clear(): a load started before a write never lands in the cache after it.
  let generation = 0;

  const start = (key: string, load: () => Promise<unknown>): Entry => {
    const entry: Entry = { value: load(), freshUntil: now() + opts.ttlMs, settled: false, refreshing: false };
    entry.value.then(
      (value) => {
        entry.loaded = value;
        entry.settled = true;
      },
      () => {
        if (cache.get(key, { allowStale: true }) === entry) cache.delete(key);
      },
    );
    cache.set(key, entry);
    return entry;
  };

  return {
    get: <T>(key: string, load: () => Promise<T>) => {
      const hit = cache.get(key);
      if (!hit) return start(key, load).value as Promise<T>;
      if (hit.freshUntil <= now() && hit.settled && !hit.refreshing) {
        // Serve the old value; replace it when the new one has loaded (a failed refresh keeps the old one).
        hit.refreshing = true;
        const startedIn = generation;
        load().then(
          (value) => {
            if (startedIn === generation)
              cache.set(key, { value: Promise.resolve(value), freshUntil: now() + opts.ttlMs, settled: true, refreshing: false, loaded: value });
          },
          () => void (hit.refreshing = false),
        );
      }
      return hit.value as Promise<T>;
    },
    peek: (key) => {
      const hit = cache.get(key);
      return hit?.settled && hit.freshUntil > now() ? hit.loaded : undefined;
    },
    clear: () => {
      generation++;
      cache.clear();
    },
  };
}
