/**
 * A small in-process micro-cache for public, anonymous reads (the expert catalogue): entries live `ttlMs`
 * and are cleared on writes made through this process. Across several servers an entry is at most
 * `ttlMs` stale, which the catalogue tolerates; anything per-user or about money is never cached.
 */
import { LRUCache } from 'lru-cache';

export type MicroCache<T extends object> = {
  /** The cached value for `key`, or the result of `load()` stored under it. Concurrent misses share one load. */
  get: (key: string, load: () => Promise<T>) => Promise<T>;
  clear: () => void;
};

export function microCache<T extends object>(opts: { ttlMs: number; max: number }): MicroCache<T> {
  const cache = new LRUCache<string, Promise<T>>({ max: opts.max, ttl: opts.ttlMs });
  return {
    get: (key, load) => {
      const hit = cache.get(key);
      if (hit) return hit;
      const pending = load().catch((err) => {
        cache.delete(key);
        throw err;
      });
      cache.set(key, pending);
      return pending;
    },
    clear: () => cache.clear(),
  };
}
