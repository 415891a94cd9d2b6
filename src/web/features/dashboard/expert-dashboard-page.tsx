import {
  Banknote,
  CalendarCheck,
  CalendarClock,
  CalendarRange,
  DollarSign,
  Hourglass,
  MessageSquare,
  Settings,
  SlidersHorizontal,
  UsersRound,
  Package,
  Repeat,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Me } from '@shared/schemas/profile';
import { Button } from '../../components/ui/button';
import { DashboardShell } from './dashboard-shell';
import { ProfileCard } from './profile-card';
import { QuickActions } from './quick-actions';
import { SessionList, sessionListId } from './session-list';
import { DetailsLink, SessionRow } from './session-row';
import { StatCards } from './stat-cards';
import { useSessionSummary } from './api/get-my-sessions';

type Composed = {
  applicationStatus?: ReactNode;
  sessionsEmpty: ReactNode;
  totalEarnings: ReactNode;
  /** The publication card: setup checklist or live profile (the expert-publishing feature). */
  publishing?: ReactNode;
  /** Whether the account has an expert profile: an applicant sees no links to profile-only pages, which would answer 403. */
  hasProfile: boolean;
};

/**
 * /dashboard/expert (docs/product.md "Sessions"): counters, application status, sessions, profile card, quick actions.
 * `applicationStatus` is the application status card and `sessionsEmpty` the empty session list's text, which
 * depends on approval (the applications feature); `totalEarnings` the earnings ledger's total (the payouts feature,
 * docs/product.md "Earnings"); `publishing` the setup checklist or live-profile card (docs/product.md "Expert
 * onboarding and publishing"); all composed in src/web/app.
 */
export default function ExpertDashboardPage(composed: Composed) {
  return (
    <DashboardShell role="expert" title="Expert dashboard">
      {(me) => <ExpertDashboard me={me} {...composed} />}
    </DashboardShell>
  );
}

function ExpertDashboard({ me, applicationStatus, sessionsEmpty, totalEarnings, publishing, hasProfile }: Composed & { me: Me }) {
  const counters = useSessionSummary();
  const summary = counters.data;
  return (
    <div className="space-y-6">
      <StatCards
        loading={!summary}
        onRetry={counters.isError ? () => void counters.refetch() : undefined}
        stats={[
          { label: 'Upcoming Sessions', value: summary?.upcoming, icon: CalendarClock },
          { label: 'Completed Sessions', value: summary?.completed, icon: CalendarCheck },
          { label: 'Total Earnings', value: totalEarnings, icon: DollarSign },
          { label: 'Awaiting confirmation', value: summary?.awaitingConfirmation, icon: Hourglass },
        ]}
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          {publishing}
          {applicationStatus}
          <SessionList
            empty={sessionsEmpty}
            renderRow={(s) => <SessionRow key={s.id} session={s} counterpart={s.clientName.trim() || 'Unknown Client'} actions={<DetailsLink id={s.id} />} />}
          />
        </div>
        <div className="space-y-6">
          <ProfileCard
            me={me}
            accountType="Expert"
            footer={
              hasProfile ? (
                <Button asChild variant="outline" className="w-full">
                  <Link to="/dashboard/expert/profile">Edit Profile</Link>
                </Button>
              ) : null
            }
          />
          <QuickActions
            actions={[
              ...(hasProfile
                ? [
                    { label: 'Manage availability', icon: CalendarRange, to: '/dashboard/expert/availability' },
                    { label: 'Payouts and earnings', icon: Banknote, to: '/dashboard/expert/payouts' },
                    { label: 'Group workshops', icon: UsersRound, to: '/dashboard/expert/workshops' },
                    { label: 'Session packages', icon: Package, to: '/dashboard/expert/packages' },
                    { label: 'Monthly plans', icon: Repeat, to: '/dashboard/expert/plans' },
                  ]
                : []),
              // The session list is this page's (React Router's ScrollRestoration scrolls to the #id).
              { label: 'Manage sessions', icon: SlidersHorizontal, to: `/dashboard/expert#${sessionListId}` },
              { label: 'Account settings', icon: Settings, to: '/account' },
              { label: 'Messages', icon: MessageSquare, to: '/messages' },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
