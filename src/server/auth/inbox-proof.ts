/**
 * Account pre-hijacking defence (docs/security.md "Account pre-hijacking"; docs/decisions/011-inbox-proof-and-two-factor.md):
 * whoever proves control of an e-mail inbox ends up the only one able to sign in to its account.
 *
 * - A sign-up for an e-mail that already has an account answers exactly like a new sign-up (Better Auth's generic
 *   answer) and e-mails the inbox a link to choose a password: "finish your sign-up" when the account is not
 *   verified yet, "you already have an account" when it is.
 * - Completing a password reset proves the inbox: the e-mail becomes verified (Better Auth already ends every
 *   session, `revokeSessionsOnPasswordReset`).
 * - The sign-up verification link proves the inbox, not the password. Opened in the browser that signed up (it
 *   holds a signed `signup` cookie naming the account) it verifies and signs in as before. Opened anywhere else,
 *   the password set before it is removed, every session ends, and the browser is sent to choose a password
 *   (/reset-password with a fresh one-hour token); choosing it verifies the e-mail.
 */
import { generateId, type AuthContext, type User } from 'better-auth';
import { APIError } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authAccount, user as userTable } from '../db/schema.js';
import { enqueueEmail } from '../infra/mail/outbox.js';
import { actionEmail } from '../infra/mail/templates.js';

/** Lifetime of the sign-up browser cookie (s): as long as the verification link it pairs with. */
const signupCookieMaxAge = 24 * 60 * 60;
/** Lifetime of a choose-your-password token (s), as a reset link's. */
const resetTokenMaxAge = 60 * 60;

/** The part of a Better Auth hook context these steps use (a `createAuthMiddleware` handler's `ctx`). */
type HookContext = {
  path?: string;
  request?: Request;
  context: { returned?: unknown; createAuthCookie: AuthContext['createAuthCookie'] };
  getSignedCookie: (key: string, secret: string) => Promise<string | false | null>;
  setSignedCookie: (key: string, value: string, secret: string, options?: Record<string, unknown>) => Promise<string>;
};

/**
 * `authContext()` resolves Better Auth's context (its internal adapter, which also clears sessions kept in Redis);
 * `secret` is AUTH_SECRET (signs the sign-up cookie).
 */
export function inboxProof({ db, secret, authContext }: { db: Db; secret: string; authContext: () => Promise<AuthContext> }) {
  /** The account each verification request's browser signed up, read by the before hook (null: none). */
  const signedUpBy = new WeakMap<Request, string | null>();
  const signupCookie = (ctx: HookContext) => ctx.context.createAuthCookie('signup', { maxAge: signupCookieMaxAge, sameSite: 'lax', httpOnly: true, path: '/' });

  /** A one-hour choose-your-password token for `userId`: the token Better Auth's /reset-password accepts. */
  async function resetToken(userId: string): Promise<string> {
    const token = generateId(24);
    const ctx = await authContext();
    await ctx.internalAdapter.createVerificationValue({
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: new Date(Date.now() + resetTokenMaxAge * 1000),
    });
    return token;
  }

  return {
    /**
     * After-hook step for /sign-up/email: the answer's account id goes into a signed cookie. For an e-mail that
     * already had an account Better Auth answers with a made-up id, so the cookie is set either way (the answer
     * stays the same) but only names an account this browser created, with this browser's password.
     */
    async markSignupBrowser(ctx: HookContext): Promise<void> {
      if (ctx.path !== '/sign-up/email') return;
      const id = (ctx.context.returned as { user?: { id?: unknown } } | undefined)?.user?.id;
      if (typeof id !== 'string') return;
      const cookie = signupCookie(ctx);
      await ctx.setSignedCookie(cookie.name, id, secret, cookie.attributes);
    },

    /** Before-hook step for /verify-email: remembers which account, if any, this browser signed up. */
    async readSignupBrowser(ctx: HookContext): Promise<void> {
      if (ctx.path !== '/verify-email' || !ctx.request) return;
      const value = await ctx.getSignedCookie(signupCookie(ctx).name, secret);
      signedUpBy.set(ctx.request, typeof value === 'string' ? value : null);
    },

    /**
     * `emailVerification.beforeEmailVerification`: runs for a valid link of an unverified account. Every session
     * ends; unless this browser signed the account up, its password goes too and the browser is redirected (302)
     * to /reset-password to choose one, without verifying or signing in.
     */
    async beforeEmailVerification(user: User, request?: Request): Promise<void> {
      const ctx = await authContext();
      await ctx.internalAdapter.deleteUserSessions(user.id);
      if (request && signedUpBy.get(request) === user.id) return;
      await db.delete(authAccount).where(and(eq(authAccount.userId, user.id), eq(authAccount.providerId, 'credential')));
      const token = await resetToken(user.id);
      throw new APIError('FOUND', undefined, { Location: `/reset-password?token=${token}&welcome=1` });
    },

    /** `emailAndPassword.onExistingUserSignUp`: e-mails the inbox a link to choose the password (see above). */
    async onExistingUserSignUp({ user }: { user: User }): Promise<void> {
      const ctx = await authContext();
      const url = `${ctx.baseURL}/reset-password/${await resetToken(user.id)}?callbackURL=${encodeURIComponent('/reset-password')}`;
      const email = user.emailVerified
        ? actionEmail({
            to: user.email,
            subject: 'You already have a Mentora account',
            paragraphs: [
              'Someone tried to sign up for Mentora with this e-mail address, which already has an account.',
              'If it was you, sign in instead — or choose a new password with the link below (it works once and expires in one hour). If it was not you, ignore this e-mail: nothing has changed.',
            ],
            actionLabel: 'Choose a new password',
            url,
          })
        : actionEmail({
            to: user.email,
            subject: 'Finish signing up for Mentora',
            paragraphs: [
              'Someone signed up for Mentora with this e-mail address, and it has not been confirmed yet.',
              'To use the account, choose its password with the link below: it confirms this inbox is yours and replaces any password set before. The link works once and expires in one hour.',
            ],
            actionLabel: 'Choose my password',
            url,
          });
      await enqueueEmail(db, email);
    },

    /** `emailAndPassword.onPasswordReset`: choosing a password through an e-mailed link proves the inbox. */
    async onPasswordReset({ user }: { user: User }): Promise<void> {
      if (!user.emailVerified) await db.update(userTable).set({ emailVerified: true, updatedAt: new Date() }).where(eq(userTable.id, user.id));
    },
  };
}
