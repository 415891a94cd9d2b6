import { Link } from 'react-router';
import { describeAudit } from '@shared/audit-actions';
import { formatDateTime } from '../../lib/format';
import { useAudit } from './api/get-audit';
import { auditSubjectLink } from './audit-subject';
import { Pager, usePage } from '../../components/pager';
import { ListState } from './console-parts';

/** /admin/audit (docs/product.md "Team console"): every console action — who, when, what — newest first. */
export default function AuditPage() {
  const [page] = usePage();
  const query = useAudit(page);
  const data = query.data;
  return (
    <section aria-labelledby="audit-title" className="space-y-5">
      <h2 id="audit-title" className="text-xl font-semibold text-slate-900">
        Audit log
      </h2>
      <ListState query={query} empty={data?.items.length === 0} pager={data ? <Pager page={data.page} pageSize={data.pageSize} total={data.total} /> : null}>
        <ol className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {data?.items.map((e) => {
            const to = auditSubjectLink(e);
            return (
              <li key={e.id} className="grid gap-1 p-4 text-sm sm:grid-cols-[14rem_1fr] sm:gap-4">
                <time dateTime={e.createdAt} className="text-slate-600">
                  {formatDateTime(e.createdAt)}
                </time>
                <div className="min-w-0">
                  <p className="break-words text-slate-900">
                    <span className="font-semibold">{e.actor.name ?? 'Deleted account'}</span> {describeAudit(e)}
                  </p>
                  <p className="mt-0.5 text-xs text-slate-500">
                    {e.actor.email ? `${e.actor.email} · ` : ''}
                    {to ? (
                      <Link to={to} className="text-brand-700 underline underline-offset-2">
                        {e.targetType} #{e.targetId.slice(0, 8)}
                      </Link>
                    ) : (
                      `${e.targetType} #${e.targetId.slice(0, 8)}`
                    )}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      </ListState>
    </section>
  );
}
