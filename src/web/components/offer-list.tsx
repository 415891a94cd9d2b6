/**
 * An expert's open prepaid offers beside the booking card on their profile — monthly plans, session packages
 * (docs/product.md "Plans and packages"): each offer's terms and its link to buy it, nothing while there is none, and a
 * failed read said as an error. Server-rendered: the server prefetches the same queries (src/web/entry-server.tsx).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from './ui/button';
import { FormError } from './ui/input';

export function OfferList<T extends { id: string }>({
  id,
  title,
  offers,
  summary,
  link,
  footer,
}: {
  id: string;
  title: string;
  offers: { data: T[] | undefined; error: Error | null };
  summary: (offer: T) => ReactNode;
  /** Where the offer is bought, what its link says and its accessible name. */
  link: (offer: T) => { to: string; label: string; name: string };
  footer?: string;
}) {
  if (offers.error) return <FormError>{offers.error.message}</FormError>;
  if (!offers.data || offers.data.length === 0) return null;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {offers.data.map((offer) => {
          const to = link(offer);
          return (
            <li key={offer.id} className="space-y-3 py-3">
              {summary(offer)}
              <Button asChild variant="outline" size="sm">
                <Link to={to.to} aria-label={to.name}>
                  {to.label}
                </Link>
              </Button>
            </li>
          );
        })}
      </ul>
      {footer ? <p className="mt-2 text-xs text-slate-600">{footer}</p> : null}
    </section>
  );
}
