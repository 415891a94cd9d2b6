/**
 * /dashboard/client: the dashboard feature composed with the packages feature's packages and the workshops feature's
 * waitlists (features never import each other).
 */
import ClientDashboardPage from '../features/dashboard/client-dashboard-page';
import { MyPackages } from '../features/packages/my-packages';
import { MyPlans } from '../features/plans/my-plans';
import { MyWaitlist } from '../features/workshops/my-waitlist';

export default function ClientDashboardRoute() {
  return (
    <ClientDashboardPage
      waitlist={
        <>
          <MyPlans />
          <MyPackages />
          <MyWaitlist />
        </>
      }
    />
  );
}
