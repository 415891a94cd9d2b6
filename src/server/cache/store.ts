/**
 * A store of kept answers in this process, each with the rows it depends on (dependencies.ts), dropped exactly
 * when the database reports a change of one of them (cache/plugin.ts feeds `drop` from the change feed).
 * Correctness never rests on the lifetime: `ttlMs` bounds memory, and for answers that depend on the clock too
 * (bookable times cross the booking lead), how old they may get.
 *
 * - Concurrent misses of one key share one load; a failed load, or one whose dependencies are null, is not kept.
 * - A load in flight while a change touching its declared dependencies arrives is not kept, and from then on is no
 *   longer shared: a read after the change never waits for an answer computed before it.
 * - With `staleWhileRevalidate`, an answer older than `ttlMs` (but younger than 2 × `ttlMs`) still answers at
 *   once while one background load replaces it, so a popular key never queues requests on the database.
 * - `expiresAt` (ms since the epoch, from the load) ends an answer earlier (a sign-in session's expiry).
 */
import { LRUCache } from 'lru-cache';
import { touches, type Dependency, type Table, type TableChange } from './dependencies.js';

/** What a load gives: the value, and what it was read from (null: answer it, but keep nothing). */
export type Loaded<V> = { value: V; dependsOn: Dependency[] | null; expiresAt?: number };

export type KeptStore<V> = {
  /**
   * The kept value for `key`, or the value `load()` gives, kept under `key` until a change touches `dependsOn`.
   * `inFlight` are the dependencies known before loading: a superset of what the load will name (a whole table
   * where only the answer tells which rows), used while the load runs.
   */
  get: (key: string, inFlight: Dependency[], load: () => Promise<Loaded<V>>) => Promise<V>;
  /** The value kept for `key` when it is loaded and fresh, at once; undefined otherwise. */
  peek: (key: string) => V | undefined;
  /** Drops every answer `change` touches, and stops keeping loads in flight that it may touch. */
  drop: (change: TableChange) => void;
  /** Drops everything, including loads in flight (the change feed stopped: changes may have been missed). */
  clear: () => void;
};

type Entry<V> = {
  value: Promise<V>;
  loaded?: V;
  settled: boolean;
  freshUntil: number;
  refreshing: boolean;
  dependsOn: Dependency[];
};

/**
 * A load running for `key`: dropped (not kept) when a change touches `dependsOn` before it finishes; `entry` is
 * what stands for it in the map meanwhile (null for a refresh, which leaves the old answer there).
 */
type Flight<V> = { key: string; entry: Entry<V> | null; dependsOn: Dependency[]; dropped: boolean };

const rowIndexKey = (table: Table, row: string) => `${table}\u0000${row}`;

/**
 * A store keeping at most `max` answers (and `maxSize` units of `size`, when given), each for `ttlMs` at most;
 * `ttlMs` 0 keeps nothing. `keeping()` tells whether changes are being heard (the feed is live): while it is
 * false nothing is kept.
 */
export function keptStore<V>(opts: {
  ttlMs: number;
  max: number;
  staleWhileRevalidate?: boolean;
  maxSize?: number;
  size?: (value: V) => number;
  keeping: () => boolean;
}): KeptStore<V> {
  const lifetime = opts.staleWhileRevalidate ? 2 * opts.ttlMs : opts.ttlMs;
  /** Keys of the kept answers that read any row of a table, per table. */
  const byTable = new Map<Table, Set<string>>();
  /** Keys of the kept answers that read a table's row, per (table, row key); and of those reading any row. */
  const byRow = new Map<string, Set<string>>();
  const index = (dependency: Dependency) => (dependency.row ? rowIndexKey(dependency.table, dependency.row) : dependency.table);
  const unindex = (key: string, entry: Entry<V>) => {
    for (const dependency of entry.dependsOn) {
      byRow.get(index(dependency))?.delete(key);
      byTable.get(dependency.table)?.delete(key);
    }
  };
  const cache = new LRUCache<string, Entry<V>>({
    max: Math.max(1, opts.max),
    ttl: Math.max(1, lifetime),
    ...(opts.maxSize && opts.size
      ? { maxSize: opts.maxSize, sizeCalculation: (entry: Entry<V>) => (entry.settled ? Math.max(1, opts.size!(entry.loaded as V)) : 1) }
      : {}),
    dispose: (entry, key) => unindex(key, entry),
  });
  const flights = new Set<Flight<V>>();

  const keep = (key: string, entry: Entry<V>, loaded: Loaded<V>) => {
    if (!loaded.dependsOn) return false;
    const ttl = Math.min(lifetime, (loaded.expiresAt ?? Infinity) - Date.now());
    if (ttl <= 0) return false;
    entry.dependsOn = loaded.dependsOn;
    cache.set(key, entry, { ttl });
    for (const dependency of entry.dependsOn) {
      const rowKey = index(dependency);
      if (!byRow.has(rowKey)) byRow.set(rowKey, new Set());
      byRow.get(rowKey)!.add(key);
      if (!byTable.has(dependency.table)) byTable.set(dependency.table, new Set());
      byTable.get(dependency.table)!.add(key);
    }
    return true;
  };

  /** Forgets `entry` when it still stands for `key`. */
  const forget = (key: string, entry: Entry<V> | null) => {
    if (entry && cache.get(key, { allowStale: true }) === entry) cache.delete(key);
  };

  /** Runs `load` as a flight; resolves with its value, kept under `key` (replacing `entry`) unless dropped meanwhile. */
  const fly = (key: string, inFlight: Dependency[], load: () => Promise<Loaded<V>>, entry: Entry<V> | null): Promise<V> => {
    const flight: Flight<V> = { key, entry, dependsOn: inFlight, dropped: !opts.keeping() };
    flights.add(flight);
    return load().then(
      (loaded) => {
        flights.delete(flight);
        const kept: Entry<V> = {
          value: Promise.resolve(loaded.value),
          loaded: loaded.value,
          settled: true,
          freshUntil: Date.now() + opts.ttlMs,
          refreshing: false,
          dependsOn: [],
        };
        if (flight.dropped || !opts.keeping() || !keep(key, kept, loaded)) forget(key, entry);
        return loaded.value;
      },
      (error: unknown) => {
        flights.delete(flight);
        forget(key, entry);
        throw error;
      },
    );
  };

  if (opts.ttlMs <= 0) return { get: async (_key, _deps, load) => (await load()).value, peek: () => undefined, drop: () => {}, clear: () => {} };

  return {
    get: (key, inFlight, load) => {
      const hit = cache.get(key);
      if (!hit) {
        // In the map while it loads, so concurrent misses share it; `dependsOn` indexes nothing until it is kept.
        const entry: Entry<V> = { value: Promise.resolve(undefined as V), settled: false, freshUntil: 0, refreshing: false, dependsOn: [] };
        entry.value = fly(key, inFlight, load, entry);
        entry.value.catch(() => undefined);
        if (opts.keeping()) cache.set(key, entry, { ttl: Math.max(1, lifetime) });
        return entry.value;
      }
      if (opts.staleWhileRevalidate && hit.settled && !hit.refreshing && hit.freshUntil <= Date.now()) {
        // Serve the old value; a newer one replaces it once loaded (a failed refresh keeps the old one).
        hit.refreshing = true;
        fly(key, inFlight, load, null).catch(() => void (hit.refreshing = false));
      }
      return hit.value;
    },
    peek: (key) => {
      const hit = cache.get(key);
      return hit?.settled && (!opts.staleWhileRevalidate || hit.freshUntil > Date.now()) ? hit.loaded : undefined;
    },
    drop: (change) => {
      for (const flight of flights) {
        if (flight.dropped || !flight.dependsOn.some((dependency) => touches(change, dependency))) continue;
        flight.dropped = true;
        // It leaves the map too: a read from now on starts its own load.
        forget(flight.key, flight.entry);
      }
      const keys = new Set<string>();
      if (!change.rows) for (const key of byTable.get(change.table) ?? []) keys.add(key);
      else {
        for (const key of byRow.get(change.table) ?? []) keys.add(key);
        for (const row of change.rows) for (const key of byRow.get(rowIndexKey(change.table, row)) ?? []) keys.add(key);
      }
      for (const key of keys) cache.delete(key);
    },
    clear: () => {
      for (const flight of flights) flight.dropped = true;
      cache.clear();
    },
  };
}
