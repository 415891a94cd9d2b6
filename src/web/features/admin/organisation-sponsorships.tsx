import { SponsorForm, SponsorshipsCard } from '../../components/sponsorships/sponsorships-card';
import { useOrganisationProgrammes } from './api/organisation-programmes';
import { useOrganisationSponsorships, useSponsorableWorkshops, useTeamSponsorWorkshop } from './api/organisation-sponsorships';

/** The form with the console's reads and action (/api/admin/organisations/{id}/…): the team's sponsorship is audited. */
function TeamSponsorForm({ organisationId }: { organisationId: string }) {
  return (
    <SponsorForm
      workshops={useSponsorableWorkshops()}
      programmes={useOrganisationProgrammes(organisationId)}
      sponsor={useTeamSponsorWorkshop(organisationId)}
      audience="team"
    />
  );
}

/** An organisation's sponsored workshops on its console page (docs/product.md "Sponsored workshops"), and the team's form for one more. */
export function OrganisationSponsorships({ organisationId }: { organisationId: string }) {
  return <SponsorshipsCard list={useOrganisationSponsorships(organisationId)} form={<TeamSponsorForm organisationId={organisationId} />} audience="team" />;
}
