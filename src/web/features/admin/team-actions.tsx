import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { describeAudit } from '@shared/audit-actions';
import type { AuditPage } from '@shared/schemas/admin';
import { Pager } from '../../components/pager';
import { QueryCard } from '../../components/query-card';
import { formatDateTime } from '../../lib/format';
import { auditSubjectLink, auditSubjectNames } from './audit-subject';

/**
 * 'Team actions' on a record's page in the console (a person's, an organisation's; docs/product.md "Team console"):
 * one page of the team's actions about it, newest first — who, what in words, when — each linked to its subject where
 * the console has a page for it other than this one (`self`), with the pager (`?actions=`).
 */
export function TeamActions({ query, self }: { query: UseQueryResult<AuditPage>; self?: { targetType: string; targetId: string } }) {
  return (
    <QueryCard title="Team actions" failure="The team's actions could not be loaded." query={query}>
      {(data) =>
        data.items.length === 0 && data.total === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No team actions yet.</p>
        ) : (
          <>
            <ul className="mt-3 divide-y divide-slate-100 text-sm">
              {data.items.map((a) => {
                const elsewhere = a.targetType !== self?.targetType || a.targetId !== self?.targetId;
                const to = elsewhere ? auditSubjectLink(a) : null;
                return (
                  <li key={a.id} className="break-words py-2">
                    <span className="font-medium text-slate-900">{a.actor.name ?? 'A former team member'}</span> {describeAudit(a)} ·{' '}
                    <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
                    {to ? (
                      <>
                        {' · '}
                        <Link to={to} className="text-brand-700 underline underline-offset-2">
                          Open the {auditSubjectNames[a.targetType]}
                        </Link>
                      </>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} param="actions" label="Team actions pages" />
          </>
        )
      }
    </QueryCard>
  );
}
