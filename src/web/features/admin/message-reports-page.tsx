import { Badge } from '../../components/ui/badge';
import { formatDateTime } from '../../lib/format';
import { useParam, usePage } from '../../components/pager';
import { useMessageReports } from './api/get-message-reports';
import { FilterLinks, QueueLink, QueueSection } from './console-parts';

const filters = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
] as const;

const outcome = { open: ['red', 'Open'], dismissed: ['green', 'Dismissed'], suspended: ['amber', 'Messaging suspended'] } as const;

/** /admin/message-reports (docs/product.md "Messages", "Team console"): reported conversations waiting for the team (oldest first), or handled ones. */
export default function MessageReportsPage() {
  const [status] = useParam('status', 'open');
  const [page] = usePage();
  const query = useMessageReports(status, page);
  return (
    <QueueSection
      id="message-reports-title"
      title="Message reports"
      filters={<FilterLinks label="Report status" name="status" options={filters} fallback="open" />}
      query={query}
      data={query.data}
      row={(r) => (
        <QueueLink key={r.id} to={`/admin/message-reports/${r.id}`} label="Open the report">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">
              {r.reporter.name} reported {r.reported.name}
            </span>
            <Badge tone={outcome[r.status][0]}>{outcome[r.status][1]}</Badge>
          </div>
          <p className="mt-1 line-clamp-2 text-sm text-slate-700">“{r.reason}”</p>
          <p className="mt-1 text-xs text-slate-500">Reported {formatDateTime(r.createdAt)}</p>
        </QueueLink>
      )}
    />
  );
}
