import type { ReactNode } from 'react';
import type { Me } from '@shared/schemas/profile';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatLongDate } from '../../lib/format';

/** Profile card of both dashboards: full name, e-mail, phone or 'Not provided', account type, member since. */
export function ProfileCard({ me, accountType, footer }: { me: Me; accountType: string; footer?: ReactNode }) {
  const rows: [string, string][] = [
    ['Full name', me.fullName],
    ['Email', me.email],
    ['Phone', me.phone || 'Not provided'],
    ['Account Type', accountType],
    ['Member since', formatLongDate(me.createdAt)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
              <dt className="text-slate-600">{label}</dt>
              <dd className="break-all font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {footer ? <div className="mt-5">{footer}</div> : null}
      </CardContent>
    </Card>
  );
}
