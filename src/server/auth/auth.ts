/**
 * Better Auth instance: e-mail + password with required e-mail verification,
 * password reset by e-mail link, Google when configured, cookie sessions, and rate limits on every
 * auth endpoint. Verification and reset e-mails go through the outbox. With `secondaryStorage` (Redis)
 * sessions and auth rate limits live there too, so every server sees them; sessions and
 * verification tokens are still written to the database, which stays the durable record.
 */
import { betterAuth, type AuthContext, type SecondaryStorage } from 'better-auth';
import { generateBackupCodes } from './backup-codes.js';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { minPasswordLength } from '../../shared/constants.js';
import { messages } from '../../shared/messages.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema.js';
import { enqueueEmail } from '../infra/mail/outbox.js';
import { hashPassword, isCommonPassword, verifyPassword } from './password-policy.js';
import { memoryCounter, signInThrottle, storageCounter } from './sign-in-throttle.js';
import { actionEmail } from '../infra/mail/templates.js';
import { hasForbiddenLineCharacter } from '../../shared/single-line.js';
import { inboxProof } from './inbox-proof.js';
import { resetRequestAtOnce } from './reset-request.js';
import { totpOncePerStep } from './totp-once.js';
import { trustedOriginsOf } from '../http/own-origin.js';

/** The body field holding a NEW password, per Better Auth endpoint. */
const newPasswordField: Record<string, string> = { '/sign-up/email': 'password', '/reset-password': 'newPassword', '/change-password': 'newPassword' };

/** Endpoints whose body may set the account's `name` and `image`. */
const profileFieldPaths = new Set(['/sign-up/email', '/update-user']);

/** An `image` the account may hold: none, or an https: address (never javascript:, data: or plain http:). */
const acceptableImage = (image: unknown) =>
  image === undefined || image === null || (typeof image === 'string' && URL.canParse(image) && new URL(image).protocol === 'https:');

/**
 * Refuses a `name` that is not a single line (src/shared/single-line.ts) and an `image` that is not an
 * https: address (docs/security.md "Names and file names"), before anything is written.
 */
function checkProfileFields(path: string | undefined, body: unknown) {
  if (!path || !profileFieldPaths.has(path) || !body || typeof body !== 'object') return;
  const { name, image } = body as { name?: unknown; image?: unknown };
  if (typeof name === 'string' && hasForbiddenLineCharacter(name)) throw new APIError('BAD_REQUEST', { message: messages.auth.nameCharacters });
  if (!acceptableImage(image)) throw new APIError('BAD_REQUEST', { message: messages.auth.imageHttps });
}

export function createAuth(config: Config, db: Db, secondaryStorage?: SecondaryStorage) {
  // Per-account lock of failed sign-ins, with device cookies so the owner is never locked out (sign-in-throttle.ts).
  const throttle = config.authRateLimit
    ? signInThrottle({ counter: secondaryStorage ? storageCounter(secondaryStorage) : memoryCounter(), secret: config.authSecret })
    : null;
  // The instance is made below; the steps here need its context and API only when a request runs.
  // eslint-disable-next-line prefer-const -- assigned once betterAuth() has returned, after the closures that read it
  let self:
    { $context: Promise<unknown>; api: { requestPasswordReset: (input: { body: { email: string; redirectTo?: string } }) => Promise<unknown> } } | undefined;
  // This instance's context is an AuthContext narrowed to these options; the steps use only its generic part.
  const authContext = () => self!.$context as Promise<AuthContext>;
  const inbox = inboxProof({ db, secret: config.authSecret, authContext });
  const totpOnce = totpOncePerStep(db);
  const resetAtOnce = resetRequestAtOnce({
    baseUrl: config.baseUrl,
    run: (body) => self!.api.requestPasswordReset({ body }),
    onError: (error) => void authContext().then((ctx) => ctx.logger.error('Password reset request failed', error)),
  });
  const auth = betterAuth({
    appName: 'Mentora',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: (request) => trustedOriginsOf(config.ownOrigins, request),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.authSession,
        account: schema.authAccount,
        verification: schema.authVerification,
        twoFactor: schema.authTwoFactor,
      },
    }),
    secondaryStorage,
    verification: { storeInDatabase: true },
    /**
     * An error that is not one of Better Auth's own answers (an APIError) is thrown out of its handler instead of
     * becoming an empty 500, so the app's error handler answers it: a database that cannot be reached is a 503 with
     * Retry-After there as on every route (http/error-answers.ts), anything else a logged 500 with the API's body.
     */
    onAPIError: { throw: true },
    /**
     * The profile columns of the user table, known to Better Auth only so that a session's user carries the whole
     * row (plugin.ts then needs no second select). Nobody sets them through Better Auth: `input: false` with a
     * default means a sign-up body's value is replaced by null and an update-user body's value is refused; they
     * are written by createAccount, the profile endpoint and the admin hook below.
     */
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: false, defaultValue: null },
        lastName: { type: 'string', required: false, input: false, defaultValue: null },
        phone: { type: 'string', required: false, input: false, defaultValue: null },
        role: { type: 'string', required: false, input: false, defaultValue: null },
        timeZone: { type: 'string', required: false, input: false, defaultValue: null },
        deletedAt: { type: 'date', required: false, input: false, defaultValue: null },
        suspendedAt: { type: 'date', required: false, input: false, defaultValue: null },
        suspensionReason: { type: 'string', required: false, input: false, defaultValue: null },
      },
    },
    advanced: {
      database: { generateId: () => randomUUID() },
      useSecureCookies: config.baseUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: ['x-mentora-client-ip'] },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 60 * 60,
      onExistingUserSignUp: inbox.onExistingUserSignUp,
      onPasswordReset: async (data) => {
        await inbox.onPasswordReset(data);
        await throttle?.lift(data.user.email);
      },
      sendResetPassword: async ({ user, url }) => {
        await enqueueEmail(
          db,
          actionEmail({
            to: user.email,
            subject: 'Reset your Mentora password',
            paragraphs: [
              'Someone asked to reset the password of your Mentora account.',
              'The link works once and expires in one hour. If it was not you, ignore this e-mail.',
            ],
            actionLabel: 'Choose a new password',
            url,
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      beforeEmailVerification: inbox.beforeEmailVerification,
      sendVerificationEmail: async ({ user, url: link }) => {
        // After verifying, people land on /signup ("email-confirmation redirect to /signup"; docs/product.md "Accounts and sign-in").
        const url = new URL(link);
        if (!url.searchParams.get('callbackURL') || url.searchParams.get('callbackURL') === '/') url.searchParams.set('callbackURL', '/signup');
        await enqueueEmail(
          db,
          actionEmail({
            to: user.email,
            subject: 'Confirm your e-mail for Mentora',
            paragraphs: [
              'Welcome to Mentora — Connect to Experience.',
              'Please confirm your e-mail address to activate your account. The link expires in 24 hours.',
            ],
            actionLabel: 'Confirm my e-mail',
            url: url.toString(),
          }),
        );
      },
    },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, accessType: 'offline', prompt: 'select_account consent' } }
      : undefined,
    session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24, storeSessionInDatabase: true },
    rateLimit: {
      enabled: config.authRateLimit,
      window: 60,
      max: 100,
      storage: secondaryStorage ? 'secondary-storage' : 'memory',
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
      },
    },
    /**
     * Two-factor sign-in with an authenticator app (RFC 6238 TOTP) and ten single-use backup codes without look-alike
     * characters (backup-codes.ts), both stored
     * encrypted in auth_two_factor; enrolment and disabling need the password. Required for the admin role
     * (guards.ts). A sign-in of an enrolled account answers `twoFactorRedirect` and opens no session until a
     * code is verified.
     */
    plugins: [twoFactor({ issuer: 'Mentora', backupCodeOptions: { customBackupCodesGenerate: generateBackupCodes } })],
    hooks: {
      /**
       * New passwords among the 10 000 most common ones are refused (docs/security.md), names and images are checked,
       * before anything is written; an authenticator code is accepted once (totp-once.ts); reset requests are answered
       * at once (reset-request.ts).
       */
      before: createAuthMiddleware(async (ctx) => {
        const field = newPasswordField[ctx.path];
        const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (typeof password === 'string' && isCommonPassword(password)) throw new APIError('BAD_REQUEST', { message: messages.auth.commonPassword });
        checkProfileFields(ctx.path, ctx.body);
        await totpOnce(ctx);
        await inbox.readSignupBrowser(ctx);
        await throttle?.before(ctx);
        return resetAtOnce(ctx);
      }),
      /** Counts failed sign-ins and issues device cookies (sign-in-throttle.ts); marks the browser that signed up (inbox-proof.ts). */
      after: createAuthMiddleware(async (ctx) => {
        await throttle?.after(ctx);
        await inbox.markSignupBrowser(ctx);
      }),
    },
    databaseHooks: {
      session: {
        create: {
          /**
           * A suspended account gets no sign-in session, whichever way it signs in (password, its second factor,
           * Google): 403 with `messages.auth.suspended`, after the password was checked, so the answer tells only
           * someone who knows the password (docs/security.md "Suspended accounts").
           */
          before: async (session) => {
            const [row] = await db.select({ suspendedAt: schema.user.suspendedAt }).from(schema.user).where(eq(schema.user.id, session.userId));
            if (row?.suspendedAt) throw new APIError('FORBIDDEN', { message: messages.auth.suspended, code: 'ACCOUNT_SUSPENDED' });
          },
        },
      },
      user: {
        create: {
          /** Users whose e-mail is in ADMIN_EMAILS get the admin role. */
          after: async (user) => {
            if (config.adminEmails.includes(user.email.toLowerCase())) {
              await db.update(schema.user).set({ role: 'admin' }).where(eq(schema.user.id, user.id));
            }
          },
        },
      },
    },
  });
  self = auth;
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
