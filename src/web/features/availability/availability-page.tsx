import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { expertMessages } from '@shared/schemas/experts';
import { dateInZone } from '@shared/slots';
import { ExpertSettingsShell } from '../../components/expert-settings-shell';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormError } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { viewerTimeZone } from '../../lib/viewer-zone';
import { useMyAvailability } from './api/get-availability';
import { useSaveAvailability } from './api/save-availability';
import { DateOverrides } from './date-overrides';
import { SchedulingLimits } from './scheduling-limits';
import { toDraft, toInput, type ScheduleDraft } from './schedule-draft';
import { TimeZoneSelect } from '../../components/time-zone-select';
import { WeeklySchedule } from './weekly-schedule';

/**
 * /dashboard/expert/availability: the expert's time zone, weekly hours, date exceptions and scheduling limits (GET/PUT
 * /api/me/availability). Visitors go to /signup, other roles to their own dashboard. A 400 shows the
 * server's message; success shows a toast. Until the expert first saves hours, the zone is the one detected from
 * the browser (docs/product.md "Expert onboarding and publishing"), never a zone they did not choose.
 */
export default function AvailabilityPage() {
  return (
    <ExpertSettingsShell title="Availability" lead="Set when clients can book you. Times are in your time zone; clients see them in theirs.">
      <AvailabilityEditor />
    </ExpertSettingsShell>
  );
}

function AvailabilityEditor() {
  const query = useMyAvailability();
  if (query.isError)
    return <FormError className="my-8">{query.error instanceof ApiError ? query.error.message : 'Your availability could not be loaded.'}</FormError>;
  if (!query.data) return <PageSpinner />;
  const saved = toDraft(query.data);
  const initial = query.data.usesDefault ? { ...saved, timezone: viewerTimeZone() } : saved;
  return <AvailabilityForm key={query.dataUpdatedAt} initial={initial} usesDefault={query.data.usesDefault} />;
}

function AvailabilityForm({ initial, usesDefault }: { initial: ScheduleDraft; usesDefault: boolean }) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState('');
  const save = useSaveAvailability();
  const ids = useId();
  const noWeeklyHours = draft.days.every((d) => !d.enabled || d.ranges.length === 0);
  const change = (patch: Partial<ScheduleDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setError('');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = toInput(draft);
    if (Number.isNaN(input.maxSessionsPerDay)) return setError(expertMessages.invalidMaxPerDay);
    save.mutate(input, {
      onSuccess: () => toast.success('Availability saved'),
      onError: (err) => setError(err instanceof ApiError ? err.message : 'Failed to save availability. Please try again.'),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-6 pb-4">
      <Card>
        <CardHeader>
          <CardTitle>Weekly hours</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <TimeZoneSelect id={`${ids}-tz`} value={draft.timezone} onChange={(timezone) => change({ timezone })} />
          {usesDefault ? (
            <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
              You are using the default hours, Monday to Friday, 9:00 AM to 5:00 PM, in the time zone detected from your browser. Save to make them your own.
            </p>
          ) : null}
          {noWeeklyHours ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              With no weekly hours, the default Monday to Friday, 9:00 AM to 5:00 PM applies. To pause bookings, add days off below.
            </p>
          ) : null}
          <WeeklySchedule days={draft.days} onChange={(days) => change({ days })} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Date exceptions</CardTitle>
          <p className="text-sm text-slate-700">Take a day off or set different hours on a specific date.</p>
        </CardHeader>
        <CardContent>
          <DateOverrides overrides={draft.overrides} onChange={(overrides) => change({ overrides })} today={dateInZone(new Date(), draft.timezone)} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Scheduling limits</CardTitle>
          <p className="text-sm text-slate-700">
            Keep free time around your sessions and cap how many clients can book in one day. Sessions already booked keep their buffers.
          </p>
        </CardHeader>
        <CardContent>
          <SchedulingLimits limits={draft.limits} onChange={(limits) => change({ limits })} />
        </CardContent>
      </Card>
      <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <FormError className="sm:flex-1">{error}</FormError>
          <Button type="submit" disabled={save.isPending} className="sm:ml-auto">
            {save.isPending ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
      </div>
    </form>
  );
}
