/**
 * Repeated failed sign-ins are limited per account (besides per IP), also
 * when NODE_ENV is not production, without letting a stranger lock the owner out (device cookies,
 * src/server/auth/sign-in-throttle.ts). With REDIS_TEST_URL set, a limit reached through one server
 * holds on another.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { waitForEmails } from '../helpers/outbox.js';

const json = { origin, 'content-type': 'application/json' };
const limited = { message: 'Too many requests. Please try again later.' };
let nextIp = 1;
/** A fresh client address per call: the per-IP limit (10 a minute) must not be what answers 429 here. */
const freshIp = () => `198.51.100.${nextIp++}`;

type Res = { statusCode: number; cookies: { name: string; value: string }[]; json: () => unknown; headers: Record<string, unknown> };
const signIn = (ctx: TestContext, email: string, password: string, cookie?: string): Promise<Res> =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: freshIp(),
    headers: { ...json, ...(cookie ? { cookie } : {}) },
    payload: { email, password },
  });
/** The device cookie a successful sign-in set, as a Cookie header value. */
const deviceCookie = (res: Res) => {
  const c = res.cookies.find((x) => /device_[0-9a-f]{16}$/.test(x.name));
  if (!c) throw new Error('no device cookie');
  return `${c.name}=${c.value}`;
};
const fail = async (ctx: TestContext, email: string, times: number, cookie?: string) => {
  for (let i = 0; i < times; i++) expect((await signIn(ctx, email, `wrong-password-${i}`, cookie)).statusCode).toBe(401);
};

describe('per-account sign-in limit with device cookies (NODE_ENV=development)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ NODE_ENV: 'development', AUTH_RATE_LIMIT: '1' });
  });
  afterAll(() => ctx.close());

  it('issues a signed, HttpOnly, SameSite=Lax device cookie on a successful sign-in only', async () => {
    await createUser(ctx, { email: 'cookie@example.com', password: 'lantern-orchard-5' });
    const ok = await signIn(ctx, 'cookie@example.com', 'lantern-orchard-5');
    const device = ok.cookies.find((c) => c.name.includes('device_')) as { httpOnly?: boolean; sameSite?: string; maxAge?: number; value: string } | undefined;
    expect(device).toBeDefined();
    expect(device!.httpOnly).toBe(true);
    expect(String(device!.sameSite).toLowerCase()).toBe('lax');
    expect(device!.maxAge).toBe(365 * 24 * 60 * 60);
    expect(device!.value).not.toContain('cookie@example.com');
    const bad = await signIn(ctx, 'cookie@example.com', 'not-it-at-all');
    expect(bad.cookies.some((c) => c.name.includes('device_'))).toBe(false);
  });

  it("an attacker's failures lock the account for browsers without its device cookie, even with the right password; the owner's browser still signs in", async () => {
    const victim = { email: 'victim@example.com', password: 'quiet-river-stone-8' };
    await createUser(ctx, victim);
    const trusted = deviceCookie(await signIn(ctx, victim.email, victim.password));
    const attacker = await createUser(ctx, { email: 'attacker@example.com', password: 'noisy-gravel-road-3' });
    const attackerDevice = deviceCookie(await signIn(ctx, attacker.email, 'noisy-gravel-road-3'));

    await fail(ctx, victim.email, 5); // five addresses, one failure each: the per-IP limit never triggers
    const refused = await signIn(ctx, victim.email, victim.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(limited);
    expect(refused.cookies).toHaveLength(0);
    // The attacker's own device cookie is bound to the attacker's account, and a forged one counts for nothing.
    expect((await signIn(ctx, victim.email, victim.password, attackerDevice)).statusCode).toBe(429);
    const [name, value] = trusted.split('=') as [string, string];
    expect((await signIn(ctx, victim.email, victim.password, `${name}=${'0'.repeat(32)}${value.slice(32)}`)).statusCode).toBe(429);

    // The owner's browser (device cookie only, no session) signs in, and gets a fresh device cookie.
    const owner = await signIn(ctx, victim.email, victim.password, trusted);
    expect(owner.statusCode).toBe(200);
    expect(deviceCookie(owner)).not.toBe(trusted);
    // The lock still holds for everybody else.
    expect((await signIn(ctx, victim.email, victim.password)).statusCode).toBe(429);
  });

  it('a new password chosen through the reset link lifts the lock for every browser', async () => {
    const owner = { email: 'locked-out@example.com', password: 'amber-lighthouse-4' };
    await createUser(ctx, owner);
    await fail(ctx, owner.email, 5);
    expect((await signIn(ctx, owner.email, owner.password)).statusCode).toBe(429);

    const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, remoteAddress: freshIp(), headers: json, payload });
    expect((await post('/api/auth/request-password-reset', { email: owner.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const [mail] = await waitForEmails(ctx, owner.email);
    const token = mail!.text.match(/\/api\/auth\/reset-password\/([^\s?]+)/)![1]!;
    expect((await post('/api/auth/reset-password', { newPassword: 'juniper-harbour-62', token })).statusCode).toBe(200);

    expect((await signIn(ctx, owner.email, owner.password)).statusCode).toBe(401);
    expect((await signIn(ctx, owner.email, 'juniper-harbour-62')).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a known one', async () => {
    await createUser(ctx, { email: 'known-throttle@example.com' });
    await fail(ctx, 'known-throttle@example.com', 5);
    await fail(ctx, 'nobody-throttle@example.com', 5);
    const known = await signIn(ctx, 'known-throttle@example.com', 'mentora-demo');
    const unknown = await signIn(ctx, 'nobody-throttle@example.com', 'mentora-demo');
    expect([known.statusCode, unknown.statusCode]).toEqual([429, 429]);
    expect(known.json()).toEqual(unknown.json());
    expect(known.headers['x-retry-after']).toBe(unknown.headers['x-retry-after']);
    // Another spelling of the same address is the same account.
    expect((await signIn(ctx, 'Nobody-Throttle@Example.COM', 'mentora-demo')).statusCode).toBe(429);
  });

  it('counts failures from a trusted browser against that browser alone', async () => {
    const u = { email: 'two-laptops@example.com', password: 'copper-kettle-91' };
    await createUser(ctx, u);
    const laptop = deviceCookie(await signIn(ctx, u.email, u.password));
    const phone = deviceCookie(await signIn(ctx, u.email, u.password));
    await fail(ctx, u.email, 5, laptop);
    expect((await signIn(ctx, u.email, u.password, laptop)).statusCode).toBe(429);
    expect((await signIn(ctx, u.email, u.password, phone)).statusCode).toBe(200);
    // The account itself was not locked by them: a new browser still gets the ordinary answers.
    expect((await signIn(ctx, u.email, 'still-wrong-1')).statusCode).toBe(401);
    expect((await signIn(ctx, u.email, u.password)).statusCode).toBe(200);
  });

  it('answers 429 with the same body as the per-IP limit', async () => {
    const ip = '192.0.2.200';
    let last: Res | undefined;
    for (let i = 0; i < 11; i++)
      last = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: ip,
        headers: json,
        payload: { email: `per-ip-${i}@example.com`, password: 'wrong-password' },
      });
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toEqual(limited);
  });
});

describe('AUTH_RATE_LIMIT=0 (browser journeys)', () => {
  it('turns the per-account limit off too', async () => {
    const ctx = await createTestApp({ NODE_ENV: 'development', AUTH_RATE_LIMIT: '0' });
    try {
      await createUser(ctx, { email: 'free@example.com' });
      await fail(ctx, 'free@example.com', 7);
      const res = await signIn(ctx, 'free@example.com', 'mentora-demo');
      expect(res.statusCode).toBe(200);
      expect(res.cookies.some((c) => c.name.includes('device_'))).toBe(false);
    } finally {
      await ctx.close();
    }
  });
});

const redisUrl = process.env.REDIS_TEST_URL;
if (!redisUrl) console.info('sign-in throttle: the two-server test is skipped — set REDIS_TEST_URL (e.g. redis://127.0.0.1:6379)');

describe.skipIf(!redisUrl)('with Redis (set REDIS_TEST_URL)', () => {
  const keyPrefix = `mentora-test-${randomBytes(4).toString('hex')}:`;
  afterAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('a limit reached through server A holds on server B; the device cookie from A works on B', async () => {
    const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: keyPrefix, AUTH_RATE_LIMIT: '1', NODE_ENV: 'development' };
    const a = await createTestApp(env);
    // Server B shares the database through the same account creation: it gets its own copy of the account.
    const b = await createTestApp(env);
    try {
      const u = { email: 'shared@example.com', password: 'amber-lighthouse-6' };
      await createUser(a, u);
      await createUser(b, u);
      const trusted = deviceCookie(await signIn(a, u.email, u.password));
      await fail(a, u.email, 5);
      expect((await signIn(b, u.email, u.password)).statusCode).toBe(429);
      expect((await signIn(b, u.email, u.password, trusted)).statusCode).toBe(200);
      expect((await signIn(a, 'nobody-shared@example.com', 'x-wrong-1')).statusCode).toBe(401);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
