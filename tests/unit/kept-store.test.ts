/**
 * The store of kept answers (src/server/cache/store.ts) and the change feed's payloads (src/server/db/change-feed.ts):
 * concurrent misses share one load; a change drops exactly the answers that read a touched row (or any row of a
 * touched table); a load in flight when a change touches it is neither kept nor shared; an expired public answer is
 * served once while one load replaces it; nothing is kept while changes are not heard.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Dependency } from '../../src/server/cache/dependencies.js';
import { keptStore, type Loaded } from '../../src/server/cache/store.js';
import { parsePayload } from '../../src/server/db/change-feed.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const erin: Dependency[] = [{ table: 'experts', row: 'expert:erin' }];
const anyExpert: Dependency[] = [{ table: 'experts' }];

/** A load counting its calls, answering (after `delayMs`) what `value()` was when it started, with `dependsOn`. */
function counted(value: () => string, dependsOn: Dependency[] | null, delayMs = 0) {
  const calls = { n: 0 };
  const load = async (): Promise<Loaded<string>> => {
    calls.n++;
    const v = value();
    await sleep(delayMs);
    return { value: v, dependsOn };
  };
  return { calls, load };
}

describe('kept answers store', () => {
  const store = (o: { staleWhileRevalidate?: boolean; ttlMs?: number; keeping?: () => boolean } = {}) =>
    keptStore<string>({ ttlMs: o.ttlMs ?? 1000, max: 10, staleWhileRevalidate: o.staleWhileRevalidate, keeping: o.keeping ?? (() => true) });

  it('shares one load between concurrent misses and answers later reads from memory', async () => {
    const s = store();
    const { calls, load } = counted(() => 'a', erin, 20);
    expect(await Promise.all([s.get('k', erin, load), s.get('k', erin, load), s.get('k', erin, load)])).toEqual(['a', 'a', 'a']);
    expect(await s.get('k', erin, load)).toBe('a');
    expect(s.peek('k')).toBe('a');
    expect(calls.n).toBe(1);
  });

  it('keeps neither a failed load nor one without dependencies', async () => {
    const s = store();
    await expect(s.get('k', erin, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const { calls, load } = counted(() => 'a', null);
    await s.get('k', erin, load);
    await s.get('k', erin, load);
    expect(calls.n).toBe(2);
  });

  it('drops exactly the answers a change touches: its rows, and answers reading any row of its table', async () => {
    const s = store();
    let version = 'v1';
    await s.get('erin', erin, counted(() => version, erin).load);
    await s.get('omar', erin, counted(() => version, [{ table: 'experts', row: 'expert:omar' }]).load);
    await s.get('all', anyExpert, counted(() => version, anyExpert).load);
    await s.get('slots', erin, counted(() => version, [{ table: 'sessions', row: 'expert:erin' }]).load);
    version = 'v2';
    s.drop({ table: 'experts', rows: ['expert:erin', 'user:u1'] });
    expect([s.peek('erin'), s.peek('omar'), s.peek('all'), s.peek('slots')]).toEqual([undefined, 'v1', undefined, 'v1']);
    s.drop({ table: 'sessions' }); // a TRUNCATE: every row
    expect(s.peek('slots')).toBeUndefined();
  });

  it('neither keeps nor shares a load in flight that a change touches', async () => {
    const s = store();
    let version = 'v1';
    const { load } = counted(() => version, erin, 30);
    const first = s.get('k', erin, load);
    s.drop({ table: 'experts', rows: ['expert:erin'] });
    version = 'v2';
    // A read after the change does not wait for the answer loaded before it.
    expect(await s.get('k', erin, load)).toBe('v2');
    expect(await first).toBe('v1');
    expect(s.peek('k')).toBe('v2');
  });

  it('serves an expired public answer at once while one load replaces it', async () => {
    // The store's freshness reads Date.now(): a faked clock makes "expired" exact, whatever else the machine runs.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      const s = store({ staleWhileRevalidate: true, ttlMs: 200 });
      let version = 'v1';
      const { calls, load } = counted(() => version, erin, 30);
      const first = s.get('k', erin, load);
      await vi.advanceTimersByTimeAsync(30);
      expect(await first).toBe('v1');
      version = 'v2';
      await vi.advanceTimersByTimeAsync(200);
      expect(s.peek('k')).toBeUndefined(); // not fresh: the route's early answer leaves it to the handler
      expect(await Promise.all([s.get('k', erin, load), s.get('k', erin, load)])).toEqual(['v1', 'v1']);
      await vi.advanceTimersByTimeAsync(30);
      expect(await s.get('k', erin, load)).toBe('v2');
      expect(calls.n).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends an answer at the expiry its load gives', async () => {
    const s = store();
    const load = async () => ({ value: 'a', dependsOn: erin, expiresAt: Date.now() + 30 });
    await s.get('k', erin, load);
    expect(s.peek('k')).toBe('a');
    await sleep(50);
    expect(s.peek('k')).toBeUndefined();
  });

  it('keeps nothing while changes are not heard, and forgets everything on clear()', async () => {
    let live = false;
    const s = store({ keeping: () => live });
    const { calls, load } = counted(() => 'a', erin);
    await s.get('k', erin, load);
    await s.get('k', erin, load);
    expect(calls.n).toBe(2);
    live = true;
    await s.get('k', erin, load);
    expect(s.peek('k')).toBe('a');
    s.clear();
    expect(s.peek('k')).toBeUndefined();
  });

  it('keeps nothing with a lifetime of 0', async () => {
    const s = store({ ttlMs: 0 });
    const { calls, load } = counted(() => 'a', erin);
    await s.get('k', erin, load);
    await s.get('k', erin, load);
    expect(calls.n).toBe(2);
  });
});

describe('change feed payloads', () => {
  it('reads a table and its row keys, a truncated table, or a sync token; nothing else', () => {
    expect(parsePayload('{"table":"sessions","rows":["expert:3f2c","user:u-1"]}')).toEqual({ table: 'sessions', rows: ['expert:3f2c', 'user:u-1'] });
    expect(parsePayload('{"table":"experts"}')).toEqual({ table: 'experts' });
    expect(parsePayload('{"sync":"t-1"}')).toEqual({ sync: 't-1' });
    expect(parsePayload('{"table":"files","rows":[]}')).toBeNull();
    expect(parsePayload('{"table":"sessions","rows":["client:1"]}')).toBeNull();
    expect(parsePayload('account:u-1')).toBeNull();
  });
});
