import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { formatMoney } from '@shared/pricing';
import { DataTable } from './data-table';
import { Button } from './ui/button';

/** One bar: a UTC day, or a UTC week named by its Monday ('YYYY-MM-DD'). */
type Point = { date: string; value: number };
/** What one bar stands for. */
export type ChartPeriod = 'day' | 'week';
/** What a chart counts: things (bookings, disputes, accounts) or money in integer cents. */
export type ChartUnit = 'count' | 'cents';

const compactNumber = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** A value in full (the total, the tooltip, the table): '12', '$1,234.50'. */
const formats: Record<ChartUnit, (n: number) => string> = { count: String, cents: (n) => formatMoney(n) };
/** A value on the axis, short enough for a phone: '1.2K', '$1.2K'. */
const ticks: Record<ChartUnit, (n: number) => string> = { count: (n) => compactNumber.format(n), cents: (n) => `$${compactNumber.format(n / 100)}` };
/** The axis of a period with nothing to show: 0 to 4 things, $0 to $100, so its ticks stay distinct. */
const emptyDomain: Record<ChartUnit, [number, number]> = { count: [0, 4], cents: [0, 10_000] };

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** 'YYYY-MM-DD' (a UTC day) → 'Nov 27', read in UTC so the viewer's zone never shifts the day. */
const shortDay = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));
/** How each period is named: on the axis, in the tooltip, in the table's header and in the chart's name. */
const periods: Record<ChartPeriod, { tooltip: (date: string) => string; column: string; plural: string; keys: string }> = {
  day: { tooltip: shortDay, column: 'Day (UTC)', plural: 'days', keys: 'Use the left and right arrow keys to read each day.' },
  week: {
    tooltip: (date) => `Week of ${shortDay(date)}`,
    column: 'Week from Monday (UTC)',
    plural: 'weeks',
    keys: 'Use the left and right arrow keys to read each week.',
  },
};

/** The value of the period under the pointer or the keyboard focus, in a live region so screen readers hear it. */
function PeriodTooltip({ active, payload, format, name }: TooltipContentProps & { format: (n: number) => string; name: (date: string) => string }) {
  const point = active ? (payload?.[0]?.payload as Point | undefined) : undefined;
  return (
    <div role="status" className={point ? 'rounded-lg border border-slate-200 bg-white px-2 py-1 text-xs text-slate-900 shadow-sm' : 'sr-only'}>
      {point ? `${name(point.date)}: ${format(point.value)}` : ''}
    </div>
  );
}

/**
 * One measure per UTC day or week as a bar chart (Recharts, decision 024) with a table view: the chart is one tab stop
 * named by its title and total, whose arrow keys move between the bars (the value shown and announced); the table is
 * always in the page for assistive technology and shown on request ('Show table').
 */
export function PeriodChart({ title, points, unit, period = 'day' }: { title: string; points: Point[]; unit: ChartUnit; period?: ChartPeriod }) {
  const id = useId();
  const format = formats[unit];
  const named = periods[period];
  const [table, setTable] = useState(false);
  const total = points.reduce((sum, d) => sum + d.value, 0);
  return (
    <figure className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={`${id}-title`}>
      <div className="flex items-baseline justify-between gap-2">
        <figcaption id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {title}
        </figcaption>
        <span className="text-lg font-semibold tabular-nums text-slate-900">{format(total)}</span>
      </div>
      <BarChart
        data={points}
        responsive
        style={{ width: '100%', height: 160 }}
        margin={{ top: 12, right: 4, bottom: 0, left: 0 }}
        title={`${title}: ${format(total)} over ${points.length} ${named.plural}`}
        desc={named.keys}
        className="mt-3"
      >
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis
          dataKey="date"
          tickFormatter={shortDay}
          tick={{ fill: '#475569', fontSize: 11 }}
          tickLine={false}
          axisLine={{ stroke: '#94a3b8' }}
          minTickGap={16}
        />
        <YAxis
          allowDecimals={false}
          domain={points.some((d) => d.value > 0) ? undefined : emptyDomain[unit]}
          tickFormatter={ticks[unit]}
          tick={{ fill: '#475569', fontSize: 11 }}
          tickLine={false}
          axisLine={false}
          width="auto"
        />
        <Tooltip
          cursor={{ fill: '#e0e7ff' }}
          content={(props) => <PeriodTooltip {...props} format={format} name={named.tooltip} />}
          isAnimationActive={false}
        />
        <Bar dataKey="value" name={title} fill="#4f46e5" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
      <Button variant="outline" size="sm" className="mt-2" aria-expanded={table} aria-controls={`${id}-table`} onClick={() => setTable(!table)}>
        {table ? 'Hide table' : 'Show table'}
      </Button>
      {/* Hidden in a block that clips it: a table keeps its rows' height whatever its own, and would stretch the page. */}
      <div className={table ? 'mt-2' : 'sr-only'}>
        <DataTable
          id={`${id}-table`}
          caption={`${title} by ${period} (UTC)`}
          rows={points}
          rowKey={(d) => d.date}
          scrolls={false}
          columns={[
            { header: named.column, cell: (d) => d.date },
            { header: title, numeric: true, cell: (d) => format(d.value) },
          ]}
        />
      </div>
    </figure>
  );
}
