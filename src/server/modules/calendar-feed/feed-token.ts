/**
 * The calendar feed's secret (docs/security.md "Calendar feed address"): 32 random bytes, base64url (43 characters),
 * carried in the address itself because calendar programs send no cookie. Only its SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A new token: 256 bits from the system's CSPRNG. */
export function newFeedToken(): string {
  return randomBytes(32).toString('base64url');
}

/** True when `value` is spelled like a token (43 base64url characters): anything else is answered 404 unread. */
export function isFeedToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** The stored form of `token`: SHA-256, lower-case hex. A fast hash suffices for 256 random bits. */
export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The subscription address of `token` on the site `baseUrl` (BASE_URL). */
export function feedUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/calendar/${token}.ics`;
}
