import { Link } from 'react-router';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/pricing';
import type { EarningsLedgerPage, EarningsView, LedgerEntry } from '@shared/schemas/payouts';
import { Pager, usePage } from '../../components/pager';
import { FormError } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useEarnings, useEarningsLedger } from './api/get-earnings';

const entryLabel: Record<LedgerEntry['type'], { text: string; tone: string }> = {
  held: { text: 'Held', tone: 'bg-amber-50 text-amber-800 ring-amber-200' },
  released: { text: 'Released to you', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  refunded: { text: 'Refunded to client', tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
  disputed: { text: 'Card dispute', tone: 'bg-rose-50 text-rose-800 ring-rose-200' },
  returned: { text: 'Returned to package', tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
};

function Totals({ view }: { view: EarningsView }) {
  const money = (cents: number) => formatMoney(cents, view.currency);
  const items = [
    { label: 'Total earnings', value: money(view.totalEarnedCents), note: 'Released to you' },
    { label: 'Held', value: money(view.heldCents), note: 'Released after confirmation' },
    { label: 'Refunded', value: money(view.refundedCents), note: 'Returned to clients' },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {items.map((i) => (
        <div key={i.label} className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-700">
            {i.label} <span className="block text-xs text-slate-500">{i.note}</span>
          </dt>
          <dd className="text-2xl font-bold tabular-nums text-slate-900">{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The order of a session's states recorded at the same instant: held first, then what became of it. */
const stateOrder: LedgerEntry['type'][] = ['held', 'disputed', 'released', 'refunded', 'returned'];

/**
 * The ledger's entries as one row per session (a package's unused sessions at its expiry: one row per entry), the
 * row with the newest movement first, each row's states in date order (held → released or refunded). Read per page:
 * a session whose movements straddle two pages shows on each with that page's.
 */
function bySession(entries: LedgerEntry[]): LedgerEntry[][] {
  const rows = new Map<string, LedgerEntry[]>();
  for (const e of entries) {
    const key = e.sessionId ?? `entry:${e.id}`;
    rows.set(key, [...(rows.get(key) ?? []), e]);
  }
  return [...rows.values()].map((row) => row.toSorted((a, b) => a.at.localeCompare(b.at) || stateOrder.indexOf(a.type) - stateOrder.indexOf(b.type)));
}

function Row({ states }: { states: LedgerEntry[] }) {
  const first = states[0]!;
  return (
    <li className="py-3">
      <p className="text-sm text-slate-900">
        {first.sessionId && first.sessionStartsAt ? (
          <>
            <Link to={`/session/${first.sessionId}`} className="font-medium text-brand-700 hover:underline">
              Session with {first.clientName}
            </Link>{' '}
            <span className="text-slate-600">on {formatDateTime(first.sessionStartsAt)}</span>
          </>
        ) : first.planPeriodId ? (
          <span className="font-medium">Unused sessions of {first.clientName}&rsquo;s plan, at the month&rsquo;s end</span>
        ) : (
          <span className="font-medium">Unused sessions of {first.clientName}&rsquo;s package, at its expiry</span>
        )}
      </p>
      <ol aria-label="What happened to the payment" className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-2">
        {states.map((e, i) => {
          const label = entryLabel[e.type];
          return (
            <li key={e.id} className="flex items-center gap-2">
              {i > 0 ? (
                <span aria-hidden className="text-slate-400">
                  →
                </span>
              ) : null}
              <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${label.tone}`}>{label.text}</span>
              <span className="text-sm font-semibold tabular-nums text-slate-900">{formatMoney(e.amountCents, e.currency)}</span>
              <time dateTime={e.at} className="text-xs text-slate-600">
                {formatDateTime(e.at)}
              </time>
            </li>
          );
        })}
      </ol>
    </li>
  );
}

/**
 * One page of the ledger, one row per session, with its pager (the page in the address, `?ledger=`). A page past the
 * last (an old address) says so, not that there are no payments.
 */
function Entries({ ledger }: { ledger: EarningsLedgerPage }) {
  return (
    <>
      {ledger.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-700">
          {ledger.total ? 'No entries on this page.' : 'No payments yet. When a client books a paid session, its payment appears here.'}
        </p>
      ) : (
        <ul aria-label="Payment ledger" className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4 shadow-sm">
          {bySession(ledger.items).map((states) => (
            <Row key={states[0]!.id} states={states} />
          ))}
        </ul>
      )}
      <Pager page={ledger.page} pageSize={ledger.pageSize} total={ledger.total} param="ledger" label="Ledger pages" />
    </>
  );
}

/**
 * The expert's earnings ledger on /dashboard/expert/payouts (docs/product.md "Earnings"): the totals the dashboard shows
 * (over every entry) and their clients' payments 20 entries a page, one row per session with its movements of that
 * page in date order, dated in the viewer's zone.
 */
export function EarningsLedger() {
  const totals = useEarnings();
  const [page] = usePage('ledger');
  const ledger = useEarningsLedger(page);
  const error = totals.error ?? ledger.error;
  return (
    <section aria-labelledby="earnings-ledger" className="my-6 space-y-4">
      <h2 id="earnings-ledger" className="text-lg font-semibold text-slate-900">
        Earnings
      </h2>
      {error ? (
        <FormError>{error instanceof ApiError ? error.message : messages.payouts.earningsUnavailable}</FormError>
      ) : !totals.data || !ledger.data ? (
        <PageSpinner />
      ) : (
        <>
          <Totals view={totals.data} />
          <Entries ledger={ledger.data} />
        </>
      )}
    </section>
  );
}
