import { Link } from 'react-router';
import { organisationKindNames } from '@shared/partners';
import { formatMoney } from '@shared/pricing';
import { OrganisationLogo } from '../../components/organisation-logo';
import { PageHeader } from '../../components/page-header';
import { RequireAuth } from '../../components/require-auth';
import { LoadError } from '../../components/ui/load-error';
import { PageSpinner } from '../../components/ui/spinner';
import { useMyOrganisations } from './api/get-my-organisations';

function Organisations() {
  const query = useMyOrganisations();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError what="Your organisations could not be loaded." error={query.error} onRetry={query.refetch} />;
  const items = query.data.items;
  if (items.length === 0)
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
        You do not manage an organisation yet. A manager or the Mentora team can invite you by e-mail;{' '}
        <Link to="/how-it-works/partner" className="text-brand-700 underline">
          tell us about your organisation
        </Link>{' '}
        to start.
      </p>
    );
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map((o) => (
        <li key={o.id}>
          <Link
            to={`/partner/${o.id}`}
            className="block rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span className="flex items-center gap-3 text-lg font-semibold text-slate-900">
              <OrganisationLogo name={o.name} url={o.logoUrl} />
              {o.name}
            </span>
            <span className="mt-1 block text-sm text-slate-600">{organisationKindNames[o.kind]}</span>
            <span className="mt-3 block text-sm text-slate-800">Available credit: {formatMoney(o.balanceCents)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /partner (docs/product.md "Partners"): the organisations the signed-in account manages. */
export default function PartnerPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageHeader title="Your organisations" lead="The mentoring programmes you manage: their credit and their managers." />
      <div className="mt-6">
        <RequireAuth>
          <Organisations />
        </RequireAuth>
      </div>
    </div>
  );
}
