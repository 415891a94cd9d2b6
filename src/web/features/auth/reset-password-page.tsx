import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { newPasswordError } from '@shared/auth-rules';
import { PasswordInput } from '../../components/password-input';
import { Button } from '../../components/ui/button';
import { FormError, Label } from '../../components/ui/input';
import { authClient } from '../../lib/auth-client';
import { AuthCard } from './auth-card';

/**
 * /reset-password?token=…: the page the password-reset e-mail links to. With `welcome=1` it is where a sign-up
 * confirmation link opened in another browser lands (src/server/auth/inbox-proof.ts): the link proved the inbox,
 * not the password, so the account's password is chosen here.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const welcome = params.get('welcome') === '1';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(params.get('error') ? 'This reset link is invalid or has expired. Please ask for a new one.' : null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordError({ password, confirmPassword });
    if (problem) return setError(problem);
    if (!token) return setError('This reset link is invalid or has expired. Please ask for a new one.');
    setSubmitting(true);
    const { error: err } = await authClient.resetPassword({ newPassword: password, token });
    setSubmitting(false);
    if (err) return setError(err.message || 'This reset link is invalid or has expired. Please ask for a new one.');
    setError(null);
    setDone(true);
  }

  if (done)
    return (
      <AuthCard title={welcome ? 'Password saved' : 'Password changed'}>
        <p role="status" className="text-sm text-slate-700">
          {welcome
            ? 'Your e-mail address is confirmed and your password is saved. You can now sign in with it.'
            : 'Your password has been changed and your other sessions were signed out. You can now sign in with the new password.'}
        </p>
        <Button asChild className="mt-6 w-full">
          <Link to="/login">Sign in</Link>
        </Button>
      </AuthCard>
    );
  return (
    <AuthCard
      title={welcome ? 'Choose your password' : 'Choose a new password'}
      lead={
        welcome
          ? 'This link proves the inbox is yours. To finish, choose the password for your Mentora account; any password set before no longer works.'
          : undefined
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor="new-password">New password</Label>
          <PasswordInput id="new-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <div>
          <Label htmlFor="confirm-new-password">Confirm new password</Label>
          <PasswordInput id="confirm-new-password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
        </div>
        <FormError>{error}</FormError>
        <Button type="submit" className="w-full" disabled={submitting}>
          Change password
        </Button>
      </form>
    </AuthCard>
  );
}
