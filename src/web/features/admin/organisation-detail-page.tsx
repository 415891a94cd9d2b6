import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { organisationKindNames } from '@shared/partners';
import { formatMoney } from '@shared/pricing';
import type { OrganisationDetail } from '@shared/schemas/partners';
import { CreditBalance, CreditLedgerCard } from '../../components/credit-ledger';
import { OrganisationLogo } from '../../components/organisation-logo';
import { usePage } from '../../components/pager';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormError, Input, Label } from '../../components/ui/input';
import { formatDateTime, formatLongDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useOrganisation } from './api/get-organisation';
import { useOrganisationAudit } from './api/get-organisation-audit';
import { useOrganisationLedger } from './api/get-organisation-ledger';
import { useOrganisationAction, type OrganisationAction } from './api/organisation-actions';
import { useSetOrganisationLogo } from './api/set-organisation-logo';
import { LogoSettings } from '../../components/logo-settings';
import { dollarsToCents, Facts, RecordFrame } from './console-parts';
import { OrganisationManagers } from './organisation-managers';
import { OrganisationProgrammes } from './organisation-programmes';
import { OrganisationSponsorships } from './organisation-sponsorships';
import { TeamActions } from './team-actions';

type Field = { name: string; label: string; type?: string; placeholder?: string };

/**
 * One of the team's actions as a small form: its fields' text goes through `toAction`, which answers the request or
 * the problem in words; the server's refusal shows under the form.
 */
function ActionForm({
  organisationId,
  title,
  fields,
  submitLabel,
  toAction,
  done,
}: {
  organisationId: string;
  title: string;
  fields: Field[];
  submitLabel: string;
  toAction: (values: Record<string, string>) => OrganisationAction | string;
  done: string;
}) {
  const empty = Object.fromEntries(fields.map((f) => [f.name, '']));
  const [values, setValues] = useState<Record<string, string>>(empty);
  const [error, setError] = useState<string | null>(null);
  const act = useOrganisationAction(organisationId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const action = toAction(values);
    if (typeof action === 'string') return setError(action);
    setError(null);
    act.mutate(action, {
      onSuccess: () => {
        toast.success(done);
        setValues(empty);
      },
      onError: (err) => setError(err.message),
    });
  };
  const id = (name: string) => `${title.toLowerCase().replace(/\W+/g, '-')}-${name}`;
  return (
    <Card className="p-5">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <form onSubmit={submit} className="mt-3 space-y-3" aria-label={title}>
        {fields.map((f) => (
          <div key={f.name}>
            <Label htmlFor={id(f.name)}>{f.label}</Label>
            <Input
              id={id(f.name)}
              type={f.type ?? 'text'}
              placeholder={f.placeholder}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
            />
          </div>
        ))}
        <FormError>{error ?? ''}</FormError>
        <Button type="submit" variant="outline" disabled={act.isPending}>
          {submitLabel}
        </Button>
      </form>
    </Card>
  );
}

const amountProblem = 'Please enter an amount in dollars, such as 250.00';
/** The action `make` builds from the positive dollar amount in `text`, or the problem in words. */
const withAmount = (text: string | undefined, make: (amountCents: number) => OrganisationAction) => {
  const amountCents = dollarsToCents(text ?? '');
  return amountCents ? make(amountCents) : amountProblem;
};
/** '-40.50' → -4050; null unless a non-zero amount with at most 2 decimals. */
const signedCents = (text: string) => {
  const t = text.trim();
  const cents = dollarsToCents(t.replace(/^[-−]/, ''));
  return cents === null || cents === 0 ? null : /^[-−]/.test(t) ? -cents : cents;
};

function Detail({ organisation: o }: { organisation: OrganisationDetail }) {
  const [actionsPage] = usePage('actions');
  const [ledgerPage] = usePage('ledger');
  const logo = useSetOrganisationLogo(o.id);
  return (
    <div className="space-y-5">
      <Card className="p-5 sm:p-8">
        <h2 className="flex flex-wrap items-center gap-3 text-xl font-semibold text-slate-900">
          <OrganisationLogo name={o.name} url={o.logoUrl} size="lg" />
          {o.name}
        </h2>
        <Facts
          className="mt-5 border-t border-slate-100 pt-5"
          items={[
            { label: 'Kind', value: organisationKindNames[o.kind] },
            { label: 'Billing e-mail', value: o.billingEmail },
            { label: "Members' e-mail domains", value: o.emailDomains.join(', ') || 'None' },
            { label: 'Created', value: formatDateTime(o.createdAt) },
            ...(o.enquiryId
              ? [
                  {
                    label: 'From',
                    value: (
                      <Link to="/admin/inbox?kind=partner" className="text-brand-700 underline-offset-2 hover:underline">
                        a partner enquiry
                      </Link>
                    ),
                  },
                ]
              : []),
          ]}
        />
        <div className="mt-5">
          <CreditBalance balanceCents={o.balanceCents} reservedCents={o.reservedCents} />
        </div>
      </Card>
      <OrganisationManagers organisation={o} />
      <LogoSettings name={o.name} logoUrl={o.logoUrl} save={logo.mutateAsync} pending={logo.isPending} />
      <div className="grid gap-4 lg:grid-cols-2">
        <ActionForm
          organisationId={o.id}
          title="Invite a manager"
          fields={[{ name: 'email', label: 'E-mail', type: 'email' }]}
          submitLabel="Send invitation"
          toAction={(v) => ({ path: 'invitations', body: { email: v.email ?? '' } })}
          done="Invitation sent"
        />
        <ActionForm
          organisationId={o.id}
          title="Record a bank transfer"
          fields={[
            { name: 'amount', label: 'Amount received (USD)', placeholder: '1000.00' },
            { name: 'reference', label: 'Invoice or transfer reference' },
          ]}
          submitLabel="Add as credit"
          toAction={(v) => withAmount(v.amount, (amountCents) => ({ path: 'invoice-payments', body: { amountCents, reference: v.reference ?? '' } }))}
          done="Bank transfer recorded; receipt e-mailed"
        />
        <ActionForm
          organisationId={o.id}
          title="Grant free credit"
          fields={[
            { name: 'amount', label: 'Amount (USD)', placeholder: '500.00' },
            { name: 'expiresOn', label: 'Last day (UTC)', type: 'date' },
            { name: 'note', label: 'Note', placeholder: 'Spring pilot' },
          ]}
          submitLabel="Grant credit"
          toAction={(v) => withAmount(v.amount, (amountCents) => ({ path: 'grants', body: { amountCents, expiresOn: v.expiresOn ?? '', note: v.note ?? '' } }))}
          done="Credit granted"
        />
        <ActionForm
          organisationId={o.id}
          title="Adjust the balance"
          fields={[
            { name: 'amount', label: 'Amount (USD; negative takes credit off)', placeholder: '-25.00' },
            { name: 'reason', label: 'Reason' },
          ]}
          submitLabel="Adjust"
          toAction={(v) => {
            const amountCents = signedCents(v.amount ?? '');
            return amountCents ? { path: 'adjustments', body: { amountCents, reason: v.reason ?? '' } } : amountProblem;
          }}
          done="Balance adjusted"
        />
      </div>
      <OrganisationProgrammes organisationId={o.id} />
      <OrganisationSponsorships organisationId={o.id} />
      {o.grants.length ? (
        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Grants</h2>
          <ul className="mt-3 space-y-1 text-sm text-slate-800">
            {o.grants.map((g) => (
              <li key={g.id}>
                {g.note}: {formatMoney(g.amountCents)}, {formatMoney(g.remainingCents)} unspent —{' '}
                {g.retiredAt ? `expired ${formatLongDate(g.retiredAt)}` : `expires ${formatDateTime(g.expiresAt)}`}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <TeamActions query={useOrganisationAudit(o.id, actionsPage)} self={{ targetType: 'organisation', targetId: o.id }} />
      <CreditLedgerCard title="Credit ledger" query={useOrganisationLedger(o.id, ledgerPage)} />
    </div>
  );
}

/** /admin/organisations/:id (docs/product.md "Partners"): one organisation, its managers, funding, access programmes, ledger and the team's actions about it. */
export default function OrganisationDetailPage() {
  const { id = '' } = useParams();
  const query = useOrganisation(id);
  return (
    <RecordFrame backTo="/admin/organisations" backLabel="All organisations" query={query}>
      {query.data ? <Detail organisation={query.data} /> : null}
    </RecordFrame>
  );
}
