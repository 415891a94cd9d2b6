import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { signInError, signUpError } from '@shared/auth-rules';
import { messages } from '@shared/messages';
import { PasswordInput } from '../../components/password-input';
import { Button } from '../../components/ui/button';
import { FormError, Input, Label } from '../../components/ui/input';
import { authClient } from '../../lib/auth-client';
import { TwoFactorStep } from './two-factor-step';

export type EmailMode = 'sign-in' | 'sign-up';

const modes: readonly EmailMode[] = ['sign-in', 'sign-up'];
const tabId = (m: EmailMode) => `email-form-tab-${m}`;
const panelId = 'email-form-panel';

/**
 * E-mail form of the sign-in screen (docs/product.md "Accounts and sign-in"): email, password, confirm password for new accounts,
 * visibility toggles, Sign In / Sign Up. Auth errors show the service message in a red box, with the
 * product's fallbacks. The Sign In / Sign Up switch follows the WAI-ARIA tabs pattern (one tab stop, arrow
 * keys, Home and End move and select; the fields are its tab panel). An account with two-factor sign-in gets
 * the code step (two-factor-step.tsx) after a right password.
 */
export function EmailForm({
  initialMode,
  callbackURL,
  onSignedIn,
  onSignedUp,
  onForgot,
  onBack,
}: {
  initialMode: EmailMode;
  /** The path the e-mail confirmation link opens once the address is confirmed (the sign-in page with its `next`). */
  callbackURL: string;
  onSignedIn: () => Promise<void>;
  onSignedUp: (email: string) => void;
  onForgot: (email: string) => void;
  onBack: () => void;
}) {
  const [mode, setMode] = useState<EmailMode>(initialMode);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [unverified, setUnverified] = useState(false);
  /** The password was right and the account has two-factor sign-in: the code step is shown. */
  const [secondStep, setSecondStep] = useState(false);

  function selectMode(m: EmailMode) {
    setMode(m);
    setError(null);
  }

  /** Arrow keys wrap between the two tabs; Home / End go to the first / last. Selection follows focus. */
  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const at = modes.indexOf(mode);
    const keys: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: modes.length - 1 };
    if (!(event.key in keys)) return;
    event.preventDefault();
    const next = modes[(keys[event.key]! + modes.length) % modes.length]!;
    selectMode(next);
    document.getElementById(tabId(next))?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setUnverified(false);
    const problem = mode === 'sign-up' ? signUpError({ email, password, confirmPassword }) : signInError({ email, password });
    setError(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      if (mode === 'sign-up') {
        const { error: err } = await authClient.signUp.email({ email: email.trim(), password, name: '', callbackURL });
        if (err) setError(err.message || messages.auth.createAccountFailed);
        else onSignedUp(email.trim());
      } else {
        const { data, error: err } = await authClient.signIn.email({ email: email.trim(), password });
        if (err) {
          setError(err.message || messages.auth.signInFailed);
          setUnverified(err.code === 'EMAIL_NOT_VERIFIED');
        } else if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) setSecondStep(true);
        else await onSignedIn();
      }
    } catch {
      setError(mode === 'sign-up' ? messages.auth.createAccountFailed : messages.auth.signInFailed);
    } finally {
      setSubmitting(false);
    }
  }

  const signUp = mode === 'sign-up';
  if (secondStep)
    return (
      <TwoFactorStep
        onVerified={onSignedIn}
        onCancel={() => {
          setSecondStep(false);
          setPassword('');
        }}
      />
    );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div role="tablist" aria-label="Account" className="grid grid-cols-2 rounded-lg bg-slate-100 p-1">
        {modes.map((m) => (
          <button
            key={m}
            id={tabId(m)}
            type="button"
            role="tab"
            aria-selected={mode === m}
            aria-controls={panelId}
            tabIndex={mode === m ? 0 : -1}
            onKeyDown={onTabKeyDown}
            onClick={() => selectMode(m)}
            className={`cursor-pointer rounded-md py-2 text-sm font-semibold ${mode === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'}`}
          >
            {m === 'sign-in' ? 'Sign In' : 'Sign Up'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(mode)} className="space-y-4">
        <div>
          <Label htmlFor="email">Email</Label>
          <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div>
          <div className="flex items-center justify-between">
            <Label htmlFor="password">Password</Label>
            {!signUp ? (
              <button type="button" className="mb-1.5 cursor-pointer text-sm font-medium text-brand-700 hover:underline" onClick={() => onForgot(email)}>
                Forgot password?
              </button>
            ) : null}
          </div>
          <PasswordInput
            id="password"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {signUp ? (
          <div>
            <Label htmlFor="confirm-password">Confirm password</Label>
            <PasswordInput id="confirm-password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
          </div>
        ) : null}
        <FormError>
          {error}
          {unverified ? <span className="mt-1 block">We've sent you a new confirmation link — please check your inbox.</span> : null}
        </FormError>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Please wait…' : signUp ? 'Sign Up' : 'Sign In'}
        </Button>
        {signUp ? <p className="text-xs text-slate-600">By creating an account you confirm you are over 18 and agree to our community guidelines.</p> : null}
      </div>
      <Button variant="link" className="w-full" onClick={onBack}>
        ← Other ways to continue
      </Button>
    </form>
  );
}
