/**
 * Refuses text with a NUL character (U+0000) anywhere in a request's headers, path parameters, query or JSON body:
 * 400 VALIDATION 'Invalid request' before any route runs. PostgreSQL cannot store U+0000 in text, so such
 * input would otherwise fail half-way through a handler as a 500 (found by tests/security/fuzz; docs/security.md).
 * Bodies kept as raw bytes (the signed Stripe webhook) and multipart uploads are not inspected.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../shared/messages.js';
import { AppError } from '../errors.js';

/** True when `value` is, or holds within `depth` levels, a string (value or key) containing U+0000. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  // A for…in loop rather than Object.entries: no array per object on every request (headers are checked always).
  for (const key in value) {
    if (Object.hasOwn(value, key) && (key.includes('\u0000') || hasNul((value as Record<string, unknown>)[key], depth + 1))) return true;
  }
  return false;
}

export const noNul = fp(async (app: FastifyInstance) => {
  // A callback hook (no promise per request).
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNul(request.headers) || hasNul(request.params) || hasNul(request.query) || hasNul(request.body))
      return done(new AppError('VALIDATION', messages.common.invalidRequest));
    done();
  });
});
