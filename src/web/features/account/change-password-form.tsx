import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { messages } from '@shared/messages';
import { PasswordInput } from '../../components/password-input';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { FormError } from '../../components/ui/input';
import { authClient } from '../../lib/auth-client';
import {
  changePasswordErrors,
  changePasswordForm,
  otherDevicesSignedOutMessage,
  passwordChangedMessage,
  type ChangePasswordValues,
} from './change-password-schema';

/**
 * Change-password form (docs/security.md): current password, new password, confirmation and "Sign out of other
 * devices" (checked by default), sent to Better Auth's POST /api/auth/change-password. This browser stays
 * signed in either way. Success shows a toast and clears the form; a refusal shows the reason in a red box.
 */
export function ChangePasswordForm() {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', revokeOtherSessions: true },
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword, revokeOtherSessions }) => {
    setFailure(null);
    try {
      const { error } = await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions });
      if (error) {
        setFailure((error.code && changePasswordErrors[error.code]) || error.message || messages.common.internal);
        return;
      }
      toast.success(passwordChangedMessage, revokeOtherSessions ? { description: otherDevicesSignedOutMessage } : undefined);
      reset();
    } catch {
      setFailure(messages.common.internal);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="text-lg font-semibold text-slate-900">
        Change password
      </h2>
      <FormField id="current-password" label="Current password" required error={errors.currentPassword?.message}>
        {(aria) => <PasswordInput {...aria} autoComplete="current-password" {...register('currentPassword')} />}
      </FormField>
      <FormField
        id="new-password"
        label="New password"
        required
        error={errors.newPassword?.message}
        hint="At least 6 characters. Very common passwords are refused."
      >
        {(aria) => <PasswordInput {...aria} autoComplete="new-password" {...register('newPassword')} />}
      </FormField>
      <FormField id="confirm-new-password" label="Confirm new password" required error={errors.confirmPassword?.message}>
        {(aria) => <PasswordInput {...aria} autoComplete="new-password" {...register('confirmPassword')} />}
      </FormField>
      <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
        <input
          id="revoke-other-sessions"
          type="checkbox"
          className="mt-0.5 h-4 w-4 cursor-pointer accent-brand-600"
          aria-describedby="revoke-other-sessions-hint"
          {...register('revokeOtherSessions')}
        />
        <div>
          <label htmlFor="revoke-other-sessions" className="cursor-pointer text-sm font-medium text-slate-900">
            Sign out of other devices
          </label>
          <p id="revoke-other-sessions-hint" className="text-sm text-slate-600">
            Ends every other session of your account, for example on a shared or lost computer. You stay signed in here.
          </p>
        </div>
      </div>
      <FormError>{failure}</FormError>
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving…' : 'Change password'}
      </Button>
    </form>
  );
}
