import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { messages } from '@shared/messages';
import { dashboardPath } from '@shared/roles';
import type { SessionView } from '@shared/schemas/sessions';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useSession } from './api/get-session';
import { ToSignIn } from '../../components/require-auth';

function SessionNotFound({ dashboard }: { dashboard: string }) {
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{messages.session.notFoundTitle}</h1>
      <p className="mt-2 text-slate-700">This session does not exist, or the link is incomplete.</p>
      <Button asChild className="mt-6">
        <Link to={dashboard}>Go to Dashboard</Link>
      </Button>
    </div>
  );
}

/**
 * Loads session `id` for its client or expert (docs/product.md "Sessions"): signed-out visitors go to
 * /signup; 403 toasts "You don't have permission to view this session" and goes home; 404 shows
 * 'Session Not Found'; other failures 'Failed to load session details'.
 */
export function SessionGate({ id, children }: { id: string; children: (session: SessionView) => ReactNode }) {
  const { me, loading } = useAuth();
  const navigate = useNavigate();
  const query = useSession(id, Boolean(me));
  const status = query.error instanceof ApiError ? query.error.status : null;

  useEffect(() => {
    if (status !== 403) return;
    toast.error(messages.session.forbidden);
    void navigate('/', { replace: true });
  }, [status, navigate]);

  if (loading) return <PageSpinner />;
  if (!me) return <ToSignIn />;
  if (query.isPending || status === 403) return <PageSpinner />;
  if (status === 404) return <SessionNotFound dashboard={dashboardPath(me.role)} />;
  if (query.isError)
    return (
      <div className="mx-auto max-w-md px-4 py-20">
        <h1 className="sr-only">Session</h1>
        <FormError>{messages.session.loadFailed}</FormError>
      </div>
    );
  return children(query.data);
}
