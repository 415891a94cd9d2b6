import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useMyListedProfile } from '../api/get-listed-profile';
import { useMyApplication } from '../api/get-my-application';
import { ApplicationSummary } from './application-summary';

/**
 * The expert dashboard's application status card (docs/product.md "Sessions", "Expert applications"):
 * every status with its note and the team's note; an invitation to apply when there is none (or, for an
 * expert listed without an application, that the profile is live), and to apply again after a rejection.
 */
export function ApplicationStatusCard() {
  const query = useMyApplication();
  const application = query.data;
  const listed = useMyListedProfile(query.data === null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Application status</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label="Loading your application" />
        ) : query.isError ? (
          <div className="text-sm text-slate-700">
            <p>We could not load your application status.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : application ? (
          <>
            <ApplicationSummary application={application} />
            {application.status === 'rejected' ? (
              <Button asChild className="mt-4">
                <Link to="/expert/application">Apply again</Link>
              </Button>
            ) : null}
          </>
        ) : listed.data ? (
          // The publishing card beside it links to the live profile; one link to it is enough.
          <p className="text-sm text-slate-700">Your expert profile is live: clients can find you and book sessions.</p>
        ) : listed.isPending ? (
          <Spinner label="Loading your application" />
        ) : (
          <>
            <p className="text-sm text-slate-700">
              You haven't applied yet. Tell us about your experience in five short steps; our team replies within 72 hours.
            </p>
            <Button asChild className="mt-4">
              <Link to="/expert/application-landing">Apply to become an expert</Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
