/**
 * Account helpers for API tests: create verified accounts directly and sign in through the real endpoints. Team
 * members need two-factor sign-in (src/server/auth/guards.ts): signing in as an admin without it enrols an
 * authenticator through the real endpoints, as the web app makes them do, and later sign-ins answer the code.
 */
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { createAccount, demoPassword } from '../../src/server/demo/seed.js';
import { authTwoFactor, user } from '../../src/server/db/schema.js';
import type { TestContext } from './app.js';
import { secretOf, totp } from './totp.js';

export const origin = 'http://localhost:3000';
const json = { origin, 'content-type': 'application/json' };

type Answer = { statusCode: number; body: string; cookies: { name: string; value: string; maxAge?: number; expires?: Date }[] };

/** `cookie` (a Cookie header) with the answer's Set-Cookie applied: set cookies replace, expired ones go. */
export function withCookies(cookie: string, res: Pick<Answer, 'cookies'>): string {
  const jar = new Map(cookie ? cookie.split('; ').map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)] as const) : []);
  for (const c of res.cookies) {
    if (c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name);
    else jar.set(c.name, c.value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** The authenticator secret (base32) of each account a test enrolled, per app. */
const enrolled = new WeakMap<TestContext, Map<string, string>>();
const secretsOf = (ctx: TestContext) => enrolled.get(ctx) ?? enrolled.set(ctx, new Map()).get(ctx)!;

/** The authenticator secret a helper enrolled for `email` (to compute codes in a test), if any. */
export function totpSecretOf(ctx: TestContext, email: string): string | undefined {
  return secretsOf(ctx).get(email.toLowerCase());
}

/**
 * Clears the record of the last authenticator code `userId` used. The server takes each 30-second step's code once
 * (src/server/auth/totp-once.ts); the helpers' own sign-ins are set-up, so after each one a test can still send the
 * current code once, however soon. The rule itself is tested in tests/api/totp-once.test.ts.
 */
export async function forgetUsedCode(ctx: TestContext, userId: string): Promise<void> {
  await ctx.database.db.update(authTwoFactor).set({ lastUsedStep: null }).where(eq(authTwoFactor.userId, userId));
}

/**
 * Turns two-factor sign-in on for the account signed in by `cookie`: POST /two-factor/enable with the password,
 * then a code computed from the otpauth URI. Returns the new session's Cookie header, the secret and the backup codes.
 */
export async function enrolTwoFactor(
  ctx: TestContext,
  cookie: string,
  email: string,
  password = 'mentora-demo',
): Promise<{ cookie: string; secret: string; backupCodes: string[] }> {
  const enable = await ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/enable', headers: { ...json, cookie }, payload: { password } });
  if (enable.statusCode !== 200) throw new Error(`2FA enable failed for ${email}: ${enable.statusCode} ${enable.body}`);
  const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();
  const secret = secretOf(totpURI);
  const verify = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    headers: { ...json, cookie },
    payload: { code: totp(secret) },
  });
  if (verify.statusCode !== 200) throw new Error(`2FA verify failed for ${email}: ${verify.statusCode} ${verify.body}`);
  await forgetUsedCode(ctx, verify.json<{ user: { id: string } }>().user.id);
  secretsOf(ctx).set(email.toLowerCase(), secret);
  return { cookie: withCookies(cookie, verify), secret, backupCodes };
}

/**
 * Signs in through POST /api/auth/sign-in/email (and /two-factor/verify-totp when the account has two-factor
 * sign-in) and returns the Cookie header value. An admin without two-factor sign-in is enrolled first.
 */
export async function signIn(ctx: TestContext, email: string, password = 'mentora-demo'): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: json, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
  let cookie = withCookies('', res);
  if (res.json<{ twoFactorRedirect?: boolean }>().twoFactorRedirect) {
    const secret = totpSecretOf(ctx, email);
    if (!secret) throw new Error(`${email} has two-factor sign-in but no test enrolled it`);
    const verify = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { ...json, cookie },
      payload: { code: totp(secret) },
    });
    if (verify.statusCode !== 200) throw new Error(`2FA sign-in failed for ${email}: ${verify.statusCode} ${verify.body}`);
    await forgetUsedCode(ctx, verify.json<{ user: { id: string } }>().user.id);
    cookie = withCookies(cookie, verify);
  }
  const [row] = await ctx.database.db
    .select({ role: user.role, twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.email, email.toLowerCase()));
  if (row?.role === 'admin' && !row.twoFactorEnabled) cookie = (await enrolTwoFactor(ctx, cookie, email, password)).cookie;
  return cookie;
}

/** The token of the sign-in session in Cookie header `cookie` (its signed value's first part), as `POST /api/auth/revoke-session` takes it. */
export function sessionTokenOf(cookie: string): string {
  const value = cookie.split('; ').find((c) => c.includes('session_token='))!;
  return decodeURIComponent(value.slice(value.indexOf('=') + 1)).split('.')[0]!;
}

/**
 * Hashes of fixture passwords, one per password for this worker: argon2id at the lowest cost (1 MiB, one pass)
 * instead of the product's 19 MiB and two passes. Sign-in verifies with the cost written in the stored hash, so a
 * fixture account costs about 1 ms of hashing instead of about 90 (its hash and its first sign-in), over a thousand
 * times a pass. Passwords people set go through the product's own hashing: tests/security/passwords.test.ts checks
 * its cost on an account made by sign-up.
 */
const fixtureHashes = new Map<string, Promise<string>>();
const fixtureHash = (password: string) =>
  fixtureHashes.get(password) ??
  fixtureHashes.set(password, argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 })).get(password)!;

/** Creates a verified account with a complete profile and returns its id and a signed-in Cookie header. */
export async function createUser(
  ctx: TestContext,
  a: { email: string; role?: 'client' | 'expert' | 'admin'; firstName?: string; lastName?: string; password?: string },
): Promise<{ id: string; cookie: string; email: string }> {
  const id = await createAccount(ctx.database.db, ctx.app.auth, {
    email: a.email,
    firstName: a.firstName ?? 'Test',
    lastName: a.lastName ?? 'User',
    role: a.role ?? 'client',
    passwordHash: await fixtureHash(a.password ?? demoPassword),
  });
  const cookie = await signIn(ctx, a.email, a.password);
  return { id, cookie, email: a.email };
}
