import { formatMoney } from '@shared/pricing';
import { Badge } from '../../components/ui/badge';
import { formatDateTime } from '../../lib/format';
import { useDisputes } from './api/get-disputes';
import { useParam, usePage } from '../../components/pager';
import { FilterLinks, QueueLink, QueueSection } from './console-parts';

const filters = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Decided' },
] as const;

/** /admin/disputes (docs/product.md "Disputes"): reported sessions waiting for the team (oldest first), or decided ones. */
export default function DisputesPage() {
  const [status] = useParam('status', 'open');
  const [page] = usePage();
  const query = useDisputes(status, page);
  return (
    <QueueSection
      id="disputes-title"
      title="Disputes"
      filters={<FilterLinks label="Dispute status" name="status" options={filters} fallback="open" />}
      query={query}
      data={query.data}
      row={(d) => (
        <QueueLink key={d.id} to={`/admin/disputes/${d.id}`} label="Open the dispute">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">
              {d.client.name} with {d.expert.name}
            </span>
            {d.resolution ? (
              <Badge tone={d.resolution.decision === 'client' ? 'amber' : 'green'}>For the {d.resolution.decision}</Badge>
            ) : (
              <Badge tone="red">Open</Badge>
            )}
          </div>
          <p className="mt-1 line-clamp-2 text-sm text-slate-700">
            {d.noShow ? `Contested no-show (reported by the ${d.noShow.reportedBy}): ` : null}“{d.description || 'No details given'}”
          </p>
          <p className="mt-1 text-xs text-slate-500">
            Session {formatDateTime(d.session.startsAt)} ·{' '}
            {d.session.kind === 'intro' ? 'Free intro' : formatMoney(d.session.totalAmountCents, d.session.currency)} · Reported {formatDateTime(d.createdAt)}
          </p>
        </QueueLink>
      )}
    />
  );
}
