import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser } from '../helpers/auth.js';

/**
 * docs/security.md "Opened at another address": without BASE_URL the address the browser used is the server's
 * own; with BASE_URL, a write from any other address is refused with a message naming the address to open.
 */
const contact = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Hello', message: 'A question about booking.' };
const json = { 'content-type': 'application/json' };

/** Headers of a browser on `address` (an origin) writing to the server it opened. */
const browserAt = (address: string) => ({ ...json, origin: address, host: new URL(address).host, 'sec-fetch-site': 'same-origin' });

async function contactCount(ctx: TestContext) {
  return (await ctx.database.db.select({ n: count() }).from(contactMessages))[0]!.n;
}

describe('without BASE_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ BASE_URL: undefined, PORT: '3000' });
    await createUser(ctx, { email: 'loopback@example.com', password: 'loopback-password-1' });
  });
  afterAll(() => ctx.close());

  it('accepts forms and sign-in from the address the browser used: 127.0.0.1, [::1] or a LAN address', async () => {
    const before = await contactCount(ctx);
    for (const address of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://192.168.1.20:3000', 'http://localhost:3000']) {
      const sent = await ctx.app.inject({ method: 'POST', url: '/api/contact', headers: browserAt(address), payload: contact });
      expect(sent.statusCode, `${address}: ${sent.body}`).toBe(201);
      const signIn = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: browserAt(address),
        payload: { email: 'loopback@example.com', password: 'loopback-password-1' },
      });
      expect(signIn.statusCode, `${address}: ${signIn.body}`).toBe(200);
    }
    expect(await contactCount(ctx)).toBe(before + 4);
  });

  it('still refuses a page of another site posting to it, and writes nothing', async () => {
    const before = await contactCount(ctx);
    const foreign = { ...json, origin: 'http://evil.example', host: '127.0.0.1:3000' };
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/contact', headers: foreign, payload: contact });
    expect(sent.statusCode).toBe(403);
    expect(sent.json().error.message).toBe("You don't have permission to do that");
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: foreign,
      payload: { email: 'forged@example.com', password: 'forged-password-1', name: '' },
    });
    expect(signUp.statusCode).toBe(403);
    expect(await contactCount(ctx)).toBe(before);
  });
});

describe('with BASE_URL set (http://localhost:3000)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ BASE_URL: 'http://localhost:3000' });
    await createUser(ctx, { email: 'fixed@example.com', password: 'fixed-password-1' });
  });
  afterAll(() => ctx.close());

  it('refuses a write from another address with a message naming the address to open, and writes nothing', async () => {
    const before = await contactCount(ctx);
    const expected = "This page is open at an address Mentora doesn't use. Open http://localhost:3000 and try again.";
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/contact', headers: browserAt('http://127.0.0.1:3000'), payload: contact });
    expect(sent.statusCode).toBe(403);
    expect(sent.json().error.message).toBe(expected);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: browserAt('http://127.0.0.1:3000'),
      payload: { email: 'fixed@example.com', password: 'fixed-password-1' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.message).toBe(expected);
    expect(signIn.cookies).toHaveLength(0);
    expect(await contactCount(ctx)).toBe(before);
    const atBase = await ctx.app.inject({ method: 'POST', url: '/api/contact', headers: browserAt('http://localhost:3000'), payload: contact });
    expect(atBase.statusCode).toBe(201);
  });
});
