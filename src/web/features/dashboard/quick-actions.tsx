import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

export type QuickAction = { label: string; icon: LucideIcon; to?: string; note?: string };

/** Quick actions card; an action without `to` is shown disabled with its note ("disabled quick actions"). */
export function QuickActions({ actions }: { actions: QuickAction[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2">
          {actions.map(({ label, icon: Icon, to, note }) => (
            <li key={label}>
              {to ? (
                <Link
                  to={to}
                  className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-800 hover:border-brand-200 hover:bg-brand-50"
                >
                  <Icon className="h-4 w-4 text-brand-700" aria-hidden />
                  {label}
                </Link>
              ) : (
                <button
                  type="button"
                  disabled
                  className="flex w-full cursor-not-allowed items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-left text-sm text-slate-600"
                >
                  <Icon className="h-4 w-4" aria-hidden />
                  {label}
                  {note ? <span className="ml-auto text-xs">{note}</span> : null}
                </button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
