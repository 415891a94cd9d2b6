import { formatMoney } from '@shared/pricing';
import { CreditBalance } from '../../components/credit-ledger';
import { DataTable } from '../../components/data-table';
import { PeriodChart } from '../../components/period-chart';
import { QueryCard } from '../../components/query-card';
import { useReport } from './api/get-report';

const statusNames = { active: 'Active', paused: 'Paused', ended: 'Ended' } as const;

/**
 * The organisation's report on /partner/{id} (docs/product.md "Reports"): available, reserved and spent credit, the
 * credit spent per UTC week as a chart with its table, and per programme its members, sessions and credit used.
 */
export function ReportCard({ organisationId }: { organisationId: string }) {
  return (
    <QueryCard title="Credit and report" failure="The report could not be loaded." query={useReport(organisationId)}>
      {(data) => (
        <div className="mt-3 space-y-4">
          <CreditBalance balanceCents={data.balanceCents} reservedCents={data.reservedCents} spentCents={data.spentCents} />
          <PeriodChart title="Credit spent" unit="cents" period="week" points={data.weeks.map((w) => ({ date: w.weekStart, value: w.spentCents }))} />
          <DataTable
            caption="Programmes"
            showCaption
            stackOnPhone
            rows={data.programmes}
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
    </QueryCard>
  );
}
