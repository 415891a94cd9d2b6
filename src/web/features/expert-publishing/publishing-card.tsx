import { CheckCircle2, Circle } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Link } from 'react-router';
import { messages } from '@shared/messages';
import { publishingSteps, type PublishingStep } from '@shared/expert-publishing';
import type { ProfilePublishing } from '@shared/schemas/expert-publishing';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { usePublishing } from './api/get-publishing';
import { useSetPublishing } from './api/set-publishing';

/** Each step's checklist line: what to do and where, on the existing settings pages (docs/product.md "Expert onboarding and publishing"). */
const stepLinks: Record<PublishingStep, { title: string; hint: string; to: string; action: string }> = {
  rate: { title: 'Hourly rate', hint: 'What clients pay for an hour with you.', to: '/dashboard/expert/profile', action: 'Set your rate' },
  hours: {
    title: 'Time zone and weekly hours',
    hint: 'Your zone is detected from your browser; choose the hours clients can book.',
    to: '/dashboard/expert/availability',
    action: 'Set your hours',
  },
  photo: { title: 'Photo', hint: 'A clear photo of your face helps clients choose you.', to: '/dashboard/expert/profile', action: 'Add your photo' },
};

/**
 * The expert dashboard's publication card: for a draft, the setup checklist (rate, time zone and hours, photo,
 * each linking to its settings page) and "Publish profile", enabled once every step is done; for a live profile,
 * its link and "Hide profile". Nothing for an account without a profile (an applicant).
 */
export function PublishingCard() {
  const query = usePublishing();
  if (query.isPending) return <Spinner label="Loading your profile status" />;
  if (query.isError)
    return <LoadError what="Your profile status could not be loaded." error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  if (!query.data) return null;
  return query.data.published ? <LiveProfile publishing={query.data} /> : <SetupChecklist publishing={query.data} />;
}

function SetupChecklist({ publishing }: { publishing: ProfilePublishing }) {
  const publish = useSetPublishing();
  const steps = Object.keys(publishingSteps) as PublishingStep[];
  const done = steps.filter((s) => publishing.steps[s]).length;
  const ready = done === steps.length && !publishing.suspended;
  // mutateAsync, not mutate's callbacks: this checklist unmounts as soon as the answer says the profile is live.
  const onPublish = () =>
    publish.mutateAsync(true).then(
      () => toast.success(messages.publishing.published),
      (err: Error) => toast.error(err.message),
    );
  return (
    <Card role="region" aria-labelledby="setup-title">
      <CardHeader>
        <CardTitle id="setup-title">Set up your profile</CardTitle>
        <p className="text-sm text-slate-700">
          {publishing.suspended
            ? messages.publishing.suspended
            : `Your profile is not public yet. ${done} of ${steps.length} steps done; then publish it and clients can find and book you.`}
        </p>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3">
          {steps.map((step) => {
            const { title, hint, to, action } = stepLinks[step];
            const complete = publishing.steps[step];
            return (
              <li key={step} className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-center">
                <div className="flex flex-1 items-start gap-3">
                  {complete ? (
                    <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
                  ) : (
                    <Circle className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-hidden />
                  )}
                  <div>
                    <p className="font-medium text-slate-900">
                      {title}
                      <span className="sr-only">{complete ? ' (done)' : ' (to do)'}</span>
                    </p>
                    <p className="text-sm text-slate-700">{hint}</p>
                  </div>
                </div>
                <Button asChild variant={complete ? 'ghost' : 'outline'} size="sm" className="self-start sm:self-center">
                  <Link to={to}>{complete ? `Change ${title.toLowerCase()}` : action}</Link>
                </Button>
              </li>
            );
          })}
        </ol>
        <Button className="mt-4 w-full sm:w-auto" disabled={!ready || publish.isPending} onClick={onPublish}>
          {publish.isPending ? 'Publishing…' : 'Publish profile'}
        </Button>
        {!ready && !publishing.suspended ? <p className="mt-2 text-sm text-slate-600">Complete every step to publish.</p> : null}
      </CardContent>
    </Card>
  );
}

function LiveProfile({ publishing }: { publishing: ProfilePublishing }) {
  const hide = useSetPublishing();
  const onHide = () =>
    hide.mutateAsync(false).then(
      () => toast.success(messages.publishing.unpublished),
      (err: Error) => toast.error(err.message),
    );
  return (
    <Card role="region" aria-labelledby="live-title">
      <CardHeader>
        <CardTitle id="live-title">Your profile is live</CardTitle>
        <p className="text-sm text-slate-700">
          Clients can find you in search and book you. Hide it to stop new bookings; booked sessions stay. Hiding ends your subscribers&apos; monthly plans and
          the session packages bought from you now, refunding the sessions not yet booked.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <Button asChild variant="outline">
          <Link to={`/expert/${publishing.slug}`}>View your public profile</Link>
        </Button>
        <Button variant="ghost" disabled={hide.isPending} onClick={onHide}>
          {hide.isPending ? 'Hiding…' : 'Hide profile'}
        </Button>
      </CardContent>
    </Card>
  );
}
