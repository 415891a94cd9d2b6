/**
 * The password card on /account (docs/security.md "Accounts without a password"): the change-password form for an
 * account with a password; for one that signs in only with Google, a link e-mailed to set one — Better Auth's
 * reset link, which adds a password to an account that has none.
 */
import { useState } from 'react';
import { messages } from '@shared/messages';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { useAuth } from '../../lib/auth';
import { authClient } from '../../lib/auth-client';
import { useSignInMethods } from './api/get-sign-in-methods';
import { ChangePasswordForm } from './change-password-form';

export function PasswordSettings() {
  const methods = useSignInMethods();
  if (methods.isSuccess) return methods.data.password ? <ChangePasswordForm /> : <SetPasswordByEmail />;
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title" className="text-lg font-semibold text-slate-900">
        Password
      </h2>
      {methods.isError ? (
        <LoadError
          className="mt-4"
          what={messages.account.signInMethodsFailed}
          error={methods.error}
          onRetry={() => methods.refetch()}
          retrying={methods.isFetching}
        />
      ) : (
        <p className="mt-1 text-sm text-slate-600">Loading…</p>
      )}
    </section>
  );
}

/** For an account without a password: e-mails the link that sets one to the account's own address. */
function SetPasswordByEmail() {
  const { me } = useAuth();
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!me) return null;

  async function send() {
    if (!me) return;
    setSending(true);
    setError(null);
    const { error: refused } = await authClient
      .requestPasswordReset({ email: me.email, redirectTo: '/reset-password' })
      .catch(() => ({ error: { message: messages.common.internal } }));
    setSending(false);
    if (refused) return setError(refused.message ?? messages.common.internal);
    setSent(true);
  }

  return (
    <section aria-labelledby="set-password-title">
      <h2 id="set-password-title" className="text-lg font-semibold text-slate-900">
        Set a password
      </h2>
      <p className="mt-1 text-sm text-slate-700">{messages.account.noPassword}</p>
      {sent ? (
        <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {messages.account.setPasswordSent(me.email)}
        </p>
      ) : (
        <Button type="button" className="mt-4" onClick={send} disabled={sending} aria-busy={sending}>
          {sending ? 'Sending…' : 'E-mail me a link'}
        </Button>
      )}
      {error ? <FormError className="mt-3">{error}</FormError> : null}
    </section>
  );
}
