/**
 * Rate limits count the signed-in account, and a visitor's address (docs/security.md "Rate limits"): people behind
 * one address (a campus, an office) each keep their own limit, and signing in from many addresses does not multiply
 * an account's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser } from '../helpers/auth.js';

describe('whom a rate limit counts', () => {
  let ctx: TestContext;
  // GET /api/me/export allows 10 a minute (src/server/modules/me/account-routes.ts).
  const limit = 10;
  const exportFrom = (cookie: string, remoteAddress: string) => ctx.app.inject({ url: '/api/me/export', headers: { cookie }, remoteAddress });

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('gives each account behind one address its own limit', async () => {
    const first = await createUser(ctx, { email: 'first@campus.example' });
    const second = await createUser(ctx, { email: 'second@campus.example' });
    for (let i = 0; i < limit; i += 1) expect((await exportFrom(first.cookie, '198.51.100.20')).statusCode).toBe(200);
    const refused = await exportFrom(first.cookie, '198.51.100.20');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(messages.common.rateLimited);
    expect((await exportFrom(second.cookie, '198.51.100.20')).statusCode).toBe(200);
  });

  it('keeps an account to its limit from any number of addresses', async () => {
    const roaming = await createUser(ctx, { email: 'roaming@example.com' });
    for (let i = 0; i < limit; i += 1) expect((await exportFrom(roaming.cookie, `203.0.113.${i + 1}`)).statusCode).toBe(200);
    expect((await exportFrom(roaming.cookie, '203.0.113.200')).statusCode).toBe(429);
  });
});
