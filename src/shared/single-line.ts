/**
 * One rule for every single-line text a user types — person names, headlines, workshop titles, profile tags, an
 * application's titles, a contact form's subject (docs/security.md "Names and file names"): no line or paragraph
 * breaks, no control, bidi or invisible characters. A CR/LF or U+2028 forges lines in e-mails, logs, calendar files
 * and the team's screens; U+202E and friends reorder what the team reads ("‮gnp.exe" shows as "exe.png"); zero-width
 * characters make two names or titles that look the same compare different (an impostor "Mentora​ Team").
 */
import { z } from 'zod';

/**
 * Unicode control characters (general category Cc: C0 incl. TAB/CR/LF, DEL, C1); the line and paragraph separators
 * U+2028/U+2029 (categories Zl, Zp); the bidi formatting characters of Unicode's bidi algorithm (UAX #9): ALM, LRM,
 * RLM, LRE–RLO (U+202A–U+202E), LRI–PDI (U+2066–U+2069); and the invisible joiners and spaces: zero-width space,
 * non-joiner and joiner (U+200B–U+200D), word joiner (U+2060) and the byte order mark / zero-width no-break space
 * (U+FEFF).
 */
const notOnOneLine = /[\p{Cc}\p{Zl}\p{Zp}\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

/** True when `text` holds a character no single-line field may hold. */
export function hasForbiddenLineCharacter(text: string): boolean {
  return notOnOneLine.test(text);
}

/** Adds the rule to a string schema (required or optional), failing with `message` (from src/shared/messages.ts). */
export function singleLine<T extends z.ZodType<string | undefined>>(schema: T, message: string) {
  return schema.refine((v) => v === undefined || !hasForbiddenLineCharacter(v), message);
}
