import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';
import { PageSpinner } from './ui/spinner';

/** Renders children for a signed-in account; sends anonymous visitors to /signup (spec §2 dashboards). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { me, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!me) return <Navigate to="/signup" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
