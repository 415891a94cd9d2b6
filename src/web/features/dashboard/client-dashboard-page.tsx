import { CalendarCheck, CalendarClock, GraduationCap, Hourglass, MessageSquare, Search, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@shared/pricing';
import type { Me } from '@shared/schemas/profile';
import { MyProgrammes } from '../../components/programmes/my-programmes';
import { Button } from '../../components/ui/button';
import { ClientSessionActions } from './client-session-actions';
import { DashboardShell } from './dashboard-shell';
import { ProfileCard } from './profile-card';
import { ProposalsNotice } from './proposal-notice';
import { QuickActions } from './quick-actions';
import { SessionList } from './session-list';
import { SessionRow } from './session-row';
import { StatCards } from './stat-cards';
import { useSessionSummary } from './api/get-my-sessions';

/**
 * /dashboard/client (docs/product.md "Sessions"): counters, sessions (Upcoming / Past), funded mentoring
 * (docs/product.md "Access programmes"), `waitlist` (the workshops
 * feature's places on waitlists, composed in src/web/app), profile card, quick actions.
 */
export default function ClientDashboardPage({ waitlist }: { waitlist?: ReactNode }) {
  return (
    <DashboardShell role="client" title="Client dashboard">
      {(me) => <ClientDashboard me={me} waitlist={waitlist} />}
    </DashboardShell>
  );
}

function ClientDashboard({ me, waitlist }: { me: Me; waitlist?: ReactNode }) {
  const counters = useSessionSummary();
  const summary = counters.data;
  return (
    <div className="space-y-6">
      <ProposalsNotice />
      <StatCards
        loading={!summary}
        onRetry={counters.isError ? () => void counters.refetch() : undefined}
        stats={[
          { label: 'Upcoming', value: summary?.upcoming, icon: CalendarClock },
          { label: 'Awaiting confirmation', value: summary?.awaitingConfirmation, icon: Hourglass },
          { label: 'Completed', value: summary?.concluded, icon: CalendarCheck },
          { label: 'Total spent', value: summary ? formatMoney(summary.spentCents) : null, icon: Wallet },
        ]}
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <SessionList
          empty={
            <>
              <p className="mt-1 max-w-sm text-sm text-slate-700">
                Book a one-to-one video session with an industry expert. Your first meeting with each new expert can be a free 15-minute intro.
              </p>
              <Button asChild className="mt-5">
                <Link to="/results">Find Your First Expert</Link>
              </Button>
            </>
          }
          renderRow={(s) => <SessionRow key={s.id} session={s} counterpart={s.expertName} actions={<ClientSessionActions session={s} />} />}
        />
        <div className="space-y-6">
          <MyProgrammes />
          {waitlist}
          <ProfileCard me={me} accountType="Client" />
          <QuickActions
            actions={[
              { label: 'Find an Expert', icon: Search, to: '/results' },
              { label: 'Group Workshops', icon: GraduationCap, to: '/workshops' },
              { label: 'Messages', icon: MessageSquare, to: '/messages' },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
