import { FileText } from 'lucide-react';
import { QueryCard } from '../../components/query-card';
import { formatLongDate } from '../../lib/format';
import { statementPdfUrl, useStatements } from './api/get-statements';

/**
 * The monthly statements e-mailed to the organisation, newest first, each downloadable again as its PDF
 * (docs/product.md "Reports"), on /partner/{id}.
 */
export function StatementsCard({ organisationId }: { organisationId: string }) {
  return (
    <QueryCard title="Monthly statements" failure="The statements could not be loaded." query={useStatements(organisationId)}>
      {(data) =>
        data.items.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No statement yet: each month's statement is e-mailed on the 1st of the next (UTC), then listed here.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {data.items.map((s) => (
              <li key={s.month} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium text-slate-900">{s.monthName}</span>{' '}
                  <span className="text-sm text-slate-600">e-mailed {formatLongDate(s.sentAt)}</span>
                </span>
                <a
                  href={statementPdfUrl(organisationId, s.month)}
                  download
                  className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  <FileText className="h-4 w-4" aria-hidden />
                  Download the statement for {s.monthName} (PDF)
                </a>
              </li>
            ))}
          </ul>
        )
      }
    </QueryCard>
  );
}
