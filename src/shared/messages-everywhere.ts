/**
 * The messages that pages shown to every visitor need (the header's sign-out, the landing page's reads), apart
 * from the rest of src/shared/messages.ts so that those pages do not load every message of the product. They are
 * part of `messages` (`messages.auth`, `messages.common.loadFailed`); only code on those pages imports them from here.
 */
import { supportEmail } from './constants.js';

/** Sign-up, sign-in and account words (docs/product.md "Accounts and sign-in"). */
export const authMessages = {
  fillAllFields: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  enterEmailAndPassword: 'Please enter your email and password',
  fillRequiredFields: 'Please fill in all required fields',
  googleFailed: 'Failed to sign up with Google',
  createAccountFailed: 'Failed to create account',
  signInFailed: 'Failed to sign in',
  saveProfileFailed: 'Failed to save profile',
  checkEmail: (email: string) => `Please check your email (${email}) and click the confirmation link to activate your account.`,
  signOutError: 'Error signing out',
  invalidEmail: 'Please enter a valid email address',
  commonPassword: 'This password is too common. Please choose a less common one.',
  nameCharacters: 'Names cannot contain line breaks, tabs, invisible, control or text-direction characters',
  imageHttps: 'A profile picture must be an https:// address',
  twoFactorRequired: 'The team console needs two-factor sign-in. Set it up on your account page first.',
  /** An authenticator code works once (RFC 6238 §5.2; docs/security.md "Second factor"). */
  totpCodeUsed: 'This code has already been used. Please wait for the next code in your authenticator app and enter that one.',
  suspended: `This account is suspended. Please write to ${supportEmail} if you think this is a mistake.`,
};

/** Titles of a read that failed (the web shows them with the reason and a 'Try again'). */
export const loadFailedMessages = {
  reviews: 'We could not load the reviews.',
  introEligibility: 'We could not check whether your free intro meeting is available.',
  videos: 'We could not load the expert videos.',
  languages: 'We could not load the list of languages.',
  signIn: 'We could not check whether you are signed in.',
};
