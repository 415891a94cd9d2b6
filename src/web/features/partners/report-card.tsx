import { useId } from 'react';
import { formatMoney } from '@shared/pricing';
import { CreditBalance } from '../../components/credit-ledger';
import { DataTable } from '../../components/data-table';
import { PeriodChart } from '../../components/period-chart';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { useReport } from './api/get-report';

const statusNames = { active: 'Active', paused: 'Paused', ended: 'Ended' } as const;

/**
 * The organisation's report on /partner/{id} (docs/product.md "Reports"): available, reserved and spent credit, the
 * credit spent per UTC week as a chart with its table, and per programme its members, sessions and credit used.
 */
export function ReportCard({ organisationId }: { organisationId: string }) {
  const query = useReport(organisationId);
  const id = useId();
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        Credit and report
      </h2>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <LoadError what="The report could not be loaded." error={query.error} onRetry={query.refetch} />
      ) : (
        <div className="space-y-4">
          <CreditBalance balanceCents={query.data.balanceCents} reservedCents={query.data.reservedCents} spentCents={query.data.spentCents} />
          <PeriodChart title="Credit spent" unit="cents" period="week" points={query.data.weeks.map((w) => ({ date: w.weekStart, value: w.spentCents }))} />
          <DataTable
            caption="Programmes"
            showCaption
            stackOnPhone
            rows={query.data.programmes}
            rowKey={(p) => p.id}
            empty="No programme yet."
            columns={[
              {
                header: 'Programme',
                rowHeader: true,
                cell: (p) => (
                  <>
                    {p.name} <span className="text-xs font-normal text-slate-600">{statusNames[p.status]}</span>
                  </>
                ),
              },
              { header: 'Members', numeric: true, cell: (p) => p.members },
              { header: 'Sessions booked', numeric: true, cell: (p) => p.sessionsBooked },
              { header: 'Completed', numeric: true, cell: (p) => p.sessionsCompleted },
              { header: 'Cancelled', numeric: true, cell: (p) => p.sessionsCancelled },
              { header: 'Credit used', numeric: true, cell: (p) => formatMoney(p.creditUsedCents) },
            ]}
          />
          <p className="text-xs text-slate-600">
            Weeks run from Monday, in UTC. You see who booked with whom and when on each programme’s page, never their topics, messages or feedback.
          </p>
        </div>
      )}
    </Card>
  );
}
