import { creditEntryNames } from '@shared/partners';
import { formatMoney } from '@shared/pricing';
import type { CreditEntry } from '@shared/schemas/partners';
import { formatDateTime } from '../lib/format';
import { cn } from '../lib/cn';

/**
 * An organisation's available and reserved credit (docs/product.md "Partners"), as the team and its managers see them,
 * and the credit spent in all when the report gives it (docs/product.md "Reports").
 */
export function CreditBalance({ balanceCents, reservedCents, spentCents }: { balanceCents: number; reservedCents: number; spentCents?: number }) {
  return (
    <dl className={cn('grid gap-3', spentCents === undefined ? 'sm:grid-cols-2' : 'sm:grid-cols-3')}>
      <div className="rounded-xl bg-brand-50 p-4">
        <dt className="text-sm font-medium text-slate-700">Available credit</dt>
        <dd className="mt-1 text-2xl font-semibold text-slate-900" data-testid="credit-balance">
          {formatMoney(balanceCents)}
        </dd>
      </div>
      <div className="rounded-xl bg-slate-50 p-4">
        <dt className="text-sm font-medium text-slate-700">Reserved for bookings</dt>
        <dd className="mt-1 text-2xl font-semibold text-slate-900">{formatMoney(reservedCents)}</dd>
      </div>
      {spentCents === undefined ? null : (
        <div className="rounded-xl bg-slate-50 p-4">
          <dt className="text-sm font-medium text-slate-700">Spent on sessions</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900">{formatMoney(spentCents)}</dd>
        </div>
      )}
    </dl>
  );
}

/** The credit ledger, newest first: each entry's kind, who made it, how a purchase was paid, the change and the balance after. */
export function CreditLedger({ entries }: { entries: CreditEntry[] }) {
  if (entries.length === 0) return <p className="mt-3 text-sm text-slate-600">No credit yet.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Every change of the credit, newest first</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-2 font-medium">
              When
            </th>
            <th scope="col" className="py-2 font-medium">
              Entry
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Change
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Balance after
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((e) => (
            <tr key={e.id}>
              <td className="py-2 pr-3 align-top text-slate-700">{formatDateTime(e.createdAt)}</td>
              <td className="py-2 pr-3 align-top">
                <span className="font-medium text-slate-900">{creditEntryNames[e.kind]}</span>
                {[e.paidWith, e.note, e.actorName ? `by ${e.actorName}` : null].filter(Boolean).map((line) => (
                  <span key={line} className="block text-xs text-slate-600">
                    {line}
                  </span>
                ))}
              </td>
              <td className={cn('py-2 text-right align-top font-medium tabular-nums', e.amountCents < 0 ? 'text-red-700' : 'text-emerald-700')}>
                {e.amountCents > 0 ? '+' : e.amountCents < 0 ? '−' : ''}
                {formatMoney(Math.abs(e.amountCents))}
              </td>
              <td className="py-2 text-right align-top tabular-nums text-slate-900">{formatMoney(e.balanceAfterCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
