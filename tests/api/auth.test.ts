import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, user } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { waitForEmails } from '../helpers/outbox.js';

const json = { origin, 'content-type': 'application/json' };
const cookieOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

async function lastEmailTo(ctx: TestContext, to: string) {
  const rows = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  return rows.at(-1);
}

describe('accounts: sign-up → verify → sign-in → profile → sign-out', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
  });
  afterAll(() => ctx.close());

  it('walks the whole journey', async () => {
    const email = 'new.person@example.com';
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: { email, password: 'correct-horse', name: '', callbackURL: '/signup' },
    });
    expect(signUp.statusCode).toBe(200);

    // Signing in before verification is refused.
    const early = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: json, payload: { email, password: 'correct-horse' } });
    expect(early.statusCode).toBe(403);

    // The verification e-mail went through the outbox with a link back to the API.
    const mail = await lastEmailTo(ctx, email);
    expect(mail?.subject).toBe('Confirm your e-mail for Mentora');
    const link = mail!.text.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\?[^\s]+/)?.[0];
    expect(link).toBeTruthy();

    // Opened in the browser that signed up (it holds the sign-up cookie): verified and signed in.
    const verify = await ctx.app.inject({ method: 'GET', url: link!.replace('http://localhost:3000', ''), headers: { cookie: cookieOf(signUp) } });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/signup');
    const [row] = await ctx.database.db.select().from(user).where(eq(user.email, email));
    expect(row?.emailVerified).toBe(true);

    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: json, payload: { email, password: 'correct-horse' } });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieOf(signIn);
    const setCookie = String(signIn.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    // Profile starts incomplete: no first name, no role.
    const me1 = await ctx.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me1.json().user).toMatchObject({ email, firstName: null, role: null });

    const save = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { ...json, cookie },
      payload: { firstName: ' Ada ', lastName: 'Lovelace', phone: '', role: 'expert' },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace', phone: null, role: 'expert' });

    const signOut = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { origin, cookie } });
    expect(signOut.statusCode).toBe(200);
    const after = await ctx.app.inject({ url: '/api/me', headers: { cookie } });
    expect(after.json()).toEqual({ user: null });
  });

  it('refuses a malformed sign-up or sign-in in the product words, not the validator text', async () => {
    for (const url of ['/api/auth/sign-up/email', '/api/auth/sign-in/email']) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: json, payload: { email: 'no-at-sign', password: 'correct-horse', name: '' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid email address');
    }
    const noPassword = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: json, payload: { email: 'a@example.com' } });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe('Invalid request');
  });

  it('gives the admin role to e-mails in ADMIN_EMAILS', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: { email: 'Boss@example.com', password: 'correct-horse', name: '' },
    });
    const [row] = await ctx.database.db.select().from(user).where(eq(user.email, 'boss@example.com'));
    expect(row?.role).toBe('admin');
  });

  it('sends a single-use password reset link', async () => {
    const u = await createUser(ctx, { email: 'forgetful@example.com' });
    const req = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: json,
      payload: { email: u.email, redirectTo: '/reset-password' },
    });
    expect(req.statusCode).toBe(200);
    const mail = (await waitForEmails(ctx, u.email)).at(-1);
    expect(mail?.subject).toBe('Reset your Mentora password');
    const link = mail!.text.match(/http:\/\/localhost:3000(\/api\/auth\/reset-password\/[^\s]+)/)?.[1];
    const redirect = await ctx.app.inject({ url: link! });
    expect(redirect.statusCode).toBe(302);
    const token = new URL(redirect.headers.location as string, origin).searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: json, payload: { newPassword: 'brand-new-secret', token } });
    expect(reset.statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: json, payload: { newPassword: 'another-secret', token } });
    expect(again.statusCode).toBe(400);
    // The old session was revoked; the new password works.
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: u.cookie } })).json()).toEqual({ user: null });
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email: u.email, password: 'brand-new-secret' },
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('profile validation', () => {
  let ctx: TestContext;
  let cookie: string;
  let id: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ cookie, id } = await createUser(ctx, { email: 'valid@example.com', role: 'client', firstName: 'Val', lastName: 'Id' }));
  });
  afterAll(() => ctx.close());

  const bad = [
    [{ firstName: '', lastName: 'X', role: 'client' }, 'Please fill in all required fields'],
    [{ firstName: 'A', lastName: '   ', role: 'client' }, 'Please fill in all required fields'],
    [{ firstName: 'A', lastName: 'B' }, 'Please fill in all required fields'],
    [{ firstName: 'A', lastName: 'B', role: 'admin' }, 'Please fill in all required fields'],
    [{ firstName: 'A', lastName: 'B', role: 'client', phone: 'call me' }, 'Please enter a valid phone number'],
  ] as const;

  it.each(bad)('refuses %j with the product message and changes nothing', async (payload, message) => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/me/profile', headers: { ...json, cookie }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION', message } });
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, id));
    expect(row).toMatchObject({ firstName: 'Val', lastName: 'Id', role: 'client' });
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/me/profile', headers: json, payload: { firstName: 'A', lastName: 'B', role: 'client' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('does not let a client turn into an expert by editing the profile', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { ...json, cookie },
      payload: { firstName: 'Val', lastName: 'Id', role: 'expert' },
    });
    expect(res.statusCode).toBe(409);
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, id));
    expect(row?.role).toBe('client');
  });
});

describe('auth rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ AUTH_RATE_LIMIT: '1' });
  });
  afterAll(() => ctx.close());

  it('answers 429 after 10 sign-in attempts a minute from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // A client address of its own: Better Auth's in-memory limiter is shared by every app in this process.
      // A new e-mail each time, so the per-account limit (tests/security/sign-in-throttle.test.ts) is not what answers.
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '127.0.0.77',
        headers: json,
        payload: { email: `nobody-${i}@example.com`, password: 'wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '127.0.0.78',
      headers: json,
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(other.statusCode).toBe(401);
  });
});
