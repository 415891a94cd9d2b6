/**
 * The client's waitlists on their dashboard (docs/product.md "Workshops"): each workshop they wait for with their
 * position, or the seat offered to them with its deadline in their zone and 'Claim your seat' (the workshop's page).
 * Nothing when they wait nowhere.
 */
import { Link } from 'react-router';
import { workshopMessages } from '@shared/workshops';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { useMyWaitlist } from './api/get-my-waitlist';
import { inViewerZone } from './waitlist-panel';
import { WorkshopTime } from './workshop-time';

export function MyWaitlist() {
  const mine = useMyWaitlist();
  if (mine.isError) return <LoadError what={workshopMessages.waitlistFailed} error={mine.error} onRetry={() => mine.refetch()} retrying={mine.isFetching} />;
  if (!mine.data || mine.data.places.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your waitlists</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-4">
          {mine.data.places.map(({ workshop: w, place }) => (
            <li key={w.id} className="space-y-1 text-sm">
              <Link to={`/workshops/${w.id}`} className="font-semibold text-slate-900 hover:underline">
                {w.title}
              </Link>
              <p className="text-slate-700">
                <WorkshopTime startsAt={w.startsAt} durationMinutes={w.durationMinutes} />
              </p>
              {place.status === 'offered' ? (
                <>
                  <p className="font-medium text-green-800">{workshopMessages.offerOpen(inViewerZone(place.offerExpiresAt!))}</p>
                  <Button asChild size="sm">
                    <Link to={`/workshops/${w.id}`}>{workshopMessages.claimSeat}</Link>
                  </Button>
                </>
              ) : (
                <p className="text-slate-800">{workshopMessages.position(place.position!, place.waiting)}</p>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
