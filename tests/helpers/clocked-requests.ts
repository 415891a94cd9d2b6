/**
 * Requests of a signed-in person at a moment of the test's choosing: X-Test-Now moves the server's clock for that
 * request only (TEST_HOOKS=1, src/server/http/test-clock.ts). Each request comes from its own address of `subnet`
 * (e.g. '127.12.0'), so rate limits count per test as they would per client.
 */
import { origin } from './auth.js';
import type { TestContext } from './app.js';

export function clockedRequests(ctx: () => TestContext, subnet: string) {
  let n = 0;
  const clock = (at?: Date) => (at ? { 'x-test-now': at.toISOString() } : {});
  return {
    /** POST `payload` to `url` as `cookie`, at `at` (else now), with an Idempotency-Key when `key` is given. */
    send: (url: string, payload: object, cookie: string, at?: Date, key?: string) =>
      ctx().app.inject({
        method: 'POST',
        url,
        remoteAddress: `${subnet}.${(++n % 250) + 1}`,
        headers: { origin, 'content-type': 'application/json', cookie, ...clock(at), ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      }),
    /** GET `url` as `cookie`, at `at` (else now). */
    get: (url: string, cookie: string, at?: Date) => ctx().app.inject({ method: 'GET', url, headers: { cookie, ...clock(at) } }),
  };
}
