/** /dashboard/expert: the dashboard feature composed with the applications feature's status card (features never import each other). */
import { ApplicationStatusCard } from '../features/applications/components/application-status-card';
import ExpertDashboardPage from '../features/dashboard/expert-dashboard-page';

export default function ExpertDashboardRoute() {
  return <ExpertDashboardPage applicationStatus={<ApplicationStatusCard />} />;
}
