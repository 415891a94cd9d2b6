/**
 * The per-user cache (src/server/infra/per-user-cache.ts) and the change payloads it is driven by
 * (src/server/db/change-feed.ts): nothing is kept while the change feed is down, a drop for a user forgets all of
 * that user's answers and no other user's, an answer loaded across any drop is not kept, and entries end at
 * their expiry time and within the size budget.
 */
import { describe, expect, it } from 'vitest';
import { parseChange } from '../../src/server/db/change-feed.js';
import { perUserCache } from '../../src/server/infra/per-user-cache.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('per-user cache', () => {
  it('keeps answers per key and forgets every answer of one user on a drop, and only theirs', () => {
    const cache = perUserCache<{ n: number }>({ ttlMs: 10_000, max: 100, live: () => true });
    cache.set('cookie-a1', 'ann', { n: 1 }, cache.stamp());
    cache.set('cookie-a2', 'ann', { n: 2 }, cache.stamp());
    cache.set('cookie-b', 'bob', { n: 3 }, cache.stamp());
    expect(cache.get('cookie-a1')).toEqual({ n: 1 });
    expect(cache.userOf('cookie-a2')).toBe('ann');
    cache.dropUser('ann');
    expect(cache.get('cookie-a1')).toBeUndefined();
    expect(cache.get('cookie-a2')).toBeUndefined();
    expect(cache.get('cookie-b')).toEqual({ n: 3 });
    cache.clear();
    expect(cache.get('cookie-b')).toBeUndefined();
  });

  it('keeps nothing while the change feed is down', () => {
    let live = false;
    const cache = perUserCache<{ n: number }>({ ttlMs: 10_000, max: 100, live: () => live });
    cache.set('k', 'ann', { n: 1 }, cache.stamp());
    expect(cache.get('k')).toBeUndefined();
    live = true;
    cache.set('k', 'ann', { n: 1 }, cache.stamp());
    expect(cache.get('k')).toEqual({ n: 1 });
  });

  it('does not keep an answer loaded while any drop happened (it may predate the change)', () => {
    const cache = perUserCache<{ n: number }>({ ttlMs: 10_000, max: 100, live: () => true });
    const stamp = cache.stamp();
    cache.dropUser('someone-else');
    cache.set('k', 'ann', { n: 1 }, stamp);
    expect(cache.get('k')).toBeUndefined();
    const later = cache.stamp();
    cache.set('k', 'ann', { n: 2 }, later);
    expect(cache.get('k')).toEqual({ n: 2 });
  });

  it('ends an entry at its own expiry time when that comes before the TTL, and keeps nothing already expired', async () => {
    const cache = perUserCache<{ n: number }>({ ttlMs: 10_000, max: 100, live: () => true });
    cache.set('soon', 'ann', { n: 1 }, cache.stamp(), Date.now() + 40);
    cache.set('past', 'ann', { n: 2 }, cache.stamp(), Date.now() - 1);
    expect(cache.get('soon')).toEqual({ n: 1 });
    expect(cache.get('past')).toBeUndefined();
    await sleep(80);
    expect(cache.get('soon')).toBeUndefined();
  });

  it('keeps nothing when its TTL is 0, and stays within its size budget', () => {
    const off = perUserCache<{ n: number }>({ ttlMs: 0, max: 100, live: () => true });
    off.set('k', 'ann', { n: 1 }, off.stamp());
    expect(off.get('k')).toBeUndefined();

    const sized = perUserCache<{ json: string }>({ ttlMs: 10_000, max: 100, maxSize: 10, size: (v) => v.json.length, live: () => true });
    sized.set('a', 'ann', { json: '123456' }, sized.stamp());
    sized.set('b', 'bob', { json: '123456' }, sized.stamp());
    expect(sized.get('a')).toBeUndefined();
    expect(sized.get('b')).toEqual({ json: '123456' });
    // An evicted entry leaves no trace: dropping its user later does not disturb the others.
    sized.dropUser('ann');
    expect(sized.get('b')).toEqual({ json: '123456' });
  });
});

describe('change payloads (migration 0011)', () => {
  it('reads account and session changes, for one user or every user, and ignores anything else', () => {
    expect(parseChange('account:8d5e…')).toEqual({ kind: 'account', userId: '8d5e…' });
    expect(parseChange('sessions:u-1')).toEqual({ kind: 'sessions', userId: 'u-1' });
    expect(parseChange('sessions:*')).toEqual({ kind: 'sessions', userId: '*' });
    expect(parseChange('sessions:')).toBeNull();
    expect(parseChange('payments:u-1')).toBeNull();
    expect(parseChange('nonsense')).toBeNull();
  });
});
