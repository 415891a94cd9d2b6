/**
 * The change-password form's rules (docs/security.md), in the words and order of docs/product.md "Accounts and sign-in": every field
 * filled, the two new passwords equal, at least 6 characters. The server then refuses the 10 000 most
 * common passwords and a wrong current password.
 */
import { z } from 'zod';
import { minPasswordLength } from '@shared/constants';
import { messages } from '@shared/messages';

export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, messages.auth.fillAllFields),
    newPassword: z
      .string()
      .min(1, messages.auth.fillAllFields)
      .min(minPasswordLength, messages.auth.passwordTooShort)
      .max(128, 'Password must be 128 characters or fewer'),
    confirmPassword: z.string().min(1, messages.auth.fillAllFields),
    revokeOtherSessions: z.boolean(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.auth.passwordsDoNotMatch,
    when: (p) =>
      typeof (p.value as { confirmPassword?: unknown }).confirmPassword === 'string' && (p.value as { confirmPassword: string }).confirmPassword.length > 0,
  });

export type ChangePasswordValues = z.infer<typeof changePasswordForm>;

/** The words shown for Better Auth's error codes on /change-password; anything else shows the server's message. */
export const changePasswordErrors: Record<string, string> = {
  INVALID_PASSWORD: 'Your current password is not correct',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Your account signs in with Google, so it has no Mentora password to change',
};
export const passwordChangedMessage = 'Your password has been changed';
export const otherDevicesSignedOutMessage = 'Your other devices were signed out.';
