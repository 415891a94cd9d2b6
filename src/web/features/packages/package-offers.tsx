/**
 * An expert's open packages beside the booking card on their profile (docs/product.md "Plans and packages"):
 * each with its saving against the sessions one by one and its expiry rule said plainly, and a link to buy it.
 * Server-rendered: the server prefetches the same query (src/web/entry-server.tsx).
 */
import { expiryRuleText, packageTitle } from '@shared/packages';
import { formatMoney } from '@shared/pricing';
import type { PackageView } from '@shared/schemas/packages';
import { OfferList } from '../../components/offer-list';
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
  return (
    <OfferList
      id="packages-heading"
      title="Session packages"
      offers={offers}
      summary={(offer) => <PackageSummary offer={offer} />}
      link={(offer) => ({
        to: `/expert/${encodeURIComponent(expertSlug)}/packages/${offer.id}`,
        label: 'Buy package',
        name: `Buy ${packageTitle(offer, offer.currency)}`,
      })}
    />
  );
}
