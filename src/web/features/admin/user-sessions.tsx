import { Link } from 'react-router';
import { formatMoney } from '@shared/pricing';
import { sessionState } from '@shared/sessions';
import { Pager, usePage } from '../../components/pager';
import { QueryCard } from '../../components/query-card';
import { Badge } from '../../components/ui/badge';
import { formatDateTime } from '../../lib/format';
import { useUserSessions } from './api/get-user-sessions';
import { paymentWords } from './console-parts';

/**
 * 'Sessions and payments' on a person's console page (docs/product.md "People"): the sessions they are a party of, as
 * client or expert, the latest start first, 20 a page (the page in the address, `?sessions=`), each linked to its page
 * with its state and what happened to its money.
 */
export function UserSessions({ userId }: { userId: string }) {
  const [page] = usePage('sessions');
  return (
    <QueryCard title="Sessions and payments" failure="The sessions could not be loaded." query={useUserSessions(userId, page)}>
      {(data) =>
        data.items.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{data.total ? 'No sessions on this page.' : 'No sessions.'}</p>
        ) : (
          <>
            <ul className="mt-3 divide-y divide-slate-100">
              {data.items.map((s) => (
                <li key={s.id} className="py-3 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link to={`/admin/sessions/${s.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                      {formatDateTime(s.startsAt)} · {s.side === 'client' ? `with ${s.otherParty}` : `for ${s.otherParty}`}
                    </Link>
                    <Badge tone={sessionState(s).tone}>{sessionState(s).label}</Badge>
                  </div>
                  <p className="mt-0.5 text-slate-700">
                    {s.totalAmountCents ? formatMoney(s.totalAmountCents, s.currency) : 'Free'} ·{' '}
                    {paymentWords(s.payment, s.currency, s.totalAmountCents === 0)}
                  </p>
                </li>
              ))}
            </ul>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} param="sessions" label="Sessions pages" />
          </>
        )
      }
    </QueryCard>
  );
}
