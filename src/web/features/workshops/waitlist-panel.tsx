/**
 * The waitlist on a full workshop's page (docs/product.md "Workshops"): 'Join waitlist', the viewer's position with
 * 'Leave waitlist', and an open offer's deadline in the viewer's zone with the way to give it up (the offer itself is
 * claimed with the seat booking form, 'Claim your seat').
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { WaitlistView, WorkshopView } from '@shared/schemas/workshops';
import { waitlistOfferHours, workshopMessages } from '@shared/workshops';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { formatDateTime, localZoneName } from '../../lib/format';
import { signInPath } from '../../lib/return-path';
import { toast } from '../../lib/toast';
import { useWaitlistChange } from './api/waitlist-changes';

/** 'Fri, Dec 4, 2026 at 3:30 PM GMT+1': an instant in the viewer's zone, named. */
export const inViewerZone = (iso: string) => `${formatDateTime(iso)} ${localZoneName(iso)}`;

/**
 * A full workshop's waitlist for viewer `signedIn` (false: a link to sign in), whose place is `place` (read only for
 * clients: experts and the team are told only that it is full).
 */
export function WaitlistPanel({ workshop: w, signedIn, place }: { workshop: WorkshopView; signedIn: boolean; place: UseQueryResult<WaitlistView> | null }) {
  const change = useWaitlistChange(w.id);
  const act = (what: 'join' | 'leave') =>
    change.mutateAsync(what).then(
      () => toast.success(what === 'join' ? workshopMessages.joined : workshopMessages.left),
      (err: Error) => toast.error(err.message),
    );
  const full = <p className="font-medium text-slate-900">{workshopMessages.full}</p>;
  if (!signedIn)
    return (
      <div className="space-y-3">
        {full}
        <Button asChild size="lg" variant="outline">
          <Link to={signInPath(`/workshops/${w.id}`)}>{workshopMessages.signInToWait}</Link>
        </Button>
      </div>
    );
  if (!place) return full;
  if (place.isError)
    return <LoadError what={workshopMessages.waitlistFailed} error={place.error} onRetry={() => place.refetch()} retrying={place.isFetching} />;
  if (!place.data) return full;
  const { status, position, waiting } = place.data;
  return (
    <div className="space-y-3" aria-live="polite">
      {full}
      {status === 'waiting' ? (
        <>
          <p className="rounded-xl bg-brand-50 p-3 text-sm font-medium text-brand-800" data-testid="waitlist-position">
            {workshopMessages.position(position!, waiting)}
          </p>
          <p className="text-sm text-slate-700">We will e-mail you when a seat is free; it is then kept for you for {waitlistOfferHours} hours.</p>
          <Button variant="outline" disabled={change.isPending} aria-busy={change.isPending} onClick={() => act('leave')}>
            {workshopMessages.leaveWaitlist}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {waiting === 0 ? 'Nobody is waiting yet.' : `${waiting} waiting.`} When a seat is free, the first person waiting gets it for {waitlistOfferHours}{' '}
            hours.
          </p>
          <Button size="lg" disabled={change.isPending} aria-busy={change.isPending} onClick={() => act('join')}>
            {workshopMessages.joinWaitlist}
          </Button>
        </>
      )}
    </div>
  );
}

/** The seat offered to the viewer: its deadline in their zone, and 'Give up my offer' (the next person gets it). */
export function WaitlistOffer({ workshopId, expiresAt }: { workshopId: string; expiresAt: string }) {
  const change = useWaitlistChange(workshopId);
  return (
    <div className="space-y-2 rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-900" role="status">
      <p className="font-semibold">{workshopMessages.offerOpen(inViewerZone(expiresAt))}</p>
      <Button
        variant="ghost"
        size="sm"
        disabled={change.isPending}
        onClick={() =>
          change.mutateAsync('leave').then(
            () => toast.success(workshopMessages.left),
            (err: Error) => toast.error(err.message),
          )
        }
      >
        {workshopMessages.declineOffer}
      </Button>
    </div>
  );
}
