/**
 * /dashboard/expert: the dashboard feature composed with the applications feature's status card and empty-sessions
 * text, the payouts feature's Total Earnings and the expert-publishing feature's card (features never import each
 * other). Links to profile-only pages show once the account has a profile.
 */
import { ApplicationStatusCard } from '../features/applications/components/application-status-card';
import { SessionsEmptyState } from '../features/applications/components/sessions-empty-state';
import ExpertDashboardPage from '../features/dashboard/expert-dashboard-page';
import { usePublishing } from '../features/expert-publishing/api/get-publishing';
import { PublishingCard } from '../features/expert-publishing/publishing-card';
import { TotalEarnings } from '../features/payouts/total-earnings';

export default function ExpertDashboardRoute() {
  const publishing = usePublishing();
  return (
    <ExpertDashboardPage
      applicationStatus={<ApplicationStatusCard />}
      sessionsEmpty={<SessionsEmptyState />}
      totalEarnings={<TotalEarnings />}
      publishing={<PublishingCard />}
      hasProfile={Boolean(publishing.data)}
    />
  );
}
