/** /dashboard/expert: the dashboard feature composed with the applications feature's status card and empty-sessions text (features never import each other). */
import { ApplicationStatusCard } from '../features/applications/components/application-status-card';
import { SessionsEmptyState } from '../features/applications/components/sessions-empty-state';
import ExpertDashboardPage from '../features/dashboard/expert-dashboard-page';

export default function ExpertDashboardRoute() {
  return <ExpertDashboardPage applicationStatus={<ApplicationStatusCard />} sessionsEmpty={<SessionsEmptyState />} />;
}
