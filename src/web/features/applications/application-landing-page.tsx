/**
 * /expert/application-landing (docs/product.md "Expert applications"): a client-role account sees 'Expert
 * Account Required'; an expert with an application sees its status and submit date ('Expert Application
 * Pending' while it is open); everyone else sees the marketing page.
 */
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { useMyApplication } from './api/get-my-application';
import { AccountRequired } from './components/account-required';
import { LandingMarketing } from './components/landing-marketing';
import { PendingPanel } from './components/pending-panel';

export default function ApplicationLandingPage() {
  const { me, loading } = useAuth();
  const isExpert = me?.role === 'expert';
  const mine = useMyApplication(isExpert);
  if (loading || (isExpert && mine.isPending)) return <PageSpinner />;
  if (me?.role === 'client')
    return (
      <div className="bg-slate-50 px-4 py-14">
        <AccountRequired />
      </div>
    );
  if (isExpert && mine.data)
    return (
      <div className="bg-slate-50 px-4 py-14">
        <PendingPanel application={mine.data} />
      </div>
    );
  return <LandingMarketing />;
}
