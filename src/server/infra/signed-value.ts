/**
 * Values signed with AUTH_SECRET, for links that must work without a session (the unsubscribe link of an e-mail,
 * docs/security.md "Unsubscribe links"): the value travels in the clear beside an HMAC-SHA256 of it bound to a
 * purpose, so nobody without the secret can make one, and one made for a purpose is refused for any other.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const signature = (secret: string, purpose: string, value: string) => createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('base64url');

/** `<value>.<signature>`: `value` (without a '.') signed for `purpose` under `secret`; the signature is 43 base64url characters. */
export function signValue(secret: string, purpose: string, value: string): string {
  return `${value}.${signature(secret, purpose, value)}`;
}

/**
 * The value `token` carries when signValue made it for `purpose` under `secret`; null for anything else (a forged,
 * altered or malformed token). The signatures are compared in constant time.
 */
export function signedValue(secret: string, purpose: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, purpose, value));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
