/**
 * Client-side checks of the sign-up and sign-in forms, in the order and words of docs/product.md "Accounts and sign-in".
 * Each returns the first message that applies, or null when the form may be sent.
 */
import { minPasswordLength } from './constants.js';
import { messages } from './messages.js';

export function signUpError(v: { email: string; password: string; confirmPassword: string }): string | null {
  if (!v.email.trim() || !v.password || !v.confirmPassword) return messages.auth.fillAllFields;
  if (v.password !== v.confirmPassword) return messages.auth.passwordsDoNotMatch;
  if (v.password.length < minPasswordLength) return messages.auth.passwordTooShort;
  return null;
}

export function signInError(v: { email: string; password: string }): string | null {
  if (!v.email.trim() || !v.password) return messages.auth.enterEmailAndPassword;
  return null;
}
