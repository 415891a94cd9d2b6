/**
 * Two-factor backup codes people can read off paper and type (docs/security.md "Two-factor sign-in"): ten codes of
 * two groups of five characters ('7KQ4M-XH2RT'), from an alphabet without the characters that look alike in print
 * or handwriting (0/O, 1/I/L; U, taken for V), drawn with the operating system's CSPRNG. 30^10 ≈ 2^49 possibilities a code.
 */
import { randomInt } from 'node:crypto';

/** Digits and capital letters without 0, 1, I, L, O and U. */
export const backupCodeAlphabet = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const codeCount = 10;
const groupLength = 5;

const group = () => Array.from({ length: groupLength }, () => backupCodeAlphabet[randomInt(backupCodeAlphabet.length)]).join('');

/** A fresh set of backup codes (Better Auth's `customBackupCodesGenerate`). */
export function generateBackupCodes(): string[] {
  return Array.from({ length: codeCount }, () => `${group()}-${group()}`);
}
