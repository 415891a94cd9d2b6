import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';

/**
 * One measure per UTC day as a bar chart (SVG, drawn to its container's width) with a table view for screen readers
 * and anyone who prefers numbers: the chart is an image named by its title and total, the table is always in the page
 * for assistive technology and shown on request ('Show table').
 */
export function DayChart({ title, days, format }: { title: string; days: { date: string; value: number }[]; format: (n: number) => string }) {
  const id = useId();
  const [table, setTable] = useState(false);
  const max = Math.max(1, ...days.map((d) => d.value));
  const total = days.reduce((sum, d) => sum + d.value, 0);
  const width = 100 / Math.max(1, days.length);
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={`${id}-title`}>
      <div className="flex items-baseline justify-between gap-2">
        <figcaption id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {title}
        </figcaption>
        <span className="text-lg font-semibold tabular-nums text-slate-900">{format(total)}</span>
      </div>
      <svg
        role="img"
        aria-label={`${title}: ${format(total)} over ${days.length} days`}
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        className="mt-3 h-28 w-full"
      >
        {days.map((d, i) => {
          const h = (d.value / max) * 38;
          return <rect key={d.date} x={i * width + width * 0.1} y={40 - h} width={width * 0.8} height={h} className="fill-brand-600" />;
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden>
        <span>{days[0]?.date}</span>
        <span>{days.at(-1)?.date}</span>
      </div>
      <Button variant="outline" size="sm" className="mt-2" aria-expanded={table} aria-controls={`${id}-table`} onClick={() => setTable(!table)}>
        {table ? 'Hide table' : 'Show table'}
      </Button>
      <table id={`${id}-table`} className={table ? 'mt-2 w-full text-left text-sm' : 'sr-only'}>
        <caption className="sr-only">{title} per day (UTC)</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 font-medium text-slate-600">
              Day (UTC)
            </th>
            <th scope="col" className="py-1 text-right font-medium text-slate-600">
              {title}
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date} className="border-t border-slate-100">
              <td className="py-1">{d.date}</td>
              <td className="py-1 text-right tabular-nums">{format(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
