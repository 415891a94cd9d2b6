/**
 * One rule for every person name a user types (sign-up and update-user `name`, profile first and last name,
 * a match request's name, an application's reference): a single line (src/shared/single-line.ts), refused with the
 * names' own message (docs/security.md "Names and file names").
 */
import { z } from 'zod';
import { messages } from './messages.js';
import { singleLine } from './single-line.js';

/** Adds the rule to a string schema (required or optional), failing with the product's message. */
export function personName<T extends z.ZodType<string | undefined>>(schema: T) {
  return singleLine(schema, messages.auth.nameCharacters);
}
