import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { creditEntryNames } from '@shared/partners';
import { formatMoney } from '@shared/pricing';
import type { CreditEntry, CreditLedgerPage } from '@shared/schemas/partners';
import { formatDateTime } from '../lib/format';
import { DataTable } from './data-table';
import { Pager } from './pager';
import { QueryCard } from './query-card';
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

/**
 * The credit ledger's card (docs/product.md "Partners"), newest first, 20 a page (the page in the address, `?ledger=`):
 * each entry's kind, who made it, how a purchase was paid, the change and the balance after; `actions` beside the title.
 */
export function CreditLedgerCard({ title, query, actions }: { title: string; query: UseQueryResult<CreditLedgerPage>; actions?: ReactNode }) {
  return (
    <QueryCard title={title} failure="The ledger could not be loaded." query={query} actions={actions}>
      {(data) => (
        <>
          {/* A page past the last (an old address) says so, not that there is no credit. */}
          <CreditLedger entries={data.items} empty={data.total ? 'No entries on this page.' : 'No credit yet.'} />
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} param="ledger" label="Ledger pages" />
        </>
      )}
    </QueryCard>
  );
}

function CreditLedger({ entries, empty }: { entries: CreditEntry[]; empty: string }) {
  return (
    <DataTable
      className="mt-3"
      caption="Every change of the credit, newest first"
      stackOnPhone
      rows={entries}
      rowKey={(e) => e.id}
      empty={empty}
      columns={[
        { header: 'When', cell: (e) => formatDateTime(e.createdAt), cellClassName: () => 'text-slate-700' },
        {
          header: 'Entry',
          cell: (e) => (
            <>
              <span className="font-medium text-slate-900">{creditEntryNames[e.kind]}</span>
              {[e.paidWith, e.note, e.actorName ? `by ${e.actorName}` : null].filter(Boolean).map((line) => (
                <span key={line} className="block text-xs text-slate-600">
                  {line}
                </span>
              ))}
            </>
          ),
        },
        {
          header: 'Change',
          numeric: true,
          cell: (e) => `${e.amountCents > 0 ? '+' : e.amountCents < 0 ? '−' : ''}${formatMoney(Math.abs(e.amountCents))}`,
          cellClassName: (e) => cn('font-medium', e.amountCents < 0 ? 'text-red-700' : 'text-emerald-700'),
        },
        { header: 'Balance after', numeric: true, cell: (e) => formatMoney(e.balanceAfterCents), cellClassName: () => 'text-slate-900' },
      ]}
    />
  );
}
