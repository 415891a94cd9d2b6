/** Account helpers for API tests: create verified accounts directly and sign in through the real endpoint. */
import { createAccount } from '../../src/server/db/seed.js';
import type { TestContext } from './app.js';

export const origin = 'http://localhost:3000';

/** Signs in through POST /api/auth/sign-in/email and returns the Cookie header value. */
export async function signIn(ctx: TestContext, email: string, password = 'mentora-demo'): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin, 'content-type': 'application/json' }, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
  const cookies = res.cookies.map((c) => `${c.name}=${c.value}`);
  return cookies.join('; ');
}

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
    password: a.password,
  });
  const cookie = await signIn(ctx, a.email, a.password);
  return { id, cookie, email: a.email };
}
