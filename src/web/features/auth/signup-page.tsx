import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { messages } from '@shared/messages';
import { dashboardPath, isProfileComplete } from '@shared/roles';
import type { Me } from '@shared/schemas/profile';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { fetchMe, useAuth, meQueryKey } from '../../lib/auth';
import { authClient } from '../../lib/auth-client';
import { AuthCard } from './auth-card';
import { CompleteProfileForm } from './complete-profile-form';
import { EmailForm } from './email-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { useClientConfig } from '../../lib/client-config';
import { signInPath, useReturnPath } from '../../lib/return-path';
import { useQueryClient } from '@tanstack/react-query';

type Step = { kind: 'choose' } | { kind: 'email' } | { kind: 'check-email'; email: string } | { kind: 'forgot'; email: string };

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden>
      <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8Z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23Z" />
      <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.7-2.8Z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4Z" />
    </svg>
  );
}

/**
 * /signup and /login (docs/product.md "Accounts and sign-in"): a chooser (Google, e-mail), the
 * e-mail form, the check-your-email message, the complete-profile form, and the already-signed-in view.
 * With a safe `?next=` path (return-path.ts) a signed-in, complete account goes back there instead of its
 * dashboard; the path rides along in the e-mail confirmation link and Google's callback ("Return after sign-in").
 */
export default function SignupPage() {
  const { me, loading, refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useClientConfig();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [googleError, setGoogleError] = useState<string | null>(null);
  const [justSignedIn, setJustSignedIn] = useState(false);
  const next = useReturnPath();
  /** Where the confirmation link and Google send the browser back: this page, still carrying `next`. */
  const callbackURL = signInPath(next);

  if (loading) return <PageSpinner />;

  async function afterSignIn() {
    await refresh();
    const current = queryClient.getQueryData<Me | null>(meQueryKey) ?? (await fetchMe().catch(() => null));
    if (current && isProfileComplete(current)) navigate(next ?? dashboardPath(current.role), { replace: true });
    else setJustSignedIn(true);
  }

  if (me && !isProfileComplete(me))
    return (
      <AuthCard title="Complete your profile" lead="Tell us a little about you so experts know who they're meeting.">
        <CompleteProfileForm
          me={me}
          onSaved={async (saved) => {
            await refresh();
            navigate(next ?? dashboardPath(saved.role), { replace: true });
          }}
        />
      </AuthCard>
    );

  if (me && next) return <Navigate to={next} replace />;

  if (me)
    return (
      <AuthCard title={justSignedIn ? 'Welcome back' : "You're signed in"} lead={`Signed in as ${me.email}.`}>
        <Button asChild className="w-full">
          <Link to={dashboardPath(me.role)}>Go to Dashboard</Link>
        </Button>
      </AuthCard>
    );

  if (step.kind === 'check-email')
    return (
      <AuthCard title="Check your email">
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
          {messages.auth.checkEmail(step.email)}
        </p>
        {config.data?.devMailbox ? (
          <p className="mt-4 text-sm text-slate-700">
            Running locally? Open the{' '}
            <a className="font-semibold text-brand-700 underline" href="/dev/mailbox">
              dev mailbox
            </a>
            .
          </p>
        ) : null}
        <Button variant="outline" className="mt-6 w-full" onClick={() => setStep({ kind: 'email' })}>
          Back to sign in
        </Button>
      </AuthCard>
    );

  if (step.kind === 'forgot')
    return (
      <AuthCard title="Reset your password" lead="We'll e-mail you a link to choose a new password.">
        <ForgotPasswordForm initialEmail={step.email} onBack={() => setStep({ kind: 'email' })} />
      </AuthCard>
    );

  if (step.kind === 'email')
    return (
      <AuthCard title={location.pathname === '/login' ? 'Sign in to Mentora' : 'Welcome to Mentora'} lead="Use your e-mail address and a password.">
        <EmailForm
          initialMode={location.pathname === '/login' ? 'sign-in' : 'sign-up'}
          callbackURL={callbackURL}
          onSignedIn={afterSignIn}
          onSignedUp={(email) => setStep({ kind: 'check-email', email })}
          onForgot={(email) => setStep({ kind: 'forgot', email })}
          onBack={() => setStep({ kind: 'choose' })}
        />
      </AuthCard>
    );

  const googleEnabled = Boolean(config.data?.googleEnabled);
  return (
    <AuthCard title="Welcome to Mentora" lead="Sign in or create an account to book sessions with industry experts.">
      <div className="space-y-3">
        {/* Offered only where the server has Google's keys (GOOGLE_CLIENT_ID); otherwise e-mail is the way in. */}
        {googleEnabled ? (
          <Button
            variant="outline"
            size="lg"
            className="w-full"
            onClick={async () => {
              setGoogleError(null);
              const { error } = await authClient.signIn.social({ provider: 'google', callbackURL });
              if (error) setGoogleError(error.message || messages.auth.googleFailed);
            }}
          >
            <GoogleIcon />
            Continue with Google
          </Button>
        ) : null}
        <FormError>{googleError}</FormError>
        <Button size="lg" className="w-full" onClick={() => setStep({ kind: 'email' })}>
          Continue with Email
        </Button>
      </div>
    </AuthCard>
  );
}
