/**
 * /dashboard/expert/workshops (docs/product.md "Workshops"): the expert publishes a workshop, edits one (attendees
 * are told) and sees each of theirs with its seats sold, the clients waiting for a seat, and its money from the payment ledger (earned, held, refunded;
 * net of the commission, cents shown as dollars).
 */
import { Link } from 'react-router';
import { formatMoney } from '@shared/pricing';
import { startedAt, workshopMessages } from '@shared/workshops';
import { ExpertSettingsShell } from '../../components/expert-settings-shell';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { useMyWorkshops } from './api/get-my-workshops';
import { CancelWorkshop } from './cancel-workshop';
import { EditWorkshop } from './edit-workshop';
import { WorkshopForm } from './workshop-form';
import { WorkshopTime } from './workshop-time';

export default function MyWorkshopsPage() {
  const timeZone = useMyWorkshops().data?.timeZone;
  return (
    <ExpertSettingsShell
      title="Group workshops"
      lead="Publish a workshop: clients book seats and pay like for a session. A workshop blocks your one-to-one times."
    >
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>New workshop</CardTitle>
        </CardHeader>
        <CardContent>
          <WorkshopForm timeZone={timeZone} />
        </CardContent>
      </Card>
      <MyWorkshopList />
    </ExpertSettingsShell>
  );
}

function MyWorkshopList() {
  const mine = useMyWorkshops();
  if (mine.isError)
    return <LoadError className="mt-6" what={workshopMessages.mineFailed} error={mine.error} onRetry={() => mine.refetch()} retrying={mine.isFetching} />;
  if (!mine.data)
    return (
      <p className="mt-6 text-slate-700" role="status">
        Loading your workshops…
      </p>
    );
  return (
    <section className="mt-8" aria-labelledby="my-workshops">
      <h2 id="my-workshops" className="text-xl font-semibold text-slate-900">
        Your workshops
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Money is shown after Mentora’s commission: a seat’s payment is held until the workshop has taken place, then earned; refunds go back to attendees.
      </p>
      {mine.data.workshops.length === 0 ? (
        <p className="mt-3 text-slate-700">You have no workshops yet.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {mine.data.workshops.map((w) => (
            <li key={w.id} className="rounded-2xl border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-center gap-2">
                <Link to={`/workshops/${w.id}`} className="font-semibold text-slate-900 hover:underline">
                  {w.title}
                </Link>
                <Badge tone={w.status === 'published' ? 'green' : 'neutral'}>
                  {w.status === 'published' ? 'Published' : w.status === 'draft' ? 'Draft' : 'Cancelled'}
                </Badge>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                <WorkshopTime startsAt={w.startsAt} durationMinutes={w.durationMinutes} />
              </p>
              <p className="mt-1 text-sm text-slate-800">
                Seats sold: {w.seatsSold} of {w.capacity}
                {w.seatsOffered > 0 ? ` · ${w.seatsOffered} offered to the waitlist` : ''} · Waitlist: {w.waiting}
              </p>
              <p className="mt-1 text-sm text-slate-800" data-testid="workshop-earnings">
                Earned {formatMoney(w.earnedCents, w.currency)} · Held {formatMoney(w.heldCents, w.currency)} · Refunded{' '}
                {formatMoney(w.refundedCents, w.currency)}
              </p>
              {w.status !== 'cancelled' && !startedAt(w) ? <EditWorkshop workshop={w} timeZone={mine.data.timeZone} /> : null}
              {w.status !== 'cancelled' ? <CancelWorkshop id={w.id} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
