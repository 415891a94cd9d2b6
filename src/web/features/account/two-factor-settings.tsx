import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '@shared/messages';
import { PasswordInput } from '../../components/password-input';
import { Button } from '../../components/ui/button';
import { FormError, Input, Label } from '../../components/ui/input';
import { useAuth } from '../../lib/auth';
import { authClient } from '../../lib/auth-client';
import { codeFailure } from '../../lib/code-failure';
import { useReturnPath } from '../../lib/return-path';
import { useSignInMethods } from './api/get-sign-in-methods';
import { QrCode } from './qr-code';

const wrongPassword = 'That password is not right. Please try again.';
const wrongCode = 'That code did not work. Check the time on your phone and enter the newest code.';

/** The secret of an otpauth:// URI, in groups of four for typing into an app by hand. */
const secretOf = (uri: string) => (new URL(uri).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim();

type Step =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'scan'; uri: string; backupCodes: string[] }
  | { kind: 'codes'; backupCodes: string[] }
  | { kind: 'disable' };

/** One password field with its submit button: the first step of enrolling and of turning off. */
function PasswordStep({
  label,
  action,
  busyLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  action: string;
  busyLabel: string;
  onSubmit: (password: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError('Please enter your password');
    setBusy(true);
    setError(await onSubmit(password));
    setBusy(false);
  }
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <div>
        <Label htmlFor="two-factor-password">{label}</Label>
        <PasswordInput
          id="two-factor-password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={Boolean(error)}
          // This step appears when the user presses "Turn on" or "Turn off"; focus follows their action instead of staying on a removed button.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
      </div>
      <FormError>{error}</FormError>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : action}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Scan (or type) the secret, then confirm with a first code: only then is two-factor sign-in on. */
function ScanStep({ uri, onConfirmed, onCancel }: { uri: string; onConfirmed: () => Promise<void>; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) return setError('Please enter the 6-digit code from your app');
    setBusy(true);
    const { error: err } = await authClient.twoFactor.verifyTotp({ code: value }).catch(() => ({ error: { status: 0 } }));
    setBusy(false);
    if (err) return setError(codeFailure(err.status, wrongCode));
    await onConfirmed();
  }
  return (
    <div className="mt-4 space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app (for example Google Authenticator, Microsoft Authenticator, 1Password or Aegis).</li>
        <li>Scan this QR code, or add an account by hand with the setup key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <QrCode text={uri} label="QR code to add Mentora to your authenticator app" />
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-800">Setup key</p>
          <code data-testid="totp-secret" className="mt-1 block rounded-md bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900">
            {secretOf(uri)}
          </code>
          <p className="mt-1 text-xs text-slate-600">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="max-w-xs">
          <Label htmlFor="two-factor-confirm">Code from your app</Label>
          <Input
            id="two-factor-confirm"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={8}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={Boolean(error)}
          />
        </div>
        <FormError>{error}</FormError>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? 'Checking…' : 'Turn on two-factor sign-in'}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The backup codes, shown once, to copy or download. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `Mentora backup codes (each works once)\n\n${codes.join('\n')}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="mt-4 space-y-4">
      <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        Two-factor sign-in is on.
      </p>
      <p className="text-sm text-slate-700">
        Save these backup codes somewhere safe. If you lose your phone, each code signs you in once. <strong>They are shown only now.</strong>
      </p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm text-slate-900 sm:max-w-md">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button asChild variant="outline">
          <a href={download} download="mentora-backup-codes.txt">
            Download codes
          </a>
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved my codes
        </Button>
      </div>
    </div>
  );
}

/**
 * Two-factor sign-in on /account (docs/security.md "Two-factor sign-in"), with Better Auth's endpoints: enrol
 * (password → QR code and setup key → first code → backup codes shown once) or turn it off (password). Team
 * members are told it is required for the team console, and get a link to it once it is on; one sent here by the
 * console (`?next=`) is taken back to it once the backup codes are saved.
 */
export function TwoFactorSettings() {
  const { me, refresh } = useAuth();
  const navigate = useNavigate();
  // Sent here by the team console (`?next=/admin/…`): once the codes are saved, back to the console page.
  const next = useReturnPath();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  // Enrolling starts with the password: an account that signs in only with Google sets one first.
  const noPassword = useSignInMethods().data?.password === false;
  if (!me) return null;
  const on = me.twoFactorEnabled;
  const cancel = () => setStep({ kind: 'idle' });

  return (
    <section aria-labelledby="two-factor-settings-title">
      <h2 id="two-factor-settings-title" className="text-lg font-semibold text-slate-900">
        Two-factor sign-in
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {on && step.kind !== 'codes'
          ? 'On: signing in asks for a code from your authenticator app (or a backup code) after your password.'
          : 'Protect your account with a code from an authenticator app on your phone, asked after your password.'}
      </p>
      {me.role === 'admin' && !on ? (
        <p role="note" className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          The team console needs two-factor sign-in. Set it up here to open it.
        </p>
      ) : null}

      {step.kind === 'idle' ? (
        <div className="mt-4 flex flex-wrap gap-3">
          {on ? (
            <>
              {me.role === 'admin' ? (
                <Button asChild>
                  <Link to="/admin">Open the team console</Link>
                </Button>
              ) : null}
              <Button type="button" variant="outline" onClick={() => setStep({ kind: 'disable' })}>
                Turn off two-factor sign-in
              </Button>
            </>
          ) : noPassword ? (
            <p role="note" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
              {messages.account.twoFactorNeedsPassword}
            </p>
          ) : (
            <Button type="button" onClick={() => setStep({ kind: 'password' })}>
              Set up two-factor sign-in
            </Button>
          )}
        </div>
      ) : null}

      {step.kind === 'password' ? (
        <PasswordStep
          label="Your password"
          action="Continue"
          busyLabel="Checking…"
          onCancel={cancel}
          onSubmit={async (password) => {
            const { data, error } = await authClient.twoFactor.enable({ password, issuer: 'Mentora' }).catch(() => ({ data: null, error: { status: 0 } }));
            if (error || !data || !('totpURI' in data) || !data.totpURI)
              return error?.status === 400 ? wrongPassword : 'Something went wrong. Please try again.';
            setStep({ kind: 'scan', uri: data.totpURI, backupCodes: data.backupCodes ?? [] });
            return null;
          }}
        />
      ) : null}

      {step.kind === 'scan' ? (
        <ScanStep
          uri={step.uri}
          onCancel={cancel}
          onConfirmed={async () => {
            setStep({ kind: 'codes', backupCodes: step.backupCodes });
            await refresh();
          }}
        />
      ) : null}

      {step.kind === 'codes' ? <BackupCodes codes={step.backupCodes} onDone={next ? () => void navigate(next) : cancel} /> : null}

      {step.kind === 'disable' ? (
        <PasswordStep
          label="Your password"
          action="Turn off"
          busyLabel="Turning off…"
          onCancel={cancel}
          onSubmit={async (password) => {
            const { error } = await authClient.twoFactor.disable({ password }).catch(() => ({ error: { status: 0 } }));
            if (error) return error.status === 400 ? wrongPassword : 'Something went wrong. Please try again.';
            await refresh();
            cancel();
            return null;
          }}
        />
      ) : null}
    </section>
  );
}
