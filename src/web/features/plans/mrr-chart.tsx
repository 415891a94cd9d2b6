/**
 * Monthly recurring revenue from plans over the last six months (docs/product.md "Plans and packages"): a bar chart
 * with its change against the month before, and the same numbers as a table (a button switches; the table is what
 * screen readers are offered first).
 */
import { useId, useState } from 'react';
import { mrrByMonth, type RevenueSubscription } from '@shared/plan-revenue';
import { formatMoney } from '@shared/pricing';
import { Button } from '../../components/ui/button';

const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const label = (month: string) => monthLabel.format(new Date(`${month}-01T00:00:00Z`));

export function MrrChart({ subscriptions, now = new Date() }: { subscriptions: RevenueSubscription[]; now?: Date }) {
  const months = mrrByMonth(subscriptions, now);
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const current = months.at(-1)!.mrrCents;
  const change = current - months.at(-2)!.mrrCents;
  const top = Math.max(...months.map((m) => m.mrrCents), 10_000);
  return (
    <figure aria-labelledby={`${id}-caption`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <figcaption id={`${id}-caption`} className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm text-slate-700">
          Monthly recurring revenue: <strong className="text-xl text-slate-900">{formatMoney(current)}</strong>{' '}
          <span className={change >= 0 ? 'text-emerald-700' : 'text-red-700'}>
            ({change >= 0 ? '+' : '−'}
            {formatMoney(Math.abs(change))} since last month)
          </span>
        </span>
        <Button variant="outline" size="sm" onClick={() => setAsTable(!asTable)} aria-pressed={asTable}>
          {asTable ? 'Show chart' : 'Show as table'}
        </Button>
      </figcaption>
      {asTable ? (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 font-medium">
                Month
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Recurring revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month} className="border-t border-slate-100">
                <th scope="row" className="py-1 font-normal text-slate-800">
                  {label(m.month)}
                </th>
                <td className="py-1 text-right tabular-nums text-slate-900">{formatMoney(m.mrrCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ol className="flex h-40 items-end gap-2" aria-label="Recurring revenue by month">
          {months.map((m) => (
            <li key={m.month} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
              <span className="text-xs tabular-nums text-slate-700">{formatMoney(m.mrrCents)}</span>
              <span className="w-full rounded-t bg-brand-600" style={{ height: `${Math.max(2, (m.mrrCents / top) * 100)}%` }} aria-hidden />
              <span className="text-xs text-slate-600">{label(m.month)}</span>
            </li>
          ))}
        </ol>
      )}
    </figure>
  );
}
