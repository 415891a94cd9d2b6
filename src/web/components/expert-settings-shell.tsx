import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { dashboardPath, isProfileComplete } from '@shared/roles';
import { useAuth } from '../lib/auth';
import { PageSpinner } from './ui/spinner';
import { ToSignIn } from './require-auth';

/**
 * Frame of an expert's settings page under /dashboard/expert: a back link, the title and lead, then
 * `children`, which render only for a signed-in expert with a complete profile. Visitors and incomplete
 * profiles go to /signup, other roles to their own dashboard.
 */
export function ExpertSettingsShell({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  const { me, loading } = useAuth();
  if (loading) return <PageSpinner />;
  if (!me || !isProfileComplete(me)) return <ToSignIn />;
  if (me.role !== 'expert') return <Navigate to={dashboardPath(me.role)} replace />;
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-4xl px-4 pb-12 pt-8 sm:pt-10">
        <Link to="/dashboard/expert" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to dashboard
        </Link>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-slate-700">{lead}</p>
        {children}
      </div>
    </div>
  );
}
