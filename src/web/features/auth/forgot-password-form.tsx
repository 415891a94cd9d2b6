import { useState, type FormEvent } from 'react';
import { isEmailAddress } from '@shared/auth-rules';
import { messages } from '@shared/messages';
import { Button } from '../../components/ui/button';
import { FormError, Input, Label } from '../../components/ui/input';
import { authClient } from '../../lib/auth-client';

/** Asks for a password-reset link. The answer never says whether the address has an account. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isEmailAddress(email)) return setError(messages.auth.invalidEmail);
    setError(null);
    setSubmitting(true);
    const { error: err } = await authClient.requestPasswordReset({ email: email.trim(), redirectTo: '/reset-password' });
    setSubmitting(false);
    if (err && err.status === 429) return setError(err.message ?? null);
    setSent(true);
  }

  if (sent)
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          If an account exists for {email.trim()}, we've sent a link to reset its password. The link works once and expires in one hour.
        </p>
        <Button variant="outline" className="w-full" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <Label htmlFor="reset-email">Email</Label>
        <Input id="reset-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <FormError>{error}</FormError>
      <Button type="submit" className="w-full" disabled={submitting}>
        Send reset link
      </Button>
      <Button variant="link" className="w-full" onClick={onBack}>
        ← Back to sign in
      </Button>
    </form>
  );
}
