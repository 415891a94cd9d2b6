/** Small building blocks shared by the console's sections: filters, loading/empty states, fact lists (the pager is components/pager). */
import { ArrowLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Pager, useParam } from '../../components/pager';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatMoney } from '@shared/pricing';
import type { PaymentSummary } from '@shared/schemas/sessions';

/** A row of filter links (`aria-current` on the chosen one), e.g. Open / Approved / Rejected. */
export function FilterLinks({
  label,
  name,
  options,
  fallback,
}: {
  label: string;
  name: string;
  options: readonly { value: string; label: ReactNode }[];
  fallback: string;
}) {
  const [current, hrefFor] = useParam(name, fallback);
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {options.map((o) => (
        <Link
          key={o.value}
          to={hrefFor(o.value)}
          aria-current={o.value === current ? 'true' : undefined}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            o.value === current ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100',
          )}
        >
          {o.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * Loading, error (with Retry) or empty state of a list; renders `children` when there is something to show. `pager`
 * shows under either, so a page past the last (an old address) still links back (components/pager.tsx).
 */
export function ListState({
  query,
  empty,
  pager,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  empty: boolean;
  pager?: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner className="h-8 w-8" />
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-800">
        <p>{query.error?.message ?? 'Something went wrong.'}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  return (
    <>
      {empty ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">Nothing here right now.</p>
      ) : (
        children
      )}
      {pager}
    </>
  );
}

/** A labelled list of facts (`dl`), two columns from the small breakpoint. */
export function Facts({ items, className }: { items: { label: string; value: ReactNode }[]; className?: string }) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2', className)}>
      {items.map((f) => (
        <div key={f.label} className="min-w-0">
          <dt className="font-medium text-slate-600">{f.label}</dt>
          <dd className="mt-0.5 break-words text-slate-900">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

type ListQuery = Parameters<typeof ListState>[0]['query'];
type PageData<T> = { items: T[]; total: number; page: number; pageSize: number };

/** A queue of one section: heading with the total, filters, the rows (each from `row`) and the pager. */
export function QueueSection<T>({
  id,
  title,
  filters,
  query,
  data,
  row,
}: {
  id: string;
  title: string;
  filters: ReactNode;
  query: ListQuery;
  data: PageData<T> | undefined;
  row: (item: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title} {data ? <span className="text-base font-normal text-slate-600">({data.total})</span> : null}
        </h2>
        {filters}
      </div>
      <ListState query={query} empty={data?.items.length === 0} pager={data ? <Pager page={data.page} pageSize={data.pageSize} total={data.total} /> : null}>
        <ul className="space-y-3">{data?.items.map(row)}</ul>
      </ListState>
    </section>
  );
}

/** One row of a queue: a card-sized link to the record's page. */
export function QueueLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <li>
      <Link
        to={to}
        className="group flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:p-5"
      >
        <div className="min-w-0 flex-1">{children}</div>
        <ChevronRight className="h-5 w-5 shrink-0 text-slate-400 group-hover:text-brand-600" aria-hidden />
        <span className="sr-only">{label}</span>
      </Link>
    </li>
  );
}

/** A record's page: the link back to its queue, then the record once loaded (or the loading/error state). */
export function RecordFrame({ backTo, backLabel, query, children }: { backTo: string; backLabel: string; query: ListQuery; children: ReactNode }) {
  return (
    <div className="space-y-4">
      <Link to={backTo} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {backLabel}
      </Link>
      <ListState query={query} empty={false}>
        {children}
      </ListState>
    </div>
  );
}

/** What happened to a session's money, in words: held, released, refunded (all or part)… `free` for a free intro. */
export function paymentWords(p: PaymentSummary | null, currency: string, free: boolean): string {
  if (!p) return free ? 'Free introductory meeting — no payment' : 'No payment recorded';
  const amount = formatMoney(p.amountCents, currency);
  const words: Record<PaymentSummary['status'], string> = {
    held: `${amount} held in escrow`,
    released: `${amount} released to the expert`,
    refunded: `${formatMoney(p.refundedCents, currency)} refunded to the client`,
    partially_refunded: `${formatMoney(p.refundedCents, currency)} of ${amount} refunded to the client, the rest released to the expert`,
    failed: 'Payment failed',
    pending: `${amount} awaiting the card's authentication`,
    disputed: `${amount} frozen by a card chargeback`,
    returned: `${amount} returned to the client's package`,
  };
  return words[p.status];
}

/** '12.50' → 1250 cents; null unless a positive amount with at most 2 decimals. */
export function dollarsToCents(text: string): number | null {
  const t = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** A titled part of a record's page (a user's); `empty` is said when there is nothing to list. */
export function RecordPart({ id, title, empty, children }: { id: string; title: string; empty: string | null; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {empty ? <p className="mt-2 text-sm text-slate-600">{empty}</p> : <div className="mt-3">{children}</div>}
      </section>
    </Card>
  );
}
