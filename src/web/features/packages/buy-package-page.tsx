/**
 * /expert/{id}/packages/{packageId}: buying a package by card (docs/product.md "Plans and packages"). The terms and
 * the expiry rule are said before the card is asked for; the client then books the sessions from their dashboard.
 */
import { useParams } from 'react-router';
import { formatMoney } from '@shared/pricing';
import { OfferCheckout } from '../../components/offer-checkout';
import { useAuth } from '../../lib/auth';
import { useExpertPackages } from './api/get-expert-packages';
import { useBuyPackage } from './api/post-package-purchase';
import { PackageSummary } from './package-offers';

export default function BuyPackagePage() {
  const { id = '', packageId = '' } = useParams();
  const offers = useExpertPackages(id);
  const { me } = useAuth();
  const { buy, settle } = useBuyPackage(packageId);
  const offer = offers.data?.find((o) => o.id === packageId);

  return (
    <OfferCheckout
      expertId={id}
      title="Buy a session package"
      offers={offers}
      found={Boolean(offer)}
      notFound="This package is not offered."
      terms={offer ? <PackageSummary offer={offer} /> : null}
      signedIn={Boolean(me)}
      returnTo={`/expert/${id}/packages/${packageId}`}
      signInLabel="Sign in to buy"
      formLabel="Pay for the package"
      submitLabel={offer ? `Pay ${formatMoney(offer.priceCents, offer.currency)}` : ''}
      pending={buy.isPending}
      pay={buy.mutateAsync}
      settle={settle.mutateAsync}
      paid={() => 'Package bought. Book your first session below.'}
      next="/dashboard/client#packages"
    />
  );
}
