/**
 * Client-side checks of the sign-up and sign-in forms, in the order and words of docs/product.md "Accounts and sign-in".
 * Each returns the first message that applies, or null when the form may be sent.
 */
import { z } from 'zod';
import { minPasswordLength } from './constants.js';
import { messages } from './messages.js';

/** An e-mail address as the account service accepts it (the same zod rule Better Auth validates with). */
export function isEmailAddress(value: string): boolean {
  return z.email().safeParse(value.trim()).success;
}

/** A new password and its confirmation (sign-up, reset): both given, matching, long enough. */
export function newPasswordError(v: { password: string; confirmPassword: string }): string | null {
  if (!v.password || !v.confirmPassword) return messages.auth.fillAllFields;
  if (v.password !== v.confirmPassword) return messages.auth.passwordsDoNotMatch;
  if (v.password.length < minPasswordLength) return messages.auth.passwordTooShort;
  return null;
}

export function signUpError(v: { email: string; password: string; confirmPassword: string }): string | null {
  if (!v.email.trim() || !v.password || !v.confirmPassword) return messages.auth.fillAllFields;
  if (!isEmailAddress(v.email)) return messages.auth.invalidEmail;
  return newPasswordError(v);
}

export function signInError(v: { email: string; password: string }): string | null {
  if (!v.email.trim() || !v.password) return messages.auth.enterEmailAndPassword;
  if (!isEmailAddress(v.email)) return messages.auth.invalidEmail;
  return null;
}
