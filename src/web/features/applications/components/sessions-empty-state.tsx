import { Link } from 'react-router';
import { sessionsEmptyMessages, sessionsEmptyState } from '@shared/expert-dashboard';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useMyListedProfile } from '../api/get-listed-profile';
import { useMyApplication } from '../api/get-my-application';

const text = 'mt-1 max-w-sm text-sm text-slate-700';

/**
 * What the expert dashboard's empty session list says (docs/product.md "Expert applications"):
 * a published expert gets the profile link to share and a way to their availability, an applicant under
 * review is told so, anyone else is invited to apply. Composed into the dashboard in src/web/app.
 */
export function SessionsEmptyState() {
  const application = useMyApplication();
  const profile = useMyListedProfile(true);
  if (application.isPending || profile.isPending) return <Spinner label="Loading" className="mt-3" />;
  const state = sessionsEmptyState(application.data?.status ?? null, profile.data ?? null);
  if (state.kind === 'reviewing' || state.kind === 'setup') return <p className={text}>{sessionsEmptyMessages[state.kind]}</p>;
  if (state.kind === 'apply')
    return (
      <>
        <p className={text}>{sessionsEmptyMessages.apply}</p>
        <Button asChild size="sm" className="mt-4">
          <Link to="/expert/application-landing">Start your application</Link>
        </Button>
      </>
    );
  const url = `${window.location.origin}/expert/${state.slug}`;
  return (
    <>
      <p className={text}>{sessionsEmptyMessages.published}</p>
      <p className="mt-3 max-w-full text-sm">
        <span className="sr-only">Your profile link: </span>
        <Link to={`/expert/${state.slug}`} className="break-all font-semibold text-brand-700 underline-offset-4 hover:underline">
          {url}
        </Link>
      </p>
      <Button asChild variant="outline" size="sm" className="mt-4">
        <Link to="/dashboard/expert/availability">Update your availability</Link>
      </Button>
    </>
  );
}
