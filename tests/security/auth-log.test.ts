/**
 * Authentication attempts and refused authorisations are logged without secrets. The app's
 * pino logger writes into a stream the test reads; every line is checked for the passwords, tokens,
 * cookie values and e-mail addresses the test used.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailHash } from '../../src/server/auth/auth-log.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { waitForEmails } from '../helpers/outbox.js';

const json = { origin, 'content-type': 'application/json' };
type Line = Record<string, unknown>;

describe('security log lines', () => {
  let ctx: TestContext;
  const raw: string[] = [];
  const lines = (): Line[] =>
    raw
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
  const attempts = (action: string) => lines().filter((l) => l.event === 'auth.attempt' && l.action === action);
  const refusals = () => lines().filter((l) => l.event === 'authz.refused');
  /** Every value that must never reach the log. */
  const secrets = new Set<string>();
  let ip = 10;
  const post = (url: string, payload: object, cookie?: string) =>
    ctx.app.inject({ method: 'POST', url, remoteAddress: `192.0.2.${ip++}`, headers: { ...json, ...(cookie ? { cookie } : {}) }, payload });
  const keepCookies = (res: { cookies: { value: string }[] }) => res.cookies.forEach((c) => c.value && secrets.add(c.value));

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        raw.push(String(chunk));
        done();
      },
    });
    ctx = await createTestApp({ AUTH_RATE_LIMIT: '1' }, { logger: { level: 'info', stream } });
  });
  afterAll(() => ctx.close());

  it('logs sign-up and sign-in attempts with outcome, hashed e-mail, user id and address', async () => {
    const email = 'Log.Newcomer@example.com';
    secrets.add('tangerine-canyon-4').add(email).add(email.toLowerCase());
    const signUp = await post('/api/auth/sign-up/email', { email, password: 'tangerine-canyon-4', name: '' });
    expect(signUp.statusCode).toBe(200);
    const userId = signUp.json().user.id as string;
    expect(await post('/api/auth/sign-in/email', { email, password: 'tangerine-canyon-4' }).then((r) => r.statusCode)).toBe(403);
    const [up] = attempts('sign-up');
    expect(up).toMatchObject({ outcome: 'success', statusCode: 200, userId, emailHash: emailHash(ctx.config.authSecret, email), level: 30 });
    expect(up!.ip).toMatch(/^192\.0\.2\.\d+$/);
    expect(attempts('sign-in').at(-1)).toMatchObject({
      outcome: 'failure',
      statusCode: 403,
      reason: 'EMAIL_NOT_VERIFIED',
      emailHash: emailHash(ctx.config.authSecret, email),
      level: 40,
    });

    const known = await createUser(ctx, { email: 'log.known@example.com', password: 'walnut-harbor-61' });
    secrets.add('walnut-harbor-61').add(known.email);
    known.cookie.split('; ').forEach((c) => secrets.add(c.split('=')[1]!));
    expect(attempts('sign-in').at(-1)).toMatchObject({ outcome: 'success', userId: known.id });
    secrets.add('not-my-password-9');
    expect((await post('/api/auth/sign-in/email', { email: known.email, password: 'not-my-password-9' })).statusCode).toBe(401);
    expect(attempts('sign-in').at(-1)).toMatchObject({
      outcome: 'failure',
      statusCode: 401,
      reason: 'INVALID_EMAIL_OR_PASSWORD',
      userId: null,
      emailHash: emailHash(ctx.config.authSecret, known.email),
    });
  });

  it('logs limited attempts', async () => {
    const email = 'log.target@example.com';
    secrets.add(email);
    for (let i = 0; i < 5; i++) await post('/api/auth/sign-in/email', { email, password: `guess-number-${i}` });
    for (let i = 0; i < 5; i++) secrets.add(`guess-number-${i}`);
    expect((await post('/api/auth/sign-in/email', { email, password: 'guess-number-5' })).statusCode).toBe(429);
    expect(attempts('sign-in').at(-1)).toMatchObject({
      outcome: 'limited',
      statusCode: 429,
      reason: 'RATE_LIMITED',
      emailHash: emailHash(ctx.config.authSecret, email),
    });
  });

  it('logs password reset and password change attempts, never the token', async () => {
    const u = await createUser(ctx, { email: 'log.reset@example.com', password: 'pebble-meadow-27' });
    secrets.add(u.email).add('pebble-meadow-27').add('saffron-glacier-88').add('saffron-glacier-89').add('wrong-current-1');
    u.cookie.split('; ').forEach((c) => secrets.add(c.split('=')[1]!));
    expect((await post('/api/auth/request-password-reset', { email: u.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    expect(attempts('password-reset-request').at(-1)).toMatchObject({ outcome: 'success', emailHash: emailHash(ctx.config.authSecret, u.email) });
    const [mail] = await waitForEmails(ctx, u.email);
    const link = mail!.text.match(/http:\/\/localhost:3000(\/api\/auth\/reset-password\/[^\s]+)/)![1]!;
    const token = new URL(link, origin).pathname.split('/').pop()!;
    secrets.add(token);
    expect((await ctx.app.inject({ url: link })).statusCode).toBe(302); // the e-mail link: its URL carries the token
    expect((await post('/api/auth/reset-password', { newPassword: 'saffron-glacier-88', token })).statusCode).toBe(200);
    expect(attempts('password-reset').at(-1)).toMatchObject({ outcome: 'success', statusCode: 200 });

    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email: u.email, password: 'saffron-glacier-88' },
    });
    keepCookies(signedIn);
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await post('/api/auth/change-password', { currentPassword: 'wrong-current-1', newPassword: 'saffron-glacier-89' }, cookie)).statusCode).toBe(400);
    expect(attempts('change-password').at(-1)).toMatchObject({ outcome: 'failure', reason: 'INVALID_PASSWORD', userId: u.id });
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: 'saffron-glacier-88', newPassword: 'saffron-glacier-89', revokeOtherSessions: true },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    secrets.add(changed.json().token);
    keepCookies(changed);
    expect(attempts('change-password').at(-1)).toMatchObject({ outcome: 'success', userId: u.id });
  });

  it('logs refused authorisations with route, user id and reason', async () => {
    const client = await createUser(ctx, { email: 'log.client@example.com' });
    client.cookie.split('; ').forEach((c) => secrets.add(c.split('=')[1]!));
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/me/profile', headers: json, payload: { firstName: 'A', lastName: 'B', role: 'client' } })).statusCode,
    ).toBe(401);
    expect(refusals().at(-1)).toMatchObject({ method: 'PUT', route: '/api/me/profile', statusCode: 401, reason: 'UNAUTHENTICATED', userId: null, level: 40 });
    expect((await ctx.app.inject({ url: '/api/admin/applications', headers: { cookie: client.cookie } })).statusCode).toBe(403);
    expect(refusals().at(-1)).toMatchObject({ method: 'GET', route: '/api/admin/applications', statusCode: 403, reason: 'FORBIDDEN', userId: client.id });
    const missing = randomUUID();
    expect((await ctx.app.inject({ url: `/api/sessions/${missing}`, headers: { cookie: client.cookie } })).statusCode).toBe(404);
    expect(refusals().at(-1)).toMatchObject({ route: '/api/sessions/:id', statusCode: 404, reason: 'NOT_FOUND', userId: client.id });
    expect(JSON.stringify(refusals())).not.toContain(missing);
    // A foreign origin is refused before any route: logged too.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/contact',
          headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    expect(refusals().at(-1)).toMatchObject({ statusCode: 403, reason: 'FORBIDDEN' });
  });

  it('never logs a password, token, cookie value or e-mail address', () => {
    const text = raw.join('');
    expect(lines().length).toBeGreaterThan(20);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    expect(text).not.toMatch(/set-cookie|better-auth\.session_token/i);
  });

  it("writes one line of its own per logged request, never Fastify's two", () => {
    expect(lines().filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });
});
