/** Schemas shared by many endpoints. */
import { z } from 'zod';

/** `{"error":{"code","message"}}`, the body of every error answer (docs/architecture.md "Layers and import rules"). */
export const errorResponse = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

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
