/**
 * Better Auth instance (DESIGN.md "auth"): e-mail + password with required e-mail verification,
 * password reset by e-mail link, Google when configured, cookie sessions, and rate limits on every
 * auth endpoint. Verification and reset e-mails go through the outbox.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { minPasswordLength } from '../../shared/constants.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema.js';
import { enqueueEmail } from '../infra/mail/outbox.js';
import { actionEmail } from '../infra/mail/templates.js';

export function createAuth(config: Config, db: Db) {
  return betterAuth({
    appName: 'Mentora',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.baseUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.authSession, account: schema.authAccount, verification: schema.authVerification },
    }),
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
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await enqueueEmail(
          db,
          actionEmail({
            to: user.email,
            subject: 'Reset your Mentora password',
            paragraphs: ['Someone asked to reset the password of your Mentora account.', 'The link works once and expires in one hour. If it was not you, ignore this e-mail.'],
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
      sendVerificationEmail: async ({ user, url: link }) => {
        // After verifying, people land on /signup (spec §7: "email-confirmation redirect to /signup").
        const url = new URL(link);
        if (!url.searchParams.get('callbackURL') || url.searchParams.get('callbackURL') === '/') url.searchParams.set('callbackURL', '/signup');
        await enqueueEmail(
          db,
          actionEmail({
            to: user.email,
            subject: 'Confirm your e-mail for Mentora',
            paragraphs: ['Welcome to Mentora — Connect to Experience.', 'Please confirm your e-mail address to activate your account. The link expires in 24 hours.'],
            actionLabel: 'Confirm my e-mail',
            url: url.toString(),
          }),
        );
      },
    },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, accessType: 'offline', prompt: 'select_account consent' } }
      : undefined,
    session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: config.authRateLimit,
      window: 60,
      max: 100,
      storage: 'memory',
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
      },
    },
    databaseHooks: {
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
}

export type Auth = ReturnType<typeof createAuth>;
