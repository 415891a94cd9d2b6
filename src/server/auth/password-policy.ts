/**
 * Password storage and choice (docs/security.md; OWASP ASVS 5.0 appendix C):
 * - new hashes are argon2id with m = 19 MiB, t = 2, p = 1 (the `argon2` package, PHC string format);
 * - hashes made before (Better Auth's default scrypt, `salt:key` hex) still verify;
 * - a new password among the 10 000 most common ones is refused (list in common-passwords.ts).
 */
import argon2 from 'argon2';
import { verifyPassword as verifyLegacyScrypt } from 'better-auth/crypto';
import { commonPasswordsText } from './common-passwords.js';

/** argon2id parameters: memory in KiB (19 MiB), iterations, lanes. */
export const argon2Options = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) for `password`. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, argon2Options);
}

/** True when `password` matches `hash`, an argon2 PHC string or a legacy Better Auth scrypt hash. */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  if (hash.startsWith('$argon2')) return argon2.verify(hash, password);
  return verifyLegacyScrypt({ hash, password });
}

const common = new Set(commonPasswordsText.split('\n'));

/** True when `password` (compared in lower case) is among the 10 000 most common passwords. */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
