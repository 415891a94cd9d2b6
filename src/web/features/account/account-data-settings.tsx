import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import { PasswordInput } from '../../components/password-input';
import { Button } from '../../components/ui/button';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { FormError } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { meQueryKey } from '../../lib/auth';
import { deleteAccount } from './api/delete-account';
import { useDeletionBlockers } from './api/get-deletion-blockers';
import { useSignInMethods } from './api/get-sign-in-methods';

/**
 * "Your data" on /account (docs/product.md "Account"): download everything Mentora holds about the account (GET
 * /api/me/export, a JSON file), and delete the account after confirming with the password in a dialog. What keeps it
 * from being deleted (a booked session, an open report, held money) is said first, and the button waits for it; a
 * refusal (wrong password, or a blocker arisen meanwhile) shows the server's words and deletes nothing; after deletion the
 * browser is signed out and goes to the home page.
 */
export function AccountDataSettings() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // An account that signs in only with Google confirms by a recent sign-in instead (docs/product.md "Account").
  const noPassword = useSignInMethods().data?.password === false;
  const blockers = useDeletionBlockers().data?.blockers ?? [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      await deleteAccount(noPassword ? {} : { password });
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
      window.location.assign('/');
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 500 ? err.message : messages.common.internal);
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="account-data-title" className="space-y-5">
      <h2 id="account-data-title" className="text-lg font-semibold text-slate-900">
        Your data
      </h2>
      <div className="space-y-2">
        <p className="text-sm text-slate-600">A JSON file of your account, profile, sessions, payments, feedback, applications and messages to us.</p>
        <Button asChild variant="outline">
          <a href="/api/me/export" download>
            <Download className="h-4 w-4" aria-hidden />
            Export my data
          </a>
        </Button>
      </div>
      <div className="space-y-2 border-t border-slate-200 pt-5">
        <p className="text-sm text-slate-600">
          Deleting your account removes your sign-in, profile, photo and files. Sessions and payments stay for the other person and our records, under the name
          “{messages.account.deletedName}”.
        </p>
        {blockers.length > 0 ? (
          <div id="deletion-blockers" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
            <p className="font-semibold">Before you can delete your account:</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {blockers.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <Button
          variant="destructive"
          disabled={blockers.length > 0}
          aria-describedby={blockers.length > 0 ? 'deletion-blockers' : undefined}
          onClick={() => setOpen(true)}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          Delete my account
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword('');
            setError(null);
          }
        }}
        title="Delete your account?"
        description="This cannot be undone. You will be signed out on every device."
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          {noPassword ? (
            <p className="text-sm text-slate-700">{messages.account.deleteWithoutPassword}</p>
          ) : (
            <FormField id="delete-account-password" label="Your password" required>
              {(aria) => (
                <PasswordInput
                  {...aria}
                  autoComplete="current-password"
                  maxLength={128}
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                />
              )}
            </FormField>
          )}
          <FormError>{error}</FormError>
          <DialogButtons onCancel={() => setOpen(false)} submitLabel={pending ? 'Deleting…' : 'Delete my account'} pending={pending} destructive />
        </form>
      </Dialog>
    </section>
  );
}
