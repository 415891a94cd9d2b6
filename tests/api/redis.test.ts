/**
 * Redis, against a real Redis named by REDIS_TEST_URL (e.g. redis://127.0.0.1:6379; .ci/run
 * sets it when Redis answers). With REDIS_URL the API rate limiter and Better Auth's secondary storage
 * (sessions, auth rate limits) live in Redis, so a limit reached on one server holds on another, and a
 * sign-in made on one server is valid on every server, and a session revoked on one server ends its message stream on
 * every server (docs/security.md "Messages"). Each test uses its own key prefix.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis, redisSecondaryStorage } from '../../src/server/infra/redis.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin, sessionTokenOf, signIn } from '../helpers/auth.js';
import { messageBodies, openEventStream } from '../helpers/event-stream.js';
import { createExpert } from '../helpers/marketplace.js';
import { freePort, startServer, type ServerProcess } from '../helpers/server-process.js';
import { tcpGate } from '../helpers/tcp-gate.js';

const redisUrl = process.env.REDIS_TEST_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
if (!redisUrl) console.info('redis: skipped — set REDIS_TEST_URL (e.g. redis://127.0.0.1:6379) to run the Redis tests');
else if (!pgUrl) console.info('redis: the two-process tests are skipped — they also need TEST_DATABASE_URL');
const prefix = () => `mentora-test-${randomBytes(4).toString('hex')}:`;

/** Deletes every key under `keyPrefix` (test clean-up). */
async function dropKeys(keyPrefix: string) {
  const redis = new Redis(redisUrl!);
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

let attempt = 0;
/** A wrong password for a new unknown e-mail each time, so the per-account limit (5 failures) is not what answers 429. */
const badSignIn = () => ({ email: `nobody-${attempt++}@example.com`, password: 'wrong-password-1' });

describe('REDIS_URL without a Redis server', () => {
  it('refuses to start: opening Redis fails with one message that names the variable, not the URL', async () => {
    const url = `redis://:secret-password@127.0.0.1:${await freePort()}`;
    const error = await openRedis(url, 'mentora:').catch((err: Error) => err);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^Redis \(REDIS_URL\) did not answer: .*ECONNREFUSED/);
    expect((error as Error).message).not.toContain('secret-password');
  });
});

describe.skipIf(!redisUrl)('Redis secondary storage and shared rate limits (set REDIS_TEST_URL)', () => {
  const keyPrefix = prefix();
  afterAll(() => dropKeys(keyPrefix));

  it('stores values with a TTL in seconds and counts a fixed window from its first increment', async () => {
    const redis = await openRedis(redisUrl!, keyPrefix);
    const storage = redisSecondaryStorage(redis);
    await storage.set('session-token', '{"a":1}', 60);
    expect(await storage.get('session-token')).toBe('{"a":1}');
    expect(await redis.ttl('auth:session-token')).toBeGreaterThan(55);
    expect(await storage.getAndDelete('session-token')).toBe('{"a":1}');
    expect(await storage.get('session-token')).toBeNull();

    expect(await Promise.all([1, 2, 3].map(() => storage.increment('counter', 30)))).toEqual(expect.arrayContaining([1, 2, 3]));
    await new Promise((r) => setTimeout(r, 1100));
    expect(await storage.increment('counter', 30)).toBe(4);
    expect(await redis.ttl('auth:counter')).toBeLessThanOrEqual(29); // later increments never extend the window
    await storage.delete('counter');
    expect(await redis.exists('auth:counter')).toBe(0);
    await redis.quit();
  });

  it('API and sign-in rate limits reached through app A are enforced by app B', async () => {
    const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: keyPrefix, AUTH_RATE_LIMIT: '1' };
    const [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
    try {
      const remoteAddress = '203.0.113.7';
      const signIn = (ctx: TestContext) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress,
          headers: { origin, 'content-type': 'application/json' },
          payload: badSignIn(),
        });
      for (let i = 0; i < 10; i++) expect((await signIn(a)).statusCode).toBe(401);
      expect((await signIn(b)).statusCode).toBe(429);
      expect(
        (
          await b.app.inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            remoteAddress: '203.0.113.8',
            headers: { origin, 'content-type': 'application/json' },
            payload: badSignIn(),
          })
        ).statusCode,
      ).toBe(401);

      // @fastify/rate-limit: the contact form allows 5 a minute per address, counted across both apps.
      const contact = (ctx: TestContext) =>
        ctx.app.inject({ method: 'POST', url: '/api/contact', remoteAddress, headers: { origin, 'content-type': 'application/json' }, payload: {} });
      for (let i = 0; i < 5; i++) expect((await contact(i % 2 ? a : b)).statusCode).not.toBe(429);
      const limited = await contact(a);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect(await (await a.app.inject('/readyz')).json()).toMatchObject({ status: 'ready', services: { redis: 'up' } });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

/** A relay to Redis that the test can cut and restore: a Redis outage for one app only. */
async function cuttableRelay(target: URL) {
  const gate = await tcpGate(target.hostname, Number(target.port || 6379));
  return { url: `redis://127.0.0.1:${gate.port}`, cut: gate.cut, restore: gate.admit };
}

describe.skipIf(!redisUrl)('a Redis outage (set REDIS_TEST_URL)', () => {
  const keyPrefix = prefix();
  afterAll(() => dropKeys(keyPrefix));

  it('GET /readyz answers 503 while Redis is away and 200 once it is back; rate-limited routes keep answering', async () => {
    const relay = await cuttableRelay(new URL(redisUrl!));
    const ctx = await createTestApp({ REDIS_URL: relay.url, REDIS_KEY_PREFIX: keyPrefix });
    try {
      expect((await ctx.app.inject('/readyz')).statusCode).toBe(200);
      await relay.cut();
      const down = await ctx.app.inject('/readyz');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'unavailable', services: { redis: 'down' } });
      const contact = await ctx.app.inject({ method: 'POST', url: '/api/contact', headers: { origin, 'content-type': 'application/json' }, payload: {} });
      expect(contact.statusCode).toBe(400); // the limiter lets it through; validation answers
      await relay.restore();
      const deadline = Date.now() + 10_000;
      while ((await ctx.app.inject('/readyz')).statusCode !== 200) {
        if (Date.now() > deadline) throw new Error('Redis did not come back');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await ctx.close();
      await relay.cut();
    }
  });
});

describe.skipIf(!redisUrl || !pgUrl)('Redis across two server processes on one PostgreSQL database (set REDIS_TEST_URL and TEST_DATABASE_URL)', () => {
  const keyPrefix = prefix();
  let ctx: TestContext;
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    // The test app keeps its sign-in sessions in the servers' Redis too: its accounts' cookies work on both servers.
    ctx = await createTestApp({ REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: keyPrefix });
    const env = {
      DATABASE_URL: ctx.database.pool!.options.connectionString!,
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: keyPrefix,
      AUTH_RATE_LIMIT: '1',
      TRUST_PROXY: '1',
    };
    servers = await Promise.all([startServer(env), startServer(env)]);
  }, 200_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await ctx?.close();
    await dropKeys(keyPrefix);
  });

  // The servers sit behind a proxy (TRUST_PROXY=1): each test is a client with its own address.
  const post = (server: ServerProcess, path: string, body: unknown, headers: Record<string, string>) =>
    server.fetch(`${path}`, { method: 'POST', headers: { origin, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('a sign-in rate limit reached through server A is enforced on server B', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const client = { 'x-forwarded-for': '198.51.100.1' };
    for (let i = 0; i < 10; i++) expect((await post(a, '/api/auth/sign-in/email', badSignIn(), client)).status).toBe(401);
    expect((await post(b, '/api/auth/sign-in/email', badSignIn(), client)).status).toBe(429);
    expect((await post(b, '/api/auth/sign-in/email', badSignIn(), { 'x-forwarded-for': '198.51.100.9' })).status).toBe(401);
    expect(await (await b.fetch(`/readyz`)).json()).toMatchObject({
      status: 'ready',
      database: 'postgres',
      services: { database: 'postgres', redis: 'up' },
    });
  });

  it('a session signed in on server A is valid on server B and ends everywhere when B signs it out', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    await createUser(ctx, { email: 'redis-user@example.com', password: 'redis-password-1' });
    const client = { 'x-forwarded-for': '198.51.100.2' };
    const signIn = await post(a, '/api/auth/sign-in/email', { email: 'redis-user@example.com', password: 'redis-password-1' }, client);
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const token = decodeURIComponent(cookie.split('=')[1]!.split('.')[0]!);
    const redis = new Redis(redisUrl!, { keyPrefix });
    expect(await redis.exists(`auth:${token}`)).toBe(1);

    const me = await b.fetch(`/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()).user.email).toBe('redis-user@example.com');

    expect((await post(b, '/api/auth/sign-out', {}, { ...client, cookie })).status).toBe(200);
    expect(await redis.exists(`auth:${token}`)).toBe(0);
    expect(await (await a.fetch(`/api/me`, { headers: { cookie } })).json()).toEqual({ user: null });
    await redis.quit();
  });

  it('a session revoked through server B ends its message stream on server A, which never carries a message sent right after', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const [client, expert] = await Promise.all([
      createUser(ctx, { email: 'redis-streams@example.com', firstName: 'Robin', lastName: 'Revoked' }),
      createExpert(ctx, { email: 'redis-streams-expert@example.com' }),
    ]);
    const other = await signIn(ctx, client.email);
    const from = { 'x-forwarded-for': '198.51.100.3' };
    const started = await post(b, '/api/conversations', { expertId: expert.expert.id }, { ...from, cookie: client.cookie });
    const { conversation } = (await started.json()) as { conversation: { id: string } };
    // Both devices' streams on A, which keeps their session checks (SIGNED_IN_CACHE_MS) until the feed drops them.
    const [kept, revoked] = await Promise.all([
      openEventStream(`${a.url}/api/messages/stream`, client.cookie),
      openEventStream(`${a.url}/api/messages/stream`, other),
    ]);
    try {
      for (const stream of [kept, revoked]) expect((await stream.next()).data.kind).toBe('hello');
      expect((await post(b, '/api/auth/revoke-session', { token: sessionTokenOf(other) }, { ...from, cookie: client.cookie })).status).toBe(200);
      const sent = await post(
        b,
        `/api/conversations/${conversation.id}/messages`,
        { id: randomUUID(), body: 'Right after' },
        { ...from, cookie: expert.cookie },
      );
      expect(sent.status).toBe(201);
      await revoked.ended(1000);
      expect(messageBodies([await kept.next()])).toEqual(['Right after']);
      expect(messageBodies(revoked.pending())).toEqual([]);
    } finally {
      kept.close();
      revoked.close();
    }
  });
});
