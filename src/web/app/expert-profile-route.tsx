/**
 * /expert/{id}: the experts feature's profile composed with the plans' and packages features' offers below the booking card
 * (docs/product.md "Plans and packages"; features never import each other).
 */
import ExpertProfilePage from '../features/experts/expert-profile-page';
import { PackageOffers } from '../features/packages/package-offers';
import { PlanOffers } from '../features/plans/plan-offers';

const packages = (expertSlug: string) => (
  <>
    <PlanOffers expertSlug={expertSlug} />
    <PackageOffers expertSlug={expertSlug} />
  </>
);

export default function ExpertProfileRoute() {
  return <ExpertProfilePage packages={packages} />;
}
