import { applicationStatusInfo } from '@shared/application-status';
import { Badge } from '../../components/ui/badge';
import { formatDateTime } from '../../lib/format';
import { useApplications } from './api/get-applications';
import { useParam, usePage } from '../../components/pager';
import { FilterLinks, QueueLink, QueueSection } from './console-parts';

const filters = [
  { value: 'open', label: 'Waiting for review' },
  { value: 'under_review', label: 'Under review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;

/** /admin/applications (docs/product.md "Expert applications"): the applications queue by status, oldest first while open. */
export default function ApplicationsPage() {
  const [status] = useParam('status', 'open');
  const [page] = usePage();
  const query = useApplications(status, page);
  return (
    <QueueSection
      id="applications-title"
      title="Expert applications"
      filters={<FilterLinks label="Application status" name="status" options={filters} fallback="open" />}
      query={query}
      data={query.data}
      row={(a) => {
        const badge = applicationStatusInfo(a.status);
        return (
          <QueueLink key={a.id} to={`/admin/applications/${a.id}`} label="Open the application">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-slate-900">{a.applicant.name}</span>
              <Badge tone={badge.tone}>{badge.label}</Badge>
            </div>
            <p className="mt-0.5 text-sm text-slate-700">
              {a.professionalTitle} · {a.yearsExperience} years
            </p>
            <p className="mt-1 text-sm text-slate-600">{a.selectedExpertise.join(', ')}</p>
            <p className="mt-1 text-xs text-slate-500">Applied {formatDateTime(a.createdAt)}</p>
          </QueueLink>
        );
      }}
    />
  );
}
