/**
 * A small in-process micro-cache for public, anonymous reads (the expert catalogue): entries live `ttlMs`
 * and are cleared on writes made through this process. Across several servers an entry is at most
 * `ttlMs` stale, which the catalogue tolerates; anything per-user or about money is never cached.
 */
import { LRUCache } from 'lru-cache';

export type MicroCache = {
  /** The cached value for `key`, or the result of `load()` stored under it. Concurrent misses share one load; a failed load is not kept. */
  get: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  clear: () => void;
};

/** A micro-cache keeping at most `max` entries for `ttlMs` each; `ttlMs` 0 caches nothing. */
export function microCache(opts: { ttlMs: number; max: number }): MicroCache {
  if (opts.ttlMs <= 0) return { get: (_key, load) => load(), clear: () => {} };
  const cache = new LRUCache<string, Promise<unknown>>({ max: opts.max, ttl: opts.ttlMs });
  return {
    get: <T>(key: string, load: () => Promise<T>) => {
      const hit = cache.get(key) as Promise<T> | undefined;
      if (hit) return hit;
      const pending = load().catch((err: unknown) => {
        cache.delete(key);
        throw err;
      });
      cache.set(key, pending);
      return pending;
    },
    clear: () => cache.clear(),
  };
}
