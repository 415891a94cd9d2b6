/**
 * Idempotency-Key fingerprints (docs/security.md, "Idempotency-Key replayed with another body"). As with Stripe's
 * idempotent requests, a key names ONE request: the SHA-256 of the request's canonical body is kept with the key,
 * and a later request with the key but another body is refused (422) instead of being answered with the first
 * request's result. Canonical = the body as validated (defaults filled, text trimmed), serialised as JSON with its
 * keys sorted (safe-stable-stringify), so key order and spacing do not make two bodies differ.
 */
import { createHash } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';
import { messages } from '../../shared/messages.js';
import { AppError } from '../errors.js';

/** SHA-256 (64 lower-case hex digits) of `body`'s canonical JSON. */
export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(stringify(body) ?? '')
    .digest('hex');
}

/**
 * Throws AppError UNPROCESSABLE (422, `messages.common.idempotencyKeyReused`) when the request that first used the
 * key had another fingerprint. `stored` is null for requests kept before fingerprints were (answered as before).
 */
export function assertSameRequest(stored: string | null | undefined, hash: string): void {
  if (stored && stored !== hash) throw new AppError('UNPROCESSABLE', messages.common.idempotencyKeyReused);
}
