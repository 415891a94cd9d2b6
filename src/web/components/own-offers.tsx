/**
 * The offers an expert sells — monthly plans, session packages (docs/product.md "Plans and packages") — as they list
 * them on their own page: each offer's terms, whether it is open to new buyers (a change applies to new buyers only),
 * the button opening or closing it, and any other action of the offer.
 */
import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { FormError } from './ui/input';
import { Spinner } from './ui/spinner';

export function OwnOffers<T extends { id: string; open: boolean }>({
  offers,
  empty,
  summary,
  buyers,
  toggle,
  toggling,
  status,
  actions,
}: {
  offers: { isPending: boolean; error: Error | null; data: T[] | undefined };
  empty: string;
  summary: (offer: T) => ReactNode;
  /** Who an offer is open to: 'buyers', 'subscribers'. */
  buyers: string;
  /** Opens or closes `offer` to new buyers; its failure is the caller's to say. */
  toggle: (offer: T) => void;
  toggling: boolean;
  /** More about the offer, after whether it is open (e.g. its subscribers). */
  status?: (offer: T) => string;
  actions?: (offer: T) => ReactNode;
}) {
  if (offers.isPending) return <Spinner />;
  if (offers.error) return <FormError>{offers.error.message}</FormError>;
  if (!offers.data || offers.data.length === 0) return <p className="text-sm text-slate-700">{empty}</p>;
  return (
    <ul className="space-y-3">
      {offers.data.map((o) => (
        <li key={o.id} className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <div>
            {summary(o)}
            <p className="mt-1 text-xs font-medium text-slate-600">
              {o.open ? `Open to new ${buyers}` : `Closed to new ${buyers}`}
              {status ? ` · ${status(o)}` : ''}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" disabled={toggling} onClick={() => toggle(o)}>
              {o.open ? `Close to new ${buyers}` : `Open to new ${buyers}`}
            </Button>
            {actions?.(o)}
          </div>
        </li>
      ))}
    </ul>
  );
}
