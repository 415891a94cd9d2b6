/**
 * One use of an authenticator code per account and time step (RFC 6238 §5.2: "The verifier MUST NOT accept the
 * second attempt of the OTP after the successful validation has been issued for the first OTP"; docs/security.md
 * "Second factor"). Better Auth's two-factor plugin (1.7) checks a code against the secret and the clock only, so a
 * code seen over a shoulder or in a proxy's log would open a second sign-in, or approve a second role change, for
 * as long as it stays valid (up to 90 s: its step and one on either side).
 *
 * Before `/two-factor/verify-totp` runs — at sign-in (the two-factor cookie names the account) and at every step-up
 * or enrolment (the session does) — this finds the step the code belongs to and claims it in
 * `auth_two_factor.last_used_step` with one conditional UPDATE, so two servers given the same code at the same time
 * cannot both win. A step at or before the last claimed one is refused; a code that matches no step is left to
 * Better Auth, which refuses it and counts the failure.
 */
import { createHmac } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { AuthContext, GenericEndpointContext } from 'better-auth';
import { messages } from '../../shared/messages.js';
import type { Db } from '../db/client.js';
import { authTwoFactor } from '../db/schema.js';

/** The plugin's defaults (RFC 6238 §4, §5.2): 30-second steps, 6 digits, one step of clock drift either way. */
const periodMs = 30_000;
const digits = 6;
const window = 1;

/** The RFC 4226 §5.3 code of `key` (the secret's UTF-8 bytes, as the plugin uses it) for time step `step`. */
function hotp(key: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits).padStart(digits, '0');
}

/** The time step within the window around `now` (ms) whose code is `code`, or null when none is. */
function stepOfCode(key: string, code: string, now = Date.now()): number | null {
  const current = Math.floor(now / periodMs);
  for (let step = current - window; step <= current + window; step++) if (hotp(key, step) === code) return step;
  return null;
}

/** The account a `/two-factor/verify-totp` request is for: its session's, else the pending sign-in's, else null. */
async function accountOf(ctx: GenericEndpointContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx, { disableRefresh: true });
  if (session) return session.user.id;
  const challenge = await ctx.getSignedCookie(ctx.context.createAuthCookie('two_factor').name, ctx.context.secret);
  if (!challenge) return null;
  return (await ctx.context.internalAdapter.findVerificationValue(challenge))?.value ?? null;
}

/**
 * Better Auth `before` step: on `/two-factor/verify-totp` with the right code, claims the code's time step for the
 * account, or throws 401 `TOTP_CODE_USED` (`messages.auth.totpCodeUsed`) when that step or a later one was already
 * used. Every other request, and a wrong or missing code, passes untouched.
 */
export function totpOncePerStep(db: Db) {
  return async (ctx: GenericEndpointContext) => {
    const code = (ctx.body as { code?: unknown } | undefined)?.code;
    if (ctx.path !== '/two-factor/verify-totp' || typeof code !== 'string') return;
    const userId = await accountOf(ctx);
    if (!userId) return;
    const [row] = await db.select({ secret: authTwoFactor.secret }).from(authTwoFactor).where(eq(authTwoFactor.userId, userId));
    if (!row) return;
    const key = await symmetricDecrypt({ key: (ctx.context as AuthContext).secretConfig, data: row.secret });
    const step = stepOfCode(key, code);
    if (step === null) return;
    const claimed = await db
      .update(authTwoFactor)
      .set({ lastUsedStep: step })
      .where(and(eq(authTwoFactor.userId, userId), or(isNull(authTwoFactor.lastUsedStep), lt(authTwoFactor.lastUsedStep, step))))
      .returning({ id: authTwoFactor.id });
    if (claimed.length === 0) throw new APIError('UNAUTHORIZED', { message: messages.auth.totpCodeUsed, code: 'TOTP_CODE_USED' });
  };
}
