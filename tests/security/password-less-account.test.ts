/**
 * An account that signs in only with Google (docs/security.md "Accounts without a password"): it has no password, so
 * two-factor sign-in — which asks for a code after the password — cannot be turned on until the account sets one
 * with the link e-mailed to its own address; then it can.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccount } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin, withCookies } from '../helpers/auth.js';
import { waitForEmails } from '../helpers/outbox.js';

const json = { origin, 'content-type': 'application/json' };
const resetLink = /http:\/\/localhost:3000(\/api\/auth\/reset-password\/[^\s]+)/;

describe('an account that signs in only with Google', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: object, cookie = '') => ctx.app.inject({ method: 'POST', url, headers: { ...json, cookie }, payload });
  const providers = async (cookie: string) =>
    (await ctx.app.inject({ url: '/api/auth/list-accounts', headers: { cookie } }))
      .json<{ providerId: string }[]>()
      .map((a) => a.providerId)
      .sort();

  it('has no password until the link e-mailed to its address sets one, and only then turns on two-factor sign-in', async () => {
    const u = await createUser(ctx, { email: 'google-only@example.com' });
    // As after a Google sign-in that proved the inbox of an address someone had signed up with (inbox-proof.ts):
    // the account's only way in is Google.
    await ctx.database.db.delete(authAccount).where(and(eq(authAccount.userId, u.id), eq(authAccount.providerId, 'credential')));
    await ctx.database.db.insert(authAccount).values({ id: randomUUID(), userId: u.id, providerId: 'google', accountId: `google-${u.id}` });
    expect(await providers(u.cookie)).toEqual(['google']);
    const refused = await post('/api/auth/two-factor/enable', { password: 'mentora-demo', issuer: 'Mentora' }, u.cookie);
    expect(refused.statusCode).toBe(400);

    // /account's "E-mail me a link" asks for the reset link of the account's own address.
    expect((await post('/api/auth/request-password-reset', { email: u.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const mail = (await waitForEmails(ctx, u.email)).at(-1)!;
    const redirect = await ctx.app.inject({ url: mail.text.match(resetLink)![1]! });
    const token = new URL(String(redirect.headers.location), origin).searchParams.get('token');
    expect((await post('/api/auth/reset-password', { newPassword: 'chosen-at-last-1', token })).statusCode).toBe(200);

    const signIn = await post('/api/auth/sign-in/email', { email: u.email, password: 'chosen-at-last-1' });
    expect(signIn.statusCode).toBe(200);
    const cookie = withCookies('', signIn);
    expect(await providers(cookie)).toEqual(['credential', 'google']);
    const enabled = await post('/api/auth/two-factor/enable', { password: 'chosen-at-last-1', issuer: 'Mentora' }, cookie);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json<{ totpURI: string }>().totpURI).toMatch(/^otpauth:\/\/totp\/Mentora:/);
  });
});
