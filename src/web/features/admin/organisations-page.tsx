import { Building2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { organisationKindNames, organisationKinds, type OrganisationKind } from '@shared/partners';
import { formatMoney } from '@shared/pricing';
import { LogoField } from '../../components/media-fields';
import { OrganisationLogo } from '../../components/organisation-logo';
import { usePage } from '../../components/pager';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormError, Input, Label, Select } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { useMediaUpload } from '../../lib/use-media-upload';
import { useCreateOrganisation } from './api/create-organisation';
import { useOrganisations } from './api/get-organisations';
import { QueueLink, QueueSection } from './console-parts';

/**
 * The new organisation's form. From the inbox's 'Create organisation' the address carries the partner enquiry
 * (`enquiry`, kept as the link) and prefills the name and billing e-mail from it.
 */
function CreateOrganisation() {
  const [params] = useSearchParams();
  const enquiryId = params.get('enquiry') ?? undefined;
  const [fields, setFields] = useState({
    name: params.get('name') ?? '',
    kind: 'university' as OrganisationKind,
    billingEmail: params.get('email') ?? '',
    domains: '',
  });
  const [error, setError] = useState<string | null>(null);
  const create = useCreateOrganisation();
  const logo = useMediaUpload('logo', null);
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const emailDomains = fields.domains
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean);
    create.mutate(
      { name: fields.name, kind: fields.kind, billingEmail: fields.billingEmail, emailDomains, enquiryId, logoFileId: logo.choice ?? undefined },
      {
        onSuccess: (o) => {
          toast.success(`${o.name} created`);
          void navigate(`/admin/organisations/${o.id}`);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) => setFields({ ...fields, [name]: e.target.value });
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">New organisation</h2>
      {enquiryId ? <p className="mt-1 text-sm text-slate-600">From a partner enquiry in the inbox; the organisation keeps the link to it.</p> : null}
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Create an organisation">
        <div>
          <Label htmlFor="org-name">Name</Label>
          <Input id="org-name" value={fields.name} onChange={set('name')} required maxLength={200} />
        </div>
        <div>
          <Label htmlFor="org-kind">Kind</Label>
          <Select id="org-kind" value={fields.kind} onChange={set('kind')}>
            {organisationKinds.map((k) => (
              <option key={k} value={k}>
                {organisationKindNames[k]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="org-billing">Billing e-mail</Label>
          <Input id="org-billing" type="email" value={fields.billingEmail} onChange={set('billingEmail')} required maxLength={254} />
        </div>
        <div>
          <Label htmlFor="org-domains">Members' e-mail domains (optional)</Label>
          <Input id="org-domains" value={fields.domains} onChange={set('domains')} placeholder="university.edu, alumni.university.edu" />
        </div>
        <div className="sm:col-span-2">
          <LogoField media={logo} name={fields.name || 'the organisation'} unsavedNote="Shown once the organisation is created." />
        </div>
        <FormError className="sm:col-span-2">{error ?? ''}</FormError>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={create.isPending || logo.percent !== null}>
            <Building2 className="h-4 w-4" aria-hidden />
            Create organisation
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** /admin/organisations (docs/product.md "Partners"): every partner organisation with its credit, and a new one. */
export default function OrganisationsPage() {
  const [page] = usePage();
  const query = useOrganisations(page);
  return (
    <div className="space-y-6">
      <CreateOrganisation />
      <QueueSection
        id="organisations-title"
        title="Organisations"
        filters={null}
        query={query}
        data={query.data}
        row={(o) => (
          <QueueLink key={o.id} to={`/admin/organisations/${o.id}`} label="Open the organisation">
            <span className="flex items-center gap-3 font-semibold text-slate-900">
              <OrganisationLogo name={o.name} url={o.logoUrl} />
              {o.name}
            </span>
            <p className="mt-1 text-sm text-slate-700">
              {organisationKindNames[o.kind]} · Available {formatMoney(o.balanceCents)} · Reserved {formatMoney(o.reservedCents)}
            </p>
          </QueueLink>
        )}
      />
    </div>
  );
}
