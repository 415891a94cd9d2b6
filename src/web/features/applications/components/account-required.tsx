import { UserRoundCog } from 'lucide-react';
import { supportEmail } from '@shared/constants';
import { messages } from '@shared/messages';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useAuth } from '../../../lib/auth';

/**
 * 'Expert Account Required' (docs/product.md "Expert applications"): only expert-role accounts may apply, so a client is told to
 * create a new expert account (sign out, then sign up with another e-mail address) or contact support.
 */
export function AccountRequired() {
  const { signOut } = useAuth();
  return (
    <Card className="mx-auto max-w-xl p-6 text-center sm:p-10">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <UserRoundCog className="h-7 w-7" aria-hidden />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{messages.application.expertAccountRequired}</h1>
      <p className="mt-3 text-slate-700">{messages.application.expertOnly}</p>
      <p className="mt-2 text-sm text-slate-600">
        You are signed in with an account that is not an expert account. To mentor, sign out and sign up again with another e-mail address, choosing Expert on
        the profile form. Your current account and its sessions stay as they are.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button onClick={() => void signOut()}>Sign out to create an expert account</Button>
        <Button asChild variant="outline">
          <a href={`mailto:${supportEmail}?subject=${encodeURIComponent('Expert account')}`}>Contact support</a>
        </Button>
      </div>
    </Card>
  );
}
