/**
 * The catalogue micro-cache (src/server/infra/cache.ts): concurrent misses share one load, a failed load is
 * not kept, an expired entry is served stale while one background load replaces it, and clear() drops
 * everything, including a refresh still in flight.
 */
import { describe, expect, it } from 'vitest';
import { microCache } from '../../src/server/infra/cache.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A load function counting its calls and answering, after `delayMs`, what `value()` was when it started. */
function counted(value: () => string, delayMs = 0) {
  const calls = { n: 0 };
  const load = async () => {
    calls.n++;
    const v = value();
    await sleep(delayMs);
    return v;
  };
  return { calls, load };
}

describe('micro-cache', () => {
  it('shares one load between concurrent misses and answers later reads from memory', async () => {
    const cache = microCache({ ttlMs: 1000, max: 10 });
    const { calls, load } = counted(() => 'a', 20);
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual(['a', 'a', 'a']);
    expect(await cache.get('k', load)).toBe('a');
    expect(calls.n).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = microCache({ ttlMs: 1000, max: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('serves an expired entry at once while one background load replaces it', async () => {
    const cache = microCache({ ttlMs: 300, max: 10 });
    let version = 'v1';
    const { calls, load } = counted(() => version, 30);
    expect(await cache.get('k', load)).toBe('v1');
    version = 'v2';
    await sleep(350); // expired, within 2 × ttl
    // Both reads answer the old value (a read waiting for the load would get v2); one refresh starts.
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual(['v1', 'v1']);
    expect(calls.n).toBe(2);
    await sleep(60);
    expect(await cache.get('k', load)).toBe('v2');
    expect(calls.n).toBe(2);
  });

  it('waits for a fresh load once an entry is older than twice the TTL', async () => {
    const cache = microCache({ ttlMs: 20, max: 10 });
    let version = 'v1';
    const { load } = counted(() => version);
    expect(await cache.get('k', load)).toBe('v1');
    version = 'v2';
    await sleep(60);
    expect(await cache.get('k', load)).toBe('v2');
  });

  it('clear() drops entries and a refresh in flight, so a write is seen at once', async () => {
    const cache = microCache({ ttlMs: 300, max: 10 });
    let version = 'v1';
    const { load } = counted(() => version, 30);
    expect(await cache.get('k', load)).toBe('v1');
    await sleep(350);
    expect(await cache.get('k', load)).toBe('v1'); // starts a refresh that reads v1
    version = 'v2';
    cache.clear();
    expect(await cache.get('k', load)).toBe('v2');
    await sleep(60); // the stale refresh finishes and must not land
    expect(await cache.get('k', load)).toBe('v2');
  });

  it('caches nothing with a TTL of 0', async () => {
    const cache = microCache({ ttlMs: 0, max: 10 });
    const { calls, load } = counted(() => 'a');
    await cache.get('k', load);
    await cache.get('k', load);
    expect(calls.n).toBe(2);
  });
});
