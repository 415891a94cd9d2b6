import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

/** A link of the quick actions card: `to` is a path of the app, with a `#id` to scroll to a part of the page. */
export type QuickAction = { label: string; icon: LucideIcon; to: string };

/** Quick actions card: each action a link to where the thing is done. */
export function QuickActions({ actions }: { actions: QuickAction[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2">
          {actions.map(({ label, icon: Icon, to }) => (
            <li key={label}>
              <Link
                to={to}
                className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-800 hover:border-brand-200 hover:bg-brand-50"
              >
                <Icon className="h-4 w-4 text-brand-700" aria-hidden />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
