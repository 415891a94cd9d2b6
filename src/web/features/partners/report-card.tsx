import { useId } from 'react';
import { formatMoney } from '@shared/pricing';
import { CreditBalance } from '../../components/credit-ledger';
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
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="mb-2 text-left font-semibold text-slate-900">Programmes</caption>
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Programme
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Members
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Sessions booked
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Completed
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Cancelled
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Credit used
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 tabular-nums">
                {query.data.programmes.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="py-2 text-slate-700">
                      No programme yet.
                    </td>
                  </tr>
                ) : (
                  query.data.programmes.map((p) => (
                    <tr key={p.id}>
                      <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                        {p.name} <span className="text-xs font-normal text-slate-600">{statusNames[p.status]}</span>
                      </th>
                      <td className="py-2 pr-3 text-right">{p.members}</td>
                      <td className="py-2 pr-3 text-right">{p.sessionsBooked}</td>
                      <td className="py-2 pr-3 text-right">{p.sessionsCompleted}</td>
                      <td className="py-2 pr-3 text-right">{p.sessionsCancelled}</td>
                      <td className="py-2 text-right">{formatMoney(p.creditUsedCents)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <p className="text-xs text-slate-600">
            Weeks run from Monday, in UTC. You see who booked with whom and when on each programme’s page, never their topics, messages or feedback.
          </p>
        </div>
      )}
    </Card>
  );
}
