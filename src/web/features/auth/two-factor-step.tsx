import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { FormError, Input, Label } from '../../components/ui/input';
import { authClient } from '../../lib/auth-client';
import { codeFailure } from '../../lib/code-failure';
import { messages } from '@shared/messages';

/** Shown when the code is refused, expired or the attempts ran out (Better Auth's own words are technical). */
const refused = 'That code did not work. Check the time on your phone and try again, or use a backup code.';

/**
 * The second step of a sign-in with two-factor sign-in on (docs/security.md "Two-factor sign-in"): a 6-digit code
 * from the authenticator app, or one of the backup codes (each works once), and "trust this device for 30 days".
 * Sends Better Auth's /two-factor/verify-totp or /verify-backup-code; the session opens only then.
 */
export function TwoFactorStep({ onVerified, onCancel }: { onVerified: () => Promise<void>; onCancel: () => void }) {
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = useBackup ? code.trim() : code.replace(/\s/g, '');
    if (!value) return setError(useBackup ? 'Please enter a backup code' : 'Please enter the 6-digit code from your app');
    setSubmitting(true);
    setError(null);
    try {
      const { error: err } = useBackup
        ? await authClient.twoFactor.verifyBackupCode({ code: value, trustDevice })
        : await authClient.twoFactor.verifyTotp({ code: value, trustDevice });
      if (err) {
        // An expired step (10 minutes) or too many tries: the password step has to be done again.
        if (err.status === 401 && /cookie/i.test(err.message ?? '')) return onCancel();
        // A code works once (docs/security.md "Second factor"): the next one from the app will do.
        if (err.code === 'TOTP_CODE_USED') return setError(messages.auth.totpCodeUsed);
        return setError(codeFailure(err.status, refused));
      }
      await onVerified();
    } catch {
      setError(codeFailure(0, refused));
    } finally {
      setSubmitting(false);
    }
  }

  function switchMethod() {
    setUseBackup((b) => !b);
    setCode('');
    setError(null);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="text-lg font-semibold text-slate-900">
        Two-factor sign-in
      </h2>
      <p className="text-sm text-slate-700">
        {useBackup
          ? 'Enter one of the backup codes you saved when you set up two-factor sign-in. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Mentora.'}
      </p>
      <div>
        <Label htmlFor="two-factor-code">{useBackup ? 'Backup code' : 'Authentication code'}</Label>
        <Input
          id="two-factor-code"
          autoComplete="one-time-code"
          inputMode={useBackup ? 'text' : 'numeric'}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={useBackup ? 20 : 8}
          value={code}
          aria-invalid={Boolean(error)}
          onChange={(e) => setCode(e.target.value)}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the step replaces the password form the user just sent; focus moves to the one field it asks for instead of being lost
          autoFocus
        />
      </div>
      <div className="flex items-center gap-3">
        <input
          id="trust-device"
          type="checkbox"
          className="h-4 w-4 cursor-pointer accent-brand-600"
          checked={trustDevice}
          onChange={(e) => setTrustDevice(e.target.checked)}
        />
        <label htmlFor="trust-device" className="cursor-pointer text-sm text-slate-800">
          Trust this device for 30 days
        </label>
      </div>
      <FormError>{error}</FormError>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? 'Please wait…' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="link" onClick={switchMethod}>
          {useBackup ? 'Use the code from my app' : 'Use a backup code'}
        </Button>
        <Button type="button" variant="link" onClick={onCancel}>
          Start again
        </Button>
      </div>
    </form>
  );
}
