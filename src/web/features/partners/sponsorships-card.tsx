import { SponsorForm, SponsorshipsCard as Card } from '../../components/sponsorships/sponsorships-card';
import { useProgrammes } from './api/programmes';
import { useSponsorships, useSponsorWorkshop, useUpcomingWorkshops } from './api/sponsorships';

/** The form with the manager's reads and action (/api/partner/organisations/{id}/…). */
function ManagerSponsorForm({ organisationId }: { organisationId: string }) {
  return (
    <SponsorForm
      workshops={useUpcomingWorkshops()}
      programmes={useProgrammes(organisationId)}
      sponsor={useSponsorWorkshop(organisationId)}
      audience="manager"
    />
  );
}

/** The organisation's sponsored workshops on /partner/{id} (docs/product.md "Sponsored workshops"), and the form for one more. */
export function SponsorshipsCard({ organisationId }: { organisationId: string }) {
  return <Card list={useSponsorships(organisationId)} form={<ManagerSponsorForm organisationId={organisationId} />} audience="manager" />;
}
