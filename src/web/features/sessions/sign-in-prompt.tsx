import { LogIn } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { signInPath } from '../../lib/return-path';

/** Shown to signed-out visitors on a page that needs an account: the reason and a link to /signup, which comes back here. */
export function SignInPrompt({ message }: { message: string }) {
  const location = useLocation();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <LogIn className="h-6 w-6" aria-hidden />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Sign in to continue</h1>
      <p className="mt-2 text-slate-700">{message}</p>
      <Button asChild className="mt-6">
        <Link to={signInPath(location.pathname + location.search)}>Sign In</Link>
      </Button>
    </div>
  );
}
