import { Badge } from '../../../components/ui/badge';
import type { ApplicationView } from '@shared/schemas/applications';
import { applicationStatusInfo } from '@shared/application-status';
import { formatLongDate } from '../../../lib/format';

/** Status badge, submit date (US English), the status note and the team's note of one application. */
export function ApplicationSummary({ application }: { application: ApplicationView }) {
  const info = applicationStatusInfo(application.status);
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2">
        <dt className="text-slate-600">Status</dt>
        <dd>
          <Badge tone={info.tone}>{info.label}</Badge>
        </dd>
        <dt className="text-slate-600">Submitted</dt>
        <dd className="font-medium text-slate-900">
          <time dateTime={application.createdAt}>{formatLongDate(application.createdAt)}</time>
        </dd>
        <dt className="text-slate-600">Applied as</dt>
        <dd className="font-medium text-slate-900">{application.professionalTitle}</dd>
        <dt className="text-slate-600">Expertise</dt>
        <dd className="text-slate-900">{application.selectedExpertise.join(', ')}</dd>
      </dl>
      <p className="text-slate-700">{info.note}</p>
      {application.statusNote ? (
        <p className="rounded-lg bg-slate-50 p-3 text-slate-800">
          <span className="font-semibold">Note from our team: </span>
          {application.statusNote}
        </p>
      ) : null}
    </div>
  );
}
