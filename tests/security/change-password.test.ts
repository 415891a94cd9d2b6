/**
 * Changing the password offers to sign out other sessions (POST /api/auth/change-password,
 * used by the /account page). Asked, every other session ends; not asked, they stay; the browser that
 * changed the password stays signed in either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin, signIn } from '../helpers/auth.js';

const json = { origin, 'content-type': 'application/json' };
type Res = { cookies: { name: string; value: string }[] };

/** `cookie` with the cookies `res` set replacing those of the same name (what a browser does). */
function applyCookies(cookie: string, res: Res): string {
  const jar = new Map(cookie.split('; ').map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)] as const));
  for (const c of res.cookies) jar.set(c.name, c.value);
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

describe('changing the password', () => {
  let ctx: TestContext;
  const me = async (cookie: string) =>
    ((await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json() as { user: { email: string } | null }).user?.email ?? null;
  const change = (cookie: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { ...json, cookie }, payload });

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('signs out every other session when asked; this browser stays signed in; the new password works', async () => {
    const u = await createUser(ctx, { email: 'revoke@example.com', password: 'first-password-1' });
    const laptop = await signIn(ctx, u.email, 'first-password-1');
    const phone = await signIn(ctx, u.email, 'first-password-1');
    const res = await change(u.cookie, { currentPassword: 'first-password-1', newPassword: 'second-password-2', revokeOtherSessions: true });
    expect(res.statusCode).toBe(200);
    expect(await me(laptop)).toBeNull();
    expect(await me(phone)).toBeNull();
    expect(await me(applyCookies(u.cookie, res))).toBe(u.email);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: json, payload: { email: u.email, password: 'first-password-1' } }))
        .statusCode,
    ).toBe(401);
    expect(await me(await signIn(ctx, u.email, 'second-password-2'))).toBe(u.email);
  });

  it('keeps other sessions when not asked', async () => {
    const u = await createUser(ctx, { email: 'keep@example.com', password: 'first-password-1' });
    const laptop = await signIn(ctx, u.email, 'first-password-1');
    const res = await change(u.cookie, { currentPassword: 'first-password-1', newPassword: 'second-password-2', revokeOtherSessions: false });
    expect(res.statusCode).toBe(200);
    expect(await me(laptop)).toBe(u.email);
    expect(await me(applyCookies(u.cookie, res))).toBe(u.email);
    expect(await me(await signIn(ctx, u.email, 'second-password-2'))).toBe(u.email);
  });

  it('refuses a wrong current password, a common new one and anonymous callers, and changes nothing', async () => {
    const u = await createUser(ctx, { email: 'refused@example.com', password: 'first-password-1' });
    const laptop = await signIn(ctx, u.email, 'first-password-1');
    const wrong = await change(u.cookie, { currentPassword: 'not-it-at-all', newPassword: 'second-password-2', revokeOtherSessions: true });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    const common = await change(u.cookie, { currentPassword: 'first-password-1', newPassword: 'password123', revokeOtherSessions: true });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe('This password is too common. Please choose a less common one.');
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: json,
      payload: { currentPassword: 'first-password-1', newPassword: 'second-password-2' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await me(laptop)).toBe(u.email);
    expect(await me(await signIn(ctx, u.email, 'first-password-1'))).toBe(u.email);
  });
});
