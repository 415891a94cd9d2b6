/**
 * Security log lines: authentication attempts and refused authorisations, logged without secrets
 * (docs/security.md "Authentication: limits, password change, security log"), as plain objects for pino:
 * - `auth.attempt`: one per sign-in, sign-up, password-reset request, password reset, password change and
 *   two-factor step (a code or backup code, turning it on or off),
 *   with the outcome (success | failure | limited), the status, Better Auth's error code, a keyed hash of
 *   the e-mail (never the address), the user id when known, and the client address;
 * - `authz.refused`: one per refused authorisation (401, 403, and 404 answers to a signed-in user, which
 *   is how the API hides other people's records) with the route pattern, user id and reason.
 * Only named fields are copied out of request and response bodies: never a password, token or cookie.
 * `redactUrl` removes tokens from URLs (e-mail links carry them) before a URL is logged.
 */
import { createHmac } from 'node:crypto';
import { looseDecode } from '../http/api-path.js';

/** POST paths under /api/auth whose attempts are logged, and the action each is logged as. */
const attemptActions: Record<string, string> = {
  '/api/auth/sign-in/email': 'sign-in',
  '/api/auth/sign-up/email': 'sign-up',
  '/api/auth/request-password-reset': 'password-reset-request',
  '/api/auth/reset-password': 'password-reset',
  '/api/auth/change-password': 'change-password',
  // Two-factor sign-in: the second step of a sign-in, and turning it on or off (the code is never read).
  '/api/auth/two-factor/verify-totp': 'two-factor',
  '/api/auth/two-factor/verify-backup-code': 'two-factor-backup-code',
  '/api/auth/two-factor/enable': 'two-factor-enable',
  '/api/auth/two-factor/disable': 'two-factor-disable',
};

/** The logged action for `method pathname`, or null when the request is not an authentication attempt. */
export function authAction(method: string, pathname: string): string | null {
  return method === 'POST' ? (attemptActions[pathname] ?? null) : null;
}

/**
 * A 16-hex-digit HMAC-SHA256 of the trimmed, lower-cased e-mail under `secret` (AUTH_SECRET): the same
 * address always gives the same value, so an operator can find one person's attempts by computing it,
 * but the log alone does not reveal addresses.
 */
export function emailHash(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`log:${email.trim().toLowerCase()}`).digest('hex').slice(0, 16);
}

function parseJson(body: Buffer | string | null | undefined): Record<string, unknown> | null {
  if (!body || body.length === 0 || body.length > 64 * 1024) return null;
  try {
    const value: unknown = JSON.parse(body.toString());
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export type AuthAttemptLine = {
  event: 'auth.attempt';
  action: string;
  outcome: 'success' | 'failure' | 'limited';
  statusCode: number;
  reason: string | null;
  emailHash: string | null;
  userId: string | null;
  ip: string;
};

/**
 * The log line of one authentication attempt. `requestBody`/`responseBody` are the raw JSON bodies; only
 * `email` is read from the first (and hashed), only `user.id` and `code` from the second. `userId` is the
 * signed-in account when the caller knows it (change-password).
 */
export function authAttemptLine(a: {
  action: string;
  statusCode: number;
  requestBody?: Buffer | null;
  responseBody?: Buffer | null;
  ip: string;
  secret: string;
  userId?: string | null;
}): AuthAttemptLine {
  const request = parseJson(a.requestBody);
  const response = parseJson(a.responseBody);
  const email = typeof request?.email === 'string' ? request.email : null;
  const user = response?.user as { id?: unknown } | undefined;
  const code = typeof response?.code === 'string' ? response.code : null;
  return {
    event: 'auth.attempt',
    action: a.action,
    outcome: a.statusCode === 429 ? 'limited' : a.statusCode < 400 ? 'success' : 'failure',
    statusCode: a.statusCode,
    reason: a.statusCode === 429 ? 'RATE_LIMITED' : code,
    emailHash: email ? emailHash(a.secret, email) : null,
    userId: typeof user?.id === 'string' ? user.id : (a.userId ?? null),
    ip: a.ip,
  };
}

export type RefusalLine = { event: 'authz.refused'; method: string; route: string; statusCode: number; reason: string; userId: string | null; ip: string };

/** The log line of one refused authorisation; `reason` is the API error code (UNAUTHENTICATED, FORBIDDEN, NOT_FOUND). */
export function refusalLine(r: Omit<RefusalLine, 'event'>): RefusalLine {
  return { event: 'authz.refused', ...r };
}

/** Query parameters whose values are secrets, by the start of their (decoded) name. */
const secretParam = /^(?:token|code|state|password|secret)/i;

/**
 * `url` with the values of token-like query parameters and every path segment after a `reset-password` segment
 * (Better Auth's /api/auth/reset-password/<token>) replaced by `[redacted]`, a calendar feed's address
 * (/calendar/<token>.ics) logged as `/calendar/[redacted]` and an unsubscribe link (/api/unsubscribe/<token>) as
 * `/api/unsubscribe/[redacted]`. Names are compared percent-decoded and
 * in any case, and runs of '/' are allowed, so no spelling of a URL carrying a token (`/api/auth/Reset-Password//…`,
 * `?%74oken=…`) gets it into the log; everything else is kept as the client sent it.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const readable = (part: string) => (part.includes('%') ? looseDecode(part) : part).toLowerCase();
  let redactedPath = path;
  if (readable(path).includes('reset-password')) {
    let after = false;
    redactedPath = path
      .split('/')
      .map((segment) => {
        const name = readable(segment);
        const secret = after && segment !== '';
        if (name === 'reset-password') after = true;
        return secret || name.includes('reset-password/') ? '[redacted]' : segment;
      })
      .join('/');
  }
  // A calendar feed's address is its credential (docs/security.md "Calendar feed address"): the token is never logged.
  if (/^\/+calendar\//.test(readable(path))) redactedPath = '/calendar/[redacted]';
  // So is an unsubscribe link's (docs/security.md "Unsubscribe links"), in any spelling of /api.
  if (/^\/+api\/+unsubscribe\//.test(readable(path))) redactedPath = '/api/unsubscribe/[redacted]';
  if (mark === -1) return redactedPath;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals !== -1 && secretParam.test(readable(pair.slice(0, equals))) ? `${pair.slice(0, equals)}=[redacted]` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}
