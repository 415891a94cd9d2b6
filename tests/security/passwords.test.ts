import { count, eq } from 'drizzle-orm';
import { hashPassword as betterAuthScrypt } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccount, authVerification, user } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { waitForEmails } from '../helpers/outbox.js';

const json = { origin, 'content-type': 'application/json' };
const tooCommon = 'This password is too common. Please choose a less common one.';

/** Password choice, hashing, reset tokens, uniform answers. */
describe('passwords', () => {
  let ctx: TestContext;
  const users = async () => (await ctx.database.db.select({ n: count() }).from(user))[0]!.n;
  const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: json, payload });

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('refuses a sign-up with one of the 10 000 most common passwords and writes nothing', async () => {
    const before = await users();
    for (const password of ['password1', 'QWERTY123', 'iloveyou']) {
      const res = await post('/api/auth/sign-up/email', { email: `common-${password}@example.com`, password, name: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(tooCommon);
    }
    expect(await users()).toBe(before);
  });

  it('stores new passwords as argon2id (m = 19 MiB, t = 2, p = 1)', async () => {
    const res = await post('/api/auth/sign-up/email', { email: 'fresh@example.com', password: 'violet-harbour-42', name: '' });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ password: authAccount.password })
      .from(authAccount)
      .innerJoin(user, eq(user.id, authAccount.userId))
      .where(eq(user.email, 'fresh@example.com'));
    expect(row!.password).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('still accepts a password hashed before (Better Auth scrypt)', async () => {
    const u = await createUser(ctx, { email: 'legacy@example.com', password: 'old-but-gold-77' });
    await ctx.database.db
      .update(authAccount)
      .set({ password: await betterAuthScrypt('old-but-gold-77') })
      .where(eq(authAccount.userId, u.id));
    expect((await post('/api/auth/sign-in/email', { email: 'legacy@example.com', password: 'old-but-gold-77' })).statusCode).toBe(200);
    expect((await post('/api/auth/sign-in/email', { email: 'legacy@example.com', password: 'old-but-gold-78' })).statusCode).toBe(401);
  });

  it('answers a wrong password the same for a known and an unknown e-mail', async () => {
    await createUser(ctx, { email: 'known@example.com' });
    const known = await post('/api/auth/sign-in/email', { email: 'known@example.com', password: 'not-the-password' });
    const unknown = await post('/api/auth/sign-in/email', { email: 'nobody-here@example.com', password: 'not-the-password' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
  });

  it('refuses a common new password on reset; reset tokens are single-use and expire', async () => {
    const u = await createUser(ctx, { email: 'reset@example.com' });
    const seen = new Set<string>();
    const tokenFor = async () => {
      expect((await post('/api/auth/request-password-reset', { email: u.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
      const mails = await waitForEmails(ctx, u.email, seen.size + 1);
      const text = mails.map((m) => m.text).join('\n');
      const fresh = [...text.matchAll(/\/api\/auth\/reset-password\/([^\s?]+)/g)].map((m) => m[1]!).filter((t) => !seen.has(t));
      expect(fresh).toHaveLength(1);
      seen.add(fresh[0]!);
      return fresh[0]!;
    };
    const token = await tokenFor();
    const common = await post('/api/auth/reset-password', { newPassword: 'password123', token });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(tooCommon);
    expect((await post('/api/auth/reset-password', { newPassword: 'granite-meadow-19', token })).statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { newPassword: 'granite-meadow-20', token })).statusCode).toBe(400);

    const expired = await tokenFor();
    await ctx.database.db
      .update(authVerification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authVerification.identifier, `reset-password:${expired}`));
    expect((await post('/api/auth/reset-password', { newPassword: 'granite-meadow-21', token: expired })).statusCode).toBe(400);
    expect((await post('/api/auth/sign-in/email', { email: u.email, password: 'granite-meadow-19' })).statusCode).toBe(200);
  });
});
