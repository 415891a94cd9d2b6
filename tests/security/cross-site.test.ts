import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, sessions, user } from '../../src/server/db/schema.js';
import { createAccount } from '../../src/server/demo/seed.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin, signIn } from '../helpers/auth.js';
import { book, createExpert, shift, slotIn } from '../helpers/marketplace.js';
import { fingerprint } from './db-fingerprint.js';
import { collectRoutes, spellings } from './routes.js';

/** Cross-site requests: foreign origins refused; cookie flags; sessions rotated and invalidated. */
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
    const post = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json', ...headers }, payload: contact });
    const before = await messages();
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:3000.evil.example' },
      { origin, 'sec-fetch-site': 'cross-site' },
    ];
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
    const signInFromEvil = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { email: 'casey@example.com', password: 'mentora-demo' },
    });
    expect(signInFromEvil.statusCode).toBe(403);
    expect(signInFromEvil.cookies).toHaveLength(0);
    expect((await ctx.app.inject({ url: '/api/experts', headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
  });

  it('sets HttpOnly, SameSite=Lax session cookies, rotates the session on sign-in and ends it on sign-out', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin, 'content-type': 'application/json' },
      payload: { email: 'casey@example.com', password: 'mentora-demo' },
    });
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
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'https://mentora.example', 'content-type': 'application/json' },
        payload: { email: 'secure@example.com', password: 'mentora-demo' },
      });
      expect(res.statusCode).toBe(200);
      for (const c of res.cookies) expect(c.secure, c.name).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await https.close();
    }
  });
});

/**
 * The same-origin check decides on the route that runs, so no spelling of a path gets a foreign site's write past it
 * (docs/security.md "Path spellings"): `/%61pi/...` is routed like `/api/...` but was not checked.
 */
describe('cross-site requests in other spellings of a path', () => {
  let ctx: TestContext;
  const routes = new Set<string>();
  const evil = 'https://evil.example';
  const contactCount = async () => (await ctx.database.db.select({ n: count() }).from(contactMessages))[0]!.n;

  beforeAll(async () => {
    ctx = await createTestApp({}, { onRoute: collectRoutes(routes) });
  });
  afterAll(() => ctx.close());

  it('a foreign site cannot confirm a session (and release its money) through /%61pi/... or any other spelling', async () => {
    const client = await createUser(ctx, { email: 'confirm-client@example.com' });
    const expert = await createExpert(ctx, { email: 'confirm-expert@example.com', slug: 'confirm-expert' });
    const booked = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(30) });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().session.id as string;
    await shift(ctx, id, -100);
    const status = async () => (await ctx.database.db.select({ status: sessions.status }).from(sessions).where(eq(sessions.id, id)))[0]!.status;
    const before = await status();
    for (const spelled of spellings(`/api/sessions/${id}/confirm`)) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: spelled.url,
        headers: { origin: evil, cookie: client.cookie, 'content-type': 'application/json' },
        payload: {},
      });
      expect([403, 404], `${spelled.name}: ${spelled.url} ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect(await status(), spelled.name).toBe(before);
    }
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/confirm`,
      headers: { origin, cookie: client.cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await status()).not.toBe(before);
  });

  it('refuses every API write from a foreign site in every spelling of its path, and writes nothing', async () => {
    const admin = await createUser(ctx, { email: 'spelling-admin@example.com', role: 'admin' });
    const writes = [...routes].filter((r) => !r.startsWith('GET ')).sort();
    expect(writes.length).toBeGreaterThan(15);
    const before = await fingerprint(ctx.database);
    for (const route of writes) {
      const [method, pattern] = route.split(' ') as [string, string];
      const url = pattern.replace(/:[A-Za-z]+/g, () => randomUUID());
      for (const spelled of [{ name: 'canonical', url }, ...spellings(url)]) {
        const res = await ctx.app.inject({
          method: method as 'POST',
          url: spelled.url,
          headers: { origin: evil, cookie: admin.cookie, 'content-type': 'application/json' },
          payload: '{}',
        });
        expect([403, 404], `${route} as ${spelled.url} (${spelled.name}): ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        expect(res.headers['cache-control'], spelled.url).toMatch(/\bno-store\b/);
      }
    }
    expect(await fingerprint(ctx.database)).toEqual(before);
  });

  it('over real HTTP, where paths reach the router as sent (dot segments included), a foreign write in any spelling is refused', async () => {
    const before = await contactCount();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (ctx.app.server.address() as { port: number }).port;
    const body = JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'A question about booking.' });
    const send = (path: string) =>
      new Promise<string>((resolve, reject) => {
        // Written without closing our side: Node drops a request whose client half-closes before the answer, and
        // writes are answered only after the server hears its change notifications (src/server/cache/plugin.ts).
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(
            `POST ${path} HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: ${evil}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
          ),
        );
        let answer = '';
        socket.setEncoding('utf8');
        socket.on('data', (d: string) => (answer += d));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    const paths = [
      '/api/contact',
      ...spellings('/api/contact').map((s) => s.url),
      '/api/./contact',
      '/api/x/../contact',
      '/api/%2e%2e/api/contact',
      '/api/contact#x',
      '/api/contact;x',
      '/api/contact%3Fx=1',
    ];
    for (const path of paths) expect(await send(path), path).toMatch(/^HTTP\/1\.1 40[34] /);
    expect(await contactCount()).toBe(before);
  });

  it("other spellings of Better Auth's paths never reach it: no sign-in, no sign-up past the common-password check, from any site", async () => {
    await createUser(ctx, { email: 'spelling-user@example.com' });
    const attempts: [string, object][] = [
      ['/api/auth/sign-in/email', { email: 'spelling-user@example.com', password: 'mentora-demo' }],
      ['/api/auth/sign-up/email', { email: 'spelled-signup@example.com', password: 'password', name: 'Spelled' }],
      ['/api/auth/request-password-reset', { email: 'spelling-user@example.com', redirectTo: '/reset-password' }],
    ];
    for (const [path, payload] of attempts) {
      for (const spelled of spellings(path)) {
        for (const site of [origin, evil]) {
          const res = await ctx.app.inject({ method: 'POST', url: spelled.url, headers: { origin: site, 'content-type': 'application/json' }, payload });
          expect([403, 404], `${spelled.url} from ${site}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
          expect(res.cookies, spelled.url).toHaveLength(0);
        }
      }
    }
    expect(await ctx.database.db.select({ id: user.id }).from(user).where(eq(user.email, 'spelled-signup@example.com'))).toEqual([]);
  });
});
