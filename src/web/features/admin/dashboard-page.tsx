import { Link } from 'react-router';
import { dashboardPeriods, type DashboardDay } from '@shared/schemas/admin-dashboard';
import { useParam } from '../../components/pager';
import { useDashboard } from './api/get-dashboard';
import { FilterLinks, ListState } from './console-parts';
import { PeriodChart, type ChartUnit } from '../../components/period-chart';

const charts: { key: Exclude<keyof DashboardDay, 'date'>; title: string; unit: ChartUnit }[] = [
  { key: 'bookings', title: 'Bookings', unit: 'count' },
  { key: 'grossCents', title: 'Gross volume', unit: 'cents' },
  { key: 'commissionCents', title: 'Commission', unit: 'cents' },
  { key: 'refundsCents', title: 'Refunds', unit: 'cents' },
  { key: 'disputesOpened', title: 'Disputes opened', unit: 'count' },
  { key: 'disputesDecided', title: 'Disputes decided', unit: 'count' },
  { key: 'newClients', title: 'New clients', unit: 'count' },
  { key: 'newExperts', title: 'New experts', unit: 'count' },
];

/** /admin/dashboard (docs/product.md "Team console", "Dashboard"): the business per UTC day over 7, 30 or 90 days, each chart with a table view. */
export default function DashboardPage() {
  const [raw] = useParam('days', '30');
  const days = (dashboardPeriods as readonly number[]).includes(Number(raw)) ? Number(raw) : 30;
  const query = useDashboard(days);
  const data = query.data;
  return (
    <section aria-labelledby="dashboard-title" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="dashboard-title" className="text-xl font-semibold text-slate-900">
          Dashboard
        </h2>
        <FilterLinks label="Period" name="days" options={dashboardPeriods.map((d) => ({ value: String(d), label: `${d} days` }))} fallback="30" />
      </div>
      <ListState query={query} empty={false}>
        {data ? (
          <>
            <p className="text-sm text-slate-700">
              <Link to="/admin/applications" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                {data.applicationsWaiting} {data.applicationsWaiting === 1 ? 'application' : 'applications'} waiting
              </Link>{' '}
              for review.
            </p>
            <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {charts.map((c) => (
                <PeriodChart key={c.key} title={c.title} unit={c.unit} points={data.series.map((d) => ({ date: d.date, value: d[c.key] }))} />
              ))}
            </div>
          </>
        ) : null}
      </ListState>
    </section>
  );
}
