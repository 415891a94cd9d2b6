/**
 * Account pre-hijacking (docs/security.md "Account pre-hijacking", docs/decisions/011-inbox-proof-and-two-factor.md): an attacker
 * signs up with the victim's e-mail and a password of theirs before the victim does. Whoever proves control of
 * the inbox must end up the only one able to sign in.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin, withCookies } from '../helpers/auth.js';
import { waitForEmails } from '../helpers/outbox.js';

const json = { origin, 'content-type': 'application/json' };
const verifyLink = /http:\/\/localhost:3000(\/api\/auth\/verify-email\?[^\s]+)/;
const resetLink = /http:\/\/localhost:3000(\/api\/auth\/reset-password\/[^\s]+)/;

describe('account pre-hijacking', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // With REDIS_TEST_URL, sessions and verification values live in Redis too (as on several servers).
    ctx = await createTestApp(process.env.REDIS_TEST_URL ? { REDIS_URL: process.env.REDIS_TEST_URL, REDIS_KEY_PREFIX: `t${Date.now()}:` } : {});
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: unknown, cookie = '') =>
    ctx.app.inject({ method: 'POST', url, headers: { ...json, cookie }, payload: payload as object });
  const get = (url: string, cookie = '') => ctx.app.inject({ url, headers: { cookie } });
  const signUp = (email: string, password: string) => post('/api/auth/sign-up/email', { email, password, name: '', callbackURL: '/signup' });
  const signIn = (email: string, password: string) => post('/api/auth/sign-in/email', { email, password });
  const me = async (cookie: string) => (await get('/api/me', cookie)).json<{ user: { email: string } | null }>().user;
  /** The token of a /reset-password?token=… redirect. */
  const tokenOf = (location: unknown) => new URL(String(location), origin).searchParams.get('token');
  /** The shape of a sign-up answer without its generated values. */
  const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
    token: body.token,
    user: Object.keys(body.user).sort(),
    emailVerified: body.user.emailVerified,
  });

  it('gives the account to the inbox owner: the attacker password and sessions stop working, the victim signs in with their own password', async () => {
    const email = 'victim@example.com';
    // The attacker signs up first, in their own browser.
    const attacker = await signUp(email, 'attacker-secret-1');
    expect(attacker.statusCode).toBe(200);
    const attackerCookie = withCookies('', attacker);

    // The victim's own sign-up answers exactly like a new one (no enumeration) ...
    const victim = await signUp(email, 'victim-secret-2');
    expect(victim.statusCode).toBe(200);
    expect(shape(victim.json())).toEqual(shape(attacker.json()));
    expect(victim.cookies.map((c) => c.name)).toEqual(attacker.cookies.map((c) => c.name));
    const victimCookie = withCookies('', victim);
    // ... and the inbox gets a link to choose the password, next to the attacker's verification e-mail.
    const mails = await waitForEmails(ctx, email, 2);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your e-mail for Mentora', 'Finish signing up for Mentora']);

    // The victim clicks the verification e-mail the attacker caused, in the victim's browser: the link proves the
    // inbox, not the password, so the password set before goes and the browser is sent to choose one.
    const verify = await get(mails[0]!.text.match(verifyLink)![1]!, victimCookie);
    expect(verify.statusCode).toBe(302);
    expect(String(verify.headers.location)).toMatch(/^\/reset-password\?token=/);
    expect(await me(withCookies(victimCookie, verify))).toBeNull();
    expect((await signIn(email, 'attacker-secret-1')).statusCode).toBe(401);
    expect(await me(attackerCookie)).toBeNull();

    const chosen = await post('/api/auth/reset-password', { newPassword: 'victim-secret-2', token: tokenOf(verify.headers.location) });
    expect(chosen.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(user).where(eq(user.email, email));
    expect(row?.emailVerified).toBe(true);

    const victimIn = await signIn(email, 'victim-secret-2');
    expect(victimIn.statusCode).toBe(200);
    expect(await me(withCookies('', victimIn))).toMatchObject({ email });
    expect((await signIn(email, 'attacker-secret-1')).statusCode).toBe(401);
  });

  it('the choose-password e-mail alone also ends the attacker password and verifies the inbox', async () => {
    const email = 'victim.two@example.com';
    await signUp(email, 'attacker-secret-3');
    await signUp(email, 'victim-secret-4');
    const [, choose] = await waitForEmails(ctx, email, 2);
    const redirect = await get(choose!.text.match(resetLink)![1]!);
    expect(redirect.statusCode).toBe(302);
    expect((await post('/api/auth/reset-password', { newPassword: 'victim-secret-4', token: tokenOf(redirect.headers.location) })).statusCode).toBe(200);
    expect((await signIn(email, 'victim-secret-4')).statusCode).toBe(200);
    expect((await signIn(email, 'attacker-secret-3')).statusCode).toBe(401);
  });

  it('ends the sessions of a verified account whose password is reset, and tells its owner about a sign-up attempt', async () => {
    const owner = await createUser(ctx, { email: 'owner@example.com', password: 'owner-secret-5' });
    const other = await signUp(owner.email, 'attacker-secret-6');
    expect(other.statusCode).toBe(200);
    const mails = await waitForEmails(ctx, owner.email);
    expect(mails.at(-1)?.subject).toBe('You already have a Mentora account');
    const redirect = await get(mails.at(-1)!.text.match(resetLink)![1]!);
    expect((await post('/api/auth/reset-password', { newPassword: 'owner-secret-7', token: tokenOf(redirect.headers.location) })).statusCode).toBe(200);
    expect(await me(owner.cookie)).toBeNull();
    expect((await signIn(owner.email, 'owner-secret-7')).statusCode).toBe(200);
  });

  it('keeps the usual sign-up smooth: the link opened in the browser that signed up verifies and signs in', async () => {
    const email = 'smooth@example.com';
    const res = await signUp(email, 'smooth-secret-8');
    const cookie = withCookies('', res);
    const [mail] = await waitForEmails(ctx, email);
    const verify = await get(mail!.text.match(verifyLink)![1]!, cookie);
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/signup');
    expect(await me(withCookies(cookie, verify))).toMatchObject({ email });
    expect((await signIn(email, 'smooth-secret-8')).statusCode).toBe(200);
  });
});
