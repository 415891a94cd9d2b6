import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/server/db/schema.js';
import { createAccount } from '../../src/server/db/seed.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin, signIn } from '../helpers/auth.js';

/** Issue 6 §1 "Cross-site requests": foreign origins refused; cookie flags; sessions rotated and invalidated. */
describe('cross-site requests and session cookies', () => {
  let ctx: TestContext;
  const contact = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Hello', message: 'A question about booking.' };
  const messages = async () => (await ctx.database.db.select({ n: count() }).from(contactMessages))[0]!.n;

  beforeAll(async () => {
    ctx = await createTestApp();
    await createUser(ctx, { email: 'casey@example.com' });
  });
  afterAll(() => ctx.close());

  it('refuses a state-changing request from a foreign origin and writes nothing', async () => {
    const post = (headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json', ...headers }, payload: contact });
    const before = await messages();
    const refused: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: 'http://localhost:3000.evil.example' }, { origin, 'sec-fetch-site': 'cross-site' }];
    for (const headers of refused) {
      const res = await post(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(await messages()).toBe(before);
    expect((await post({ origin, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect(await messages()).toBe(before + 1);
  });

  it('refuses a cross-site sign-in, and reads stay open to any origin', async () => {
    const signInFromEvil = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, payload: { email: 'casey@example.com', password: 'mentora-demo' } });
    expect(signInFromEvil.statusCode).toBe(403);
    expect(signInFromEvil.cookies).toHaveLength(0);
    expect((await ctx.app.inject({ url: '/api/experts', headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
  });

  it('sets HttpOnly, SameSite=Lax session cookies, rotates the session on sign-in and ends it on sign-out', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin, 'content-type': 'application/json' }, payload: { email: 'casey@example.com', password: 'mentora-demo' } });
    const token = res.cookies.find((c) => c.name.endsWith('session_token'))!;
    expect(token.httpOnly).toBe(true);
    expect(String(token.sameSite).toLowerCase()).toBe('lax');
    expect(token.secure).toBeFalsy();

    const first = `${token.name}=${token.value}`;
    const second = await signIn(ctx, 'casey@example.com');
    expect(second).not.toBe(first);
    const me = (cookie: string) => ctx.app.inject({ url: '/api/me', headers: { cookie } });
    expect((await me(first)).json().user?.email).toBe('casey@example.com');

    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { origin, cookie: first } });
    expect(out.statusCode).toBe(200);
    expect((await me(first)).json().user ?? null).toBeNull();
    expect((await me(second)).json().user?.email).toBe('casey@example.com');
  });

  it('marks cookies Secure behind HTTPS', async () => {
    const https = await createTestApp({ BASE_URL: 'https://mentora.example' });
    try {
      await createAccount(https.database.db, https.app.auth, { email: 'secure@example.com', firstName: 'Sam', lastName: 'Secure', role: 'client' });
      const res = await https.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: 'https://mentora.example', 'content-type': 'application/json' }, payload: { email: 'secure@example.com', password: 'mentora-demo' } });
      expect(res.statusCode).toBe(200);
      for (const c of res.cookies) expect(c.secure, c.name).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await https.close();
    }
  });
});
