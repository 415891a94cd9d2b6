/**
 * An authenticator code is accepted once per account and time step (RFC 6238 §5.2; docs/security.md "Second
 * factor"): at sign-in, at every step-up (a role change), and across the two, even when both arrive at once. The
 * record lives in the database (auth_two_factor.last_used_step), so every server refuses a code another one took.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/server/db/schema.js';
import { messages } from '../../src/shared/messages.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, forgetUsedCode, origin, totpSecretOf, withCookies } from '../helpers/auth.js';
import { totp } from '../helpers/totp.js';

const json = { origin, 'content-type': 'application/json' };
const email = 'replay-admin@example.com';

describe('an authenticator code works once', () => {
  let ctx: TestContext;
  let admin: { id: string; cookie: string };
  let secret: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createUser(ctx, { email, role: 'admin' });
    secret = totpSecretOf(ctx, email)!;
  });
  afterAll(() => ctx.close());

  /** The password step of a sign-in: the Cookie header holding its two-factor challenge. */
  async function passwordStep(): Promise<string> {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: json, payload: { email, password: 'mentora-demo' } });
    expect(res.json()).toMatchObject({ twoFactorRedirect: true });
    return withCookies('', res);
  }

  const codeStep = (cookie: string, code: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/verify-totp', headers: { ...json, cookie }, payload: { code } });

  const roleChange = (personId: string, code: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/users/${personId}/role`, headers: { ...json, cookie: admin.cookie }, payload: { role: 'expert', code } });

  const roleOf = async (id: string) => (await ctx.database.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]!.role;

  it('at sign-in: a second sign-in with the same code is refused and opens no session', async () => {
    await forgetUsedCode(ctx, admin.id);
    const code = totp(secret);
    const first = await codeStep(await passwordStep(), code);
    expect(first.statusCode, first.body).toBe(200);
    const second = await codeStep(await passwordStep(), code);
    expect(second.statusCode).toBe(401);
    expect(second.json()).toMatchObject({ code: 'TOTP_CODE_USED', message: messages.auth.totpCodeUsed });
    expect(second.cookies.map((c) => c.name)).not.toContain('better-auth.session_token');
    // The next step's code (an app one step ahead of the server's clock) still signs in.
    expect((await codeStep(await passwordStep(), totp(secret, Date.now() + 30_000))).statusCode).toBe(200);
  });

  it('at sign-in: of two sign-ins sending the same code at once, one opens a session', async () => {
    await forgetUsedCode(ctx, admin.id);
    const code = totp(secret);
    const [a, b] = [await passwordStep(), await passwordStep()];
    const statuses = (await Promise.all([codeStep(a, code), codeStep(b, code)])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it('at a step-up: a second role change with the same code is refused and changes nothing', async () => {
    const first = await createUser(ctx, { email: 'replay-first@example.com' });
    const second = await createUser(ctx, { email: 'replay-second@example.com' });
    await forgetUsedCode(ctx, admin.id);
    const code = totp(secret);
    expect((await roleChange(first.id, code)).statusCode).toBe(200);
    const again = await roleChange(second.id, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(messages.auth.totpCodeUsed);
    expect(await roleOf(second.id)).toBe('client');
  });

  it('across the two: a code that signed in cannot approve a role change', async () => {
    const person = await createUser(ctx, { email: 'replay-third@example.com' });
    await forgetUsedCode(ctx, admin.id);
    const code = totp(secret);
    expect((await codeStep(await passwordStep(), code)).statusCode).toBe(200);
    expect((await roleChange(person.id, code)).json().error.message).toBe(messages.auth.totpCodeUsed);
    expect(await roleOf(person.id)).toBe('client');
  });
});
