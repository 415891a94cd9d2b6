/**
 * Per-account throttling of failed e-mail sign-ins that a stranger cannot use to lock the owner out
 * (docs/security.md; OWASP "Slow Down Online Guessing Attacks with Device Cookies").
 *
 * - Every failed sign-in (401) counts against the e-mail it named, known or not: after
 *   `maxFailures` failures within `windowSeconds` (a fixed window from the first failure), sign-ins for
 *   that e-mail answer 429 — even with the right password — unless the browser holds a device cookie.
 * - A password chosen through the e-mailed reset link lifts the account's lock (`lift`): whoever reads the inbox
 *   owns the account (docs/product.md "Accounts and sign-in"), and otherwise an attacker who keeps failing would keep the
 *   owner out of every new browser even after the reset.
 * - A device cookie is issued on every successful sign-in: HttpOnly, SameSite=Lax, Secure behind HTTPS,
 *   signed with AUTH_SECRET, one per account (its name carries a keyed hash of the e-mail, its value a
 *   random nonce). From a browser holding a valid one, failures count against that device alone, and the
 *   account's lock does not apply: the owner keeps signing in while an attacker is locked out.
 * - The 429 answer is the one Better Auth's per-IP limiter gives, word for word, so it tells nothing
 *   about which limit was hit or whether the e-mail has an account.
 *
 * Counters live in Better Auth's secondary storage (Redis, shared by every server) when REDIS_URL is
 * set, otherwise in this process. AUTH_RATE_LIMIT=0 turns this off together with the per-IP limits.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { SecondaryStorage } from 'better-auth';
import { APIError } from 'better-auth/api';
import { LRUCache } from 'lru-cache';

/** Limits: failures per account (or per trusted device) in a fixed window (s); device cookie lifetime (s). */
export const signInThrottleLimits = { maxFailures: 5, windowSeconds: 15 * 60, deviceCookieMaxAgeSeconds: 365 * 24 * 60 * 60 } as const;

/** Better Auth's per-IP limiter answers 429 with exactly this body message; the account lock uses the same words. */
export const tooManyAttemptsMessage = 'Too many requests. Please try again later.';

/** Failure counters with a fixed window: `add` creates the key with `ttlSeconds` and never extends it. */
export type FailureCounter = {
  count: (key: string) => Promise<number>;
  add: (key: string, ttlSeconds: number) => Promise<number>;
  clear: (key: string) => Promise<void>;
};

/** Counters in this process (a bounded LRU map with per-key expiry): the default without Redis. */
export function memoryCounter(max = 100_000): FailureCounter {
  const cache = new LRUCache<string, number>({ max });
  return {
    count: async (key) => cache.get(key) ?? 0,
    add: async (key, ttlSeconds) => {
      const next = (cache.get(key) ?? 0) + 1;
      cache.set(key, next, { ttl: ttlSeconds * 1000, noUpdateTTL: true });
      return next;
    },
    clear: async (key) => void cache.delete(key),
  };
}

/** Counters in Better Auth's secondary storage (Redis): every server counts into the same keys. */
export function storageCounter(storage: SecondaryStorage): FailureCounter {
  const increment = storage.increment;
  if (!increment) throw new Error('The sign-in throttle needs a secondary storage with increment()');
  return {
    count: async (key) => Number(await storage.get(key)) || 0,
    add: async (key, ttlSeconds) => increment(key, ttlSeconds),
    clear: async (key) => void (await storage.delete(key)),
  };
}

type CookieAttributes = {
  secure?: boolean;
  sameSite?: 'Lax' | 'lax' | 'Strict' | 'strict' | 'None' | 'none';
  path?: string;
  httpOnly?: boolean;
  maxAge?: number;
};

/** The part of a Better Auth hook context the throttle reads (a `createAuthMiddleware` handler's `ctx`). */
export type ThrottleHookContext = {
  path?: string;
  body?: unknown;
  getSignedCookie: (key: string, secret: string) => Promise<string | false | null>;
  setSignedCookie: (key: string, value: string, secret: string, options?: CookieAttributes) => Promise<string>;
  context: {
    returned?: unknown;
    newSession?: unknown;
    createAuthCookie: (name: string, attributes?: CookieAttributes) => { name: string; attributes: CookieAttributes };
  };
};

const signInPath = '/sign-in/email';

/**
 * The throttle as two Better Auth hook steps: `before` refuses a locked sign-in with a 429 APIError;
 * `after` counts a failure or, on success, issues a fresh device cookie. `secret` is AUTH_SECRET.
 */
export function signInThrottle({
  counter,
  secret,
  limits = signInThrottleLimits,
}: {
  counter: FailureCounter;
  secret: string;
  limits?: typeof signInThrottleLimits;
}) {
  const accountId = (email: string) => createHmac('sha256', secret).update(`sign-in:${email.trim().toLowerCase()}`).digest('hex').slice(0, 32);
  const cookieFor = (ctx: ThrottleHookContext, account: string) =>
    ctx.context.createAuthCookie(`device_${account.slice(0, 16)}`, { maxAge: limits.deviceCookieMaxAgeSeconds, sameSite: 'lax', httpOnly: true, path: '/' });

  /** The e-mail's account key and the nonce of a valid device cookie for it (null when untrusted). */
  async function identify(ctx: ThrottleHookContext) {
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    if (ctx.path !== signInPath || typeof email !== 'string') return null;
    const account = accountId(email);
    const nonce = await ctx.getSignedCookie(cookieFor(ctx, account).name, secret);
    return { account, device: typeof nonce === 'string' && /^[a-f0-9]{32}$/.test(nonce) ? nonce : null };
  }
  const failureKey = (who: { account: string; device: string | null }) =>
    who.device ? `sign-in-failures:device:${who.device}` : `sign-in-failures:account:${who.account}`;

  return {
    /** Clears the account's failure count of `email` (the per-device counts stay): called after a password reset. */
    async lift(email: string): Promise<void> {
      await counter.clear(failureKey({ account: accountId(email), device: null }));
    },
    async before(ctx: ThrottleHookContext): Promise<void> {
      const who = await identify(ctx);
      if (!who) return;
      if ((await counter.count(failureKey(who))) >= limits.maxFailures) {
        throw new APIError('TOO_MANY_REQUESTS', { message: tooManyAttemptsMessage }, { 'X-Retry-After': String(limits.windowSeconds) });
      }
    },
    async after(ctx: ThrottleHookContext): Promise<void> {
      const who = await identify(ctx);
      if (!who) return;
      const returned = ctx.context.returned;
      if (returned instanceof APIError) {
        if (returned.statusCode === 401) await counter.add(failureKey(who), limits.windowSeconds);
        return;
      }
      if (!ctx.context.newSession) return;
      if (who.device) await counter.clear(failureKey(who));
      const cookie = cookieFor(ctx, who.account);
      await ctx.setSignedCookie(cookie.name, randomBytes(16).toString('hex'), secret, cookie.attributes);
    },
  };
}
