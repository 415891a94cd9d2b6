import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';

/** `value` is a count, a text, or a figure another feature renders (the expert's Total Earnings, composed in src/web/app). */
export type Stat = { label: string; value: ReactNode; icon: LucideIcon };

/**
 * The counters row at the top of a dashboard (docs/product.md "Sessions"). `loading` shows a dash instead of the
 * values; `onRetry`, given when the counters could not be loaded, says so with a Retry button instead.
 */
export function StatCards({ stats, loading, onRetry }: { stats: Stat[]; loading: boolean; onRetry?: () => void }) {
  if (onRetry)
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm">
        Your counters could not be loaded.
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy={loading}>
      {stats.map(({ label, value, icon: Icon }) => (
        <div key={label} className="flex flex-col-reverse gap-1 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <dt className="flex items-center gap-2 text-sm text-slate-700">
            <Icon className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
            {label}
          </dt>
          <dd className="text-2xl font-bold tabular-nums text-slate-900">{loading ? '–' : value}</dd>
        </div>
      ))}
    </dl>
  );
}
