import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';
import { signInPath } from '../lib/return-path';
import { messages } from '@shared/messages';
import { LoadError } from './ui/load-error';
import { PageSpinner } from './ui/spinner';

/**
 * Renders children for a signed-in account; sends anonymous visitors to /signup, which brings them back to this
 * page afterwards (docs/product.md "Sessions", "Accounts and sign-in").
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { me, loading, error, refresh } = useAuth();
  if (loading) return <PageSpinner />;
  // A failed session read is not a signed-out visitor: sending them to sign in would hide the failure.
  if (error)
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <LoadError what={messages.common.loadFailed.signIn} error={error} onRetry={refresh} />
      </div>
    );
  if (!me) return <ToSignIn />;
  return <>{children}</>;
}

/** Replaces the current page with the sign-in page, which comes back here afterwards (docs/product.md "Accounts and sign-in"). */
export function ToSignIn() {
  const location = useLocation();
  return <Navigate to={signInPath(location.pathname + location.search)} replace />;
}
