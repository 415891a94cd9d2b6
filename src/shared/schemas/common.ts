/** Schemas shared by many endpoints. */
import { z } from 'zod';

/** `{"error":{"code","message"}}`, the body of every error answer (docs/architecture.md "Layers and import rules"). */
export const errorResponse = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

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
