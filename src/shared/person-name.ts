/**
 * One rule for every person name a user types (sign-up and update-user `name`, profile first and last name,
 * a match request's name, an application's reference): no control characters and no bidirectional controls
 * (docs/security.md "Names and file names"). A CR/LF in a name forges lines in e-mails and logs; U+202E and
 * friends reorder what the team reads ("‮gnp.exe" shows as "exe.png").
 */
import { z } from 'zod';
import { messages } from './messages.js';

/**
 * Unicode control characters (general category Cc: C0 incl. TAB/CR/LF, DEL, C1) and the bidi formatting
 * characters of Unicode's bidi algorithm (UAX #9): ALM, LRM, RLM, LRE–RLO (U+202A–U+202E), LRI–PDI (U+2066–U+2069).
 */
const forbiddenInNames = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** True when `name` holds a character no person name may hold. */
export function hasForbiddenNameCharacter(name: string): boolean {
  return forbiddenInNames.test(name);
}

/** Adds the rule to a string schema (required or optional), failing with the product's message. */
export function personName<T extends z.ZodType<string | undefined>>(schema: T) {
  return schema.refine((v) => v === undefined || !hasForbiddenNameCharacter(v), messages.auth.nameCharacters);
}
