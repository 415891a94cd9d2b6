/** Schemas shared by many endpoints. */
import { z } from 'zod';

/** `{"error":{"code","message"}}`, the body of every error answer (docs/architecture.md "Layers and import rules"). */
export const errorResponse = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * The Idempotency-Key header the console's money-moving actions accept (docs/security.md "Idempotency-Key replayed
 * with another body"): optional, 8–200 characters when sent.
 */
export const optionalIdempotencyHeader = z.object({ 'idempotency-key': z.string().trim().min(8).max(200).optional() });

/**
 * A session's start as a client sends it (booking, reschedule, proposal): an ISO-8601 instant with its offset, in the
 * years 1900–2999 that the slot arithmetic handles (a later year overflowed it: a 500 found by tests/security/fuzz).
 * Anything else fails with `message`.
 */
export const sessionStart = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).refine((v) => {
    const year = new Date(v).getUTCFullYear();
    return year >= 1900 && year < 3000;
  }, message);

/** Trimmed required text: blank strings fail with `message`. */
export const requiredText = (message: string, max = 5000) => z.string({ error: message }).trim().min(1, message).max(max, `Must be ${max} characters or fewer`);

/** Trimmed optional text: blank becomes undefined. */
export const optionalText = (max = 5000) =>
  z
    .string()
    .trim()
    .max(max, `Must be ${max} characters or fewer`)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * `?page=&pageSize=` of a paginated list: `page` from 1, `pageSize` 1..100 (default 20). A page past the last is
 * answered with no items and the total, so the caller can link back.
 */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(100_000, 'Page must be a whole number from 1')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a whole number from 1 to 100' })
    .int('Page size must be a whole number from 1 to 100')
    .min(1, 'Page size must be a whole number from 1 to 100')
    .max(100, 'Page size must be a whole number from 1 to 100')
    .default(20),
});

/** A page of `item`: the rows, the total count, and the page asked for (`pageQuery`). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
