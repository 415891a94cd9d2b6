/**
 * Two-factor sign-in (docs/security.md "Two-factor sign-in"): the team console needs it, a sign-in of an enrolled
 * account opens no session before the second factor, backup codes work once, and disabling needs the password.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { createAccount } from '../../src/server/demo/seed.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { enrolTwoFactor, origin, withCookies } from '../helpers/auth.js';
import { totp } from '../helpers/totp.js';
import { makePdf, tinyPng, upload } from '../helpers/uploads.js';

const json = { origin, 'content-type': 'application/json' };

describe('two-factor sign-in', () => {
  let ctx: TestContext;
  const log: string[] = [];
  const attempts = (action: string) =>
    log
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.event === 'auth.attempt' && l.action === action);
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        log.push(String(chunk));
        done();
      },
    });
    // With REDIS_TEST_URL, sessions and verification values live in Redis too (as on several servers).
    ctx = await createTestApp(process.env.REDIS_TEST_URL ? { REDIS_URL: process.env.REDIS_TEST_URL, REDIS_KEY_PREFIX: `t${Date.now()}:` } : {}, {
      logger: { level: 'info', stream },
    });
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: unknown, cookie = '') =>
    ctx.app.inject({ method: 'POST', url, headers: { ...json, cookie }, payload: payload as object });
  const me = async (cookie: string) =>
    (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json<{ user: { email: string; twoFactorEnabled: boolean } | null }>().user;
  /** Password step only: the answer and the cookies it leaves. */
  const passwordStep = async (email: string, password = 'mentora-demo') => {
    const res = await post('/api/auth/sign-in/email', { email, password });
    return { res, cookie: withCookies('', res) };
  };

  it('refuses every team console route to an admin without two-factor sign-in, and opens it once enrolled', async () => {
    const email = 'new.admin@example.com';
    await createAccount(ctx.database.db, ctx.app.auth, { email, firstName: 'New', lastName: 'Admin', role: 'admin' });
    const { res, cookie } = await passwordStep(email);
    expect(res.statusCode).toBe(200);
    for (const url of ['/api/admin/summary', '/api/admin/applications', '/api/admin/disputes']) {
      const refused = await ctx.app.inject({ url, headers: { cookie } });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.message).toBe(messages.auth.twoFactorRequired);
    }
    expect(await me(cookie)).toMatchObject({ email, twoFactorEnabled: false });

    const enrolled = await enrolTwoFactor(ctx, cookie, email);
    expect(enrolled.backupCodes).toHaveLength(10);
    // Readable off paper: no 0/O, 1/I/L, and no U to take for V.
    for (const code of enrolled.backupCodes) expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{5}-[2-9A-HJKMNP-TV-Z]{5}$/);
    expect(await me(enrolled.cookie)).toMatchObject({ twoFactorEnabled: true });
    expect((await ctx.app.inject({ url: '/api/admin/summary', headers: { cookie: enrolled.cookie } })).statusCode).toBe(200);
  });

  it('opens no session after the password alone; a wrong code is refused, the right one signs in', async () => {
    const email = 'two.steps@example.com';
    await createAccount(ctx.database.db, ctx.app.auth, { email, firstName: 'Two', lastName: 'Steps', role: 'client' });
    const first = await passwordStep(email);
    const { secret } = await enrolTwoFactor(ctx, first.cookie, email);

    const { res, cookie } = await passwordStep(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(await me(cookie)).toBeNull();
    expect(res.cookies.find((c) => c.name.endsWith('session_token') && c.value)).toBeUndefined();

    const wrong = String((Number(totp(secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post('/api/auth/two-factor/verify-totp', { code: wrong }, cookie);
    expect(refused.statusCode).toBe(401);
    expect(await me(withCookies(cookie, refused))).toBeNull();

    const verified = await post('/api/auth/two-factor/verify-totp', { code: totp(secret) }, cookie);
    expect(verified.statusCode).toBe(200);
    expect(await me(withCookies(cookie, verified))).toMatchObject({ email });

    // Both second steps are logged as authentication attempts, without the code.
    expect(
      attempts('two-factor')
        .slice(-2)
        .map((l) => [l.outcome, l.reason]),
    ).toEqual([
      ['failure', 'INVALID_CODE'],
      ['success', null],
    ]);
    expect(log.join('')).not.toContain(`"${totp(secret)}"`);
  });

  it('accepts a backup code once', async () => {
    const email = 'backup.codes@example.com';
    await createAccount(ctx.database.db, ctx.app.auth, { email, firstName: 'Backup', lastName: 'Codes', role: 'expert' });
    const { backupCodes } = await enrolTwoFactor(ctx, (await passwordStep(email)).cookie, email);
    const code = backupCodes[0]!;

    const once = await passwordStep(email);
    const used = await post('/api/auth/two-factor/verify-backup-code', { code }, once.cookie);
    expect(used.statusCode).toBe(200);
    expect(await me(withCookies(once.cookie, used))).toMatchObject({ email });

    const twice = await passwordStep(email);
    const again = await post('/api/auth/two-factor/verify-backup-code', { code }, twice.cookie);
    expect(again.statusCode).toBe(401);
    expect(await me(withCookies(twice.cookie, again))).toBeNull();
  });

  it('turns off only with the password', async () => {
    const email = 'turn.off@example.com';
    await createAccount(ctx.database.db, ctx.app.auth, { email, firstName: 'Turn', lastName: 'Off', role: 'client' });
    const { cookie } = await enrolTwoFactor(ctx, (await passwordStep(email)).cookie, email);
    expect((await post('/api/auth/two-factor/disable', { password: 'not-my-password' }, cookie)).statusCode).toBe(400);
    const off = await post('/api/auth/two-factor/disable', { password: 'mentora-demo' }, cookie);
    expect(off.statusCode).toBe(200);
    expect(await me(withCookies(cookie, off))).toMatchObject({ twoFactorEnabled: false });
    expect((await passwordStep(email)).res.json()).not.toHaveProperty('twoFactorRedirect');
  });
  it("lets an admin without two-factor sign-in read no one else's CV or unattached upload; enrolled, the team reads them", async () => {
    const owner = 'cv.owner@example.com';
    await createAccount(ctx.database.db, ctx.app.auth, { email: owner, firstName: 'Cv', lastName: 'Owner', role: 'expert' });
    const ownerCookie = (await passwordStep(owner)).cookie;
    const cv = (await upload(ctx, ownerCookie, 'cv', 'cv.pdf', await makePdf(['Jane Doe', 'Product designer']))).json<{ file: { id: string } }>().file;
    const photo = (await upload(ctx, ownerCookie, 'photo', 'me.png', tinyPng)).json<{ file: { id: string } }>().file;

    const admin = 'files.admin@example.com';
    await createAccount(ctx.database.db, ctx.app.auth, { email: admin, firstName: 'Files', lastName: 'Admin', role: 'admin' });
    const { cookie } = await passwordStep(admin);
    const read = (id: string, as: string) => ctx.app.inject({ url: `/api/files/${id}`, headers: { cookie: as } });
    expect((await read(cv.id, cookie)).statusCode).toBe(403);
    expect((await read(photo.id, cookie)).statusCode).toBe(404);

    const enrolled = await enrolTwoFactor(ctx, cookie, admin);
    expect((await read(cv.id, enrolled.cookie)).statusCode).toBe(200);
    expect((await read(photo.id, enrolled.cookie)).statusCode).toBe(200);
  });
});
