import { BarChart3, Building2, CalendarClock, FileText, Flag, Inbox, RotateCcw, ScrollText, Scale, Users } from 'lucide-react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { dashboardPath } from '@shared/roles';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { useSummary } from './api/get-summary';
import { ToSignIn } from '../../components/require-auth';

const sections = [
  { to: 'dashboard', label: 'Dashboard', icon: BarChart3, waiting: '' },
  { to: 'applications', label: 'Applications', icon: FileText, waiting: 'waiting for review' },
  { to: 'disputes', label: 'Disputes', icon: Scale, waiting: 'open' },
  { to: 'inbox', label: 'Inbox', icon: Inbox, waiting: 'to handle' },
  { to: 'message-reports', label: 'Message reports', icon: Flag, waiting: '' },
  { to: 'users', label: 'Users', icon: Users, waiting: '' },
  { to: 'sessions', label: 'Sessions', icon: CalendarClock, waiting: '' },
  { to: 'payment-retries', label: 'Payment retries', icon: RotateCcw, waiting: '' },
  { to: 'organisations', label: 'Partners', icon: Building2, waiting: '' },
  { to: 'audit', label: 'Audit log', icon: ScrollText, waiting: '' },
] as const;

/** The tab row; each queue shows how many items wait (GET /api/admin/summary). */
function SectionTabs() {
  const summary = useSummary().data;
  return (
    <nav aria-label="Team console" className="mt-6 border-b border-slate-200">
      <ul className="flex flex-wrap gap-x-0.5 sm:gap-x-1">
        {sections.map(({ to, label, icon: Icon, waiting }) => {
          const count = summary && (to === 'applications' || to === 'disputes' || to === 'inbox') ? summary[to] : 0;
          return (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    '-mb-px inline-flex items-center gap-1.5 border-b-2 px-2 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:gap-2 sm:px-3',
                    isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                  )
                }
              >
                <Icon className="hidden h-4 w-4 sm:block" aria-hidden />
                {label}
                {count ? (
                  <span className="rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">
                    {count}
                    <span className="sr-only"> {waiting}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * /admin (docs/product.md "Team console"): the team console frame — admins only (visitors go to /signup, other roles to their
 * own dashboard, admins without two-factor sign-in to /account to set it up, with the console page to return to) — with its sections as sub-routes: Dashboard, Applications, Disputes, Inbox, Message reports, Users, Sessions, Payment retries, Partners, Audit log.
 */
export default function AdminConsolePage() {
  const { me, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!me) return <ToSignIn />;
  if (me.role !== 'admin') return <Navigate to={dashboardPath(me.role)} replace />;
  // The API refuses the console without two-factor sign-in (guards.ts); /account sets it up, then comes back here.
  if (!me.twoFactorEnabled) return <Navigate to={`/account?${new URLSearchParams({ next: location.pathname }).toString()}`} replace />;
  return (
    <div className="min-h-[70vh] bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
        <p className="text-sm font-medium text-brand-700">Mentora team</p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Team console</h1>
        <SectionTabs />
        <div className="mt-6">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
