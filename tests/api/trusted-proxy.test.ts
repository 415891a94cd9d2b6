/**
 * TRUST_PROXY (docs/deploy.md "Behind a proxy", docs/security.md "Proxies"): the client address is the one the
 * trusted proxies saw, never a value the client wrote into X-Forwarded-For itself. Each proxy either appends the
 * address it saw (nginx's `$proxy_add_x_forwarded_for`, cloud load balancers, Cloudflare) or replaces the header
 * with it; the dev mailbox, /metrics without a token and the per-address rate limits must all take the real address.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { origin } from '../helpers/auth.js';

/**
 * The describe block's app with `TRUST_PROXY=trustProxy`, made before its tests and closed after them; its
 * DATA_DIR/mail holds one message, so the mailbox answers 200 to whoever may read it.
 */
function proxiedApp(trustProxy: string): () => TestContext {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: trustProxy });
    const dir = path.join(ctx.config.dataDir, 'mail');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'reset.eml'), 'From: Mentora <no-reply@mentora.example>\r\nSubject: Reset\r\n\r\nsecret-token-123\r\n');
  });
  afterAll(() => ctx.close());
  return () => ctx;
}

/** A request as the server receives it: the TCP peer, the X-Forwarded-For header if any, and who it comes from. */
type Seen = { peer: string; forwardedFor?: string; from: 'this machine' | 'elsewhere' };

/** Checks that GET /dev/mailbox and GET /metrics (no METRICS_TOKEN) answer 200 to this machine only, 404 otherwise. */
async function expectOperatorPages(ctx: TestContext, requests: Seen[]) {
  for (const { peer, forwardedFor, from } of requests) {
    const headers = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
    const statuses = await Promise.all(
      ['/dev/mailbox', '/metrics'].map(async (url) => (await ctx.app.inject({ url, remoteAddress: peer, headers })).statusCode),
    );
    expect(statuses, `${peer} ${forwardedFor}`).toEqual(from === 'this machine' ? [200, 200] : [404, 404]);
  }
}

/**
 * Sends six contact forms (five a minute per address, enquiries/routes.ts), each with a different forged
 * X-Forwarded-For prefix before what the proxies wrote, and answers the last status code: 429 when the limit
 * counted the real client.
 */
async function sixthEnquiry(ctx: TestContext, remoteAddress: string, proxiesWrote: (forged: string) => string): Promise<number> {
  let status = 0;
  for (let i = 1; i <= 6; i++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress,
      headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': proxiesWrote(`198.51.100.${i}`) },
      payload: {},
    });
    status = res.statusCode;
  }
  return status;
}

describe('TRUST_PROXY=1: one proxy on this machine that appends (nginx)', () => {
  const app = proxiedApp('1');

  it('takes the address the proxy appended, not the forged one before it, for the rate limit and operator pages', async () => {
    expect(await sixthEnquiry(app(), '127.0.0.1', (forged) => `${forged}, 203.0.113.7`)).toBe(429);
    const local = { peer: '127.0.0.1', from: 'this machine' } as const;
    const forged = { peer: '127.0.0.1', from: 'elsewhere' } as const;
    // Forged before the proxy's append; then a browser on this machine, through the proxy and straight to the server.
    await expectOperatorPages(app(), [
      { ...forged, forwardedFor: '127.0.0.1, 10.0.0.5' },
      { ...forged, forwardedFor: '127.0.0.1,::1, 203.0.113.9' },
      { ...local, forwardedFor: '10.0.0.5, 127.0.0.1' },
      local,
    ]);
  });
});

describe('TRUST_PROXY=2: Cloudflare in front of nginx, both appending', () => {
  const app = proxiedApp('2');

  it('takes the address the outer proxy appended', async () => {
    await expectOperatorPages(app(), [{ peer: '127.0.0.1', forwardedFor: '127.0.0.1, 203.0.113.9, 172.70.1.1', from: 'elsewhere' }]);
    expect(await sixthEnquiry(app(), '127.0.0.1', (forged) => `${forged}, 203.0.113.8, 172.70.1.1`)).toBe(429);
  });
});

describe('TRUST_PROXY as addresses: a load balancer that replaces the header', () => {
  const app = proxiedApp('127.0.0.1, 10.0.0.0/24');

  it('believes a listed proxy only', async () => {
    await expectOperatorPages(app(), [
      // The proxy replaced the header with the visitor's address.
      { peer: '127.0.0.1', forwardedFor: '203.0.113.9', from: 'elsewhere' },
      { peer: '127.0.0.1', forwardedFor: '127.0.0.1', from: 'this machine' },
      // A client reaching the server past the proxy writes what it likes; its own address counts.
      { peer: '192.0.2.1', forwardedFor: '127.0.0.1', from: 'elsewhere' },
    ]);
    expect(await sixthEnquiry(app(), '192.0.2.1', (forged) => forged)).toBe(429);
  });

  it('counts the rate limit against the address the listed proxy wrote', async () => {
    expect(await sixthEnquiry(app(), '10.0.0.7', () => '203.0.113.6')).toBe(429);
    // An appended chain: the first address that is not a listed proxy is the client.
    expect(await sixthEnquiry(app(), '10.0.0.7', (forged) => `${forged}, 203.0.113.5, 10.0.0.8`)).toBe(429);
  });

  it('keeps the X-Request-Id of a listed proxy only', async () => {
    const id = 'lb-7f3a:01';
    expect((await app().app.inject({ url: '/api/config', remoteAddress: '10.0.0.7', headers: { 'x-request-id': id } })).headers['x-request-id']).toBe(id);
    expect((await app().app.inject({ url: '/api/config', remoteAddress: '192.0.2.1', headers: { 'x-request-id': id } })).headers['x-request-id']).not.toBe(id);
  });
});

describe('TRUST_PROXY values', () => {
  const secret = { AUTH_SECRET: 'test-secret-test-secret-test-secret-0123' };

  it('are 0, a number of hops, or proxy addresses and CIDR ranges', () => {
    expect(loadConfig(secret).trustProxy).toBe(0);
    expect(loadConfig({ ...secret, TRUST_PROXY: '0' }).trustProxy).toBe(0);
    expect(loadConfig({ ...secret, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...secret, TRUST_PROXY: '3' }).trustProxy).toBe(3);
    expect(loadConfig({ ...secret, TRUST_PROXY: ' 10.0.0.1 , 10.0.0.0/8,2001:db8::/32, ::1 ' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '2001:db8::/32',
      '::1',
    ]);
  });

  it('stop start-up with one line naming the variable otherwise', () => {
    for (const bad of ['true', 'yes', '-1', '1.5', '11', '10.0.0', '10.0.0.0/33', '::1/129', '10.0.0.1,,10.0.0.2', 'localhost', '10.0.0.0/8/1']) {
      expect(() => loadConfig({ ...secret, TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ ...secret, TRUST_PROXY: bad }), bad).toThrow(/^Invalid configuration: TRUST_PROXY must be [^\n]+$/);
    }
  });
});
