/**
 * An expert's open packages beside the booking card on their profile (docs/product.md "Plans and packages"):
 * each with its saving against the sessions one by one and its expiry rule said plainly, and a link to buy it.
 * Server-rendered: the server prefetches the same query (src/web/entry-server.tsx).
 */
import { Link } from 'react-router';
import { expiryRuleText, packageTitle } from '@shared/packages';
import { formatMoney } from '@shared/pricing';
import type { PackageView } from '@shared/schemas/packages';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { useExpertPackages } from './api/get-expert-packages';

/** One offer: '4 × 60 min', the price, the saving and the expiry rule. */
export function PackageSummary({ offer }: { offer: PackageView }) {
  return (
    <div className="space-y-1">
      <p className="font-semibold text-slate-900">
        {offer.sessionCount} × {offer.durationMinutes} min sessions · {formatMoney(offer.priceCents, offer.currency)}
      </p>
      {offer.savingCents > 0 ? (
        <p className="text-sm font-medium text-emerald-700">
          Save {formatMoney(offer.savingCents, offer.currency)} against {offer.sessionCount} single sessions
        </p>
      ) : null}
      <p className="text-sm text-slate-700">{expiryRuleText(offer.expiryRule, offer.validityMonths)}</p>
    </div>
  );
}

export function PackageOffers({ expertSlug }: { expertSlug: string }) {
  const offers = useExpertPackages(expertSlug);
  if (offers.isError) return <FormError>{offers.error.message}</FormError>;
  if (!offers.data || offers.data.length === 0) return null;
  return (
    <section aria-labelledby="packages-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="packages-heading" className="text-lg font-semibold text-slate-900">
        Session packages
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {offers.data.map((offer) => (
          <li key={offer.id} className="space-y-3 py-3">
            <PackageSummary offer={offer} />
            <Button asChild variant="outline" size="sm">
              <Link to={`/expert/${encodeURIComponent(expertSlug)}/packages/${offer.id}`} aria-label={`Buy ${packageTitle(offer, offer.currency)}`}>
                Buy package
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
