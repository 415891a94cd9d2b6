/**
 * /dashboard/client: the dashboard feature composed with the workshops feature's waitlists (features never import
 * each other).
 */
import ClientDashboardPage from '../features/dashboard/client-dashboard-page';
import { MyWaitlist } from '../features/workshops/my-waitlist';

export default function ClientDashboardRoute() {
  return <ClientDashboardPage waitlist={<MyWaitlist />} />;
}
