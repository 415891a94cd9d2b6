import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { dashboardPath, isProfileComplete } from '@shared/roles';
import type { Me } from '@shared/schemas/profile';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { ToSignIn } from '../../components/require-auth';

/**
 * Frame of a dashboard: anonymous visitors go to /signup, incomplete profiles to the complete-profile
 * form, and an account of another role to its own dashboard (docs/product.md "Sessions").
 */
export function DashboardShell({ role, title, children }: { role: 'client' | 'expert'; title: string; children: (me: Me) => ReactNode }) {
  const { me, loading, signOut } = useAuth();
  if (loading) return <PageSpinner />;
  if (!me) return <ToSignIn />;
  if (!isProfileComplete(me)) return <ToSignIn />;
  const own = dashboardPath(me.role);
  if (own !== `/dashboard/${role}`) return <Navigate to={own} replace />;
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <p className="text-sm font-medium text-brand-700">{title}</p>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Welcome back, {me.firstName}</h1>
          </div>
          <Button variant="outline" onClick={() => void signOut()}>
            Sign Out
          </Button>
        </div>
        <div className="mt-8">{children(me)}</div>
      </div>
    </div>
  );
}
