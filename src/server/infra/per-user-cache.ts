/**
 * An in-process cache of answers that belong to one signed-in user — their session check (auth/plugin.ts) and
 * their session list (modules/sessions/routes.ts) — so that a user's repeated reads skip the database
 * (docs/architecture.md "Kept answers"). It is exact, not "eventually" fresh:
 *   - it keeps answers only while the database's change feed is live (db/change-feed.ts); when the feed drops,
 *     everything is forgotten and nothing is kept until it is back;
 *   - a change the feed reports for a user drops that user's answers (a sign-out, password change or role change
 *     on any server, a booking, cancellation, payment or job anywhere);
 *   - a write answered by this process drops its user's answers before the answer leaves (auth/plugin.ts), so
 *     nobody reads their own write stale, even before the notification arrives;
 *   - an answer loaded while a drop happened is not kept (it may predate the change).
 * Entries also expire after `ttlMs` (and at the time given to `set`), which bounds memory, not correctness.
 */
import { LRUCache } from 'lru-cache';

export type PerUserCache<V extends object> = {
  /** The answer under `key`, if kept. */
  get: (key: string) => V | undefined;
  /** The user of the answer under `key`, if kept. */
  userOf: (key: string) => string | undefined;
  /** A stamp to take before loading an answer, for `set`. */
  stamp: () => number;
  /**
   * Keeps `value` (the answer of `userId`) under `key` unless the feed is not live or a drop happened since
   * `stamp`; until `expiresAt` (ms since the epoch) at the latest.
   */
  set: (key: string, userId: string, value: V, stamp: number, expiresAt?: number) => void;
  /** Forgets every answer of `userId`. */
  dropUser: (userId: string) => void;
  /** Forgets everything. */
  clear: () => void;
};

type Entry<V> = { userId: string; value: V };

/**
 * A cache of at most `max` answers (and `maxSize` units of `size`, when given), each kept at most `ttlMs`;
 * `ttlMs` 0 keeps nothing. `live()` tells whether the change feed is live.
 */
export function perUserCache<V extends object>(opts: {
  ttlMs: number;
  max: number;
  live: () => boolean;
  maxSize?: number;
  size?: (value: V) => number;
}): PerUserCache<V> {
  /** The keys of each user's answers. */
  const keysOf = new Map<string, Set<string>>();
  const cache = new LRUCache<string, Entry<V>>({
    max: Math.max(1, opts.max),
    ttl: Math.max(1, opts.ttlMs),
    ...(opts.maxSize && opts.size ? { maxSize: opts.maxSize, sizeCalculation: (entry: Entry<V>) => Math.max(1, opts.size!(entry.value)) } : {}),
    dispose: (entry, key) => {
      const keys = keysOf.get(entry.userId);
      keys?.delete(key);
      if (keys?.size === 0) keysOf.delete(entry.userId);
    },
  });
  /** Counts drops: an answer loaded across one is not kept. */
  let drops = 0;
  return {
    get: (key) => cache.get(key)?.value,
    userOf: (key) => cache.get(key)?.userId,
    stamp: () => drops,
    set: (key, userId, value, stamp, expiresAt) => {
      if (opts.ttlMs <= 0 || stamp !== drops || !opts.live()) return;
      const ttl = Math.min(opts.ttlMs, (expiresAt ?? Infinity) - Date.now());
      if (ttl <= 0) return;
      cache.set(key, { userId, value }, { ttl });
      let keys = keysOf.get(userId);
      if (!keys) keysOf.set(userId, (keys = new Set()));
      keys.add(key);
    },
    dropUser: (userId) => {
      drops++;
      const keys = keysOf.get(userId);
      if (!keys) return;
      for (const key of [...keys]) cache.delete(key);
    },
    clear: () => {
      drops++;
      cache.clear();
    },
  };
}
