import { CreditCard, Download, UserMinus, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { CardInput } from '@shared/cards';
import { organisationKindNames, purchaseCents } from '@shared/partners';
import { formatMoney } from '@shared/pricing';
import type { OrganisationDetail } from '@shared/schemas/partners';
import { CardFields, emptyCard } from '../../components/card-fields';
import { CreditLedger } from '../../components/credit-ledger';
import { PageHeader } from '../../components/page-header';
import { RequireAuth } from '../../components/require-auth';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormError, Input, Label } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { useClientConfig } from '../../lib/client-config';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useBuyCredit } from './api/buy-credit';
import { useOrganisation } from './api/get-organisation';
import { useInviteManager } from './api/invite-manager';
import { useRemoveManager } from './api/remove-manager';
import { ProgrammesCard } from './programmes-card';
import { ReportCard } from './report-card';
import { SponsorshipsCard } from './sponsorships-card';

/** '500' or '500.00' → 50000 cents; null unless a positive amount with at most 2 decimals. */
const toCents = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : null);

/**
 * The simulated provider's card form. With Stripe, card numbers must never reach Mentora and this page has no Stripe
 * Elements form yet (the API takes a PaymentMethod), so it asks for an invoice instead (docs/product.md "Partners").
 */
function BuyCredit({ organisation }: { organisation: OrganisationDetail }) {
  const config = useClientConfig();
  if (config.data?.stripePublishableKey)
    return (
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Buy credit</h2>
        <p className="mt-2 text-slate-700">To add credit, please ask the Mentora team for an invoice; paying it by bank transfer adds the credit.</p>
      </Card>
    );
  return <CardPurchase organisation={organisation} />;
}

function CardPurchase({ organisation }: { organisation: OrganisationDetail }) {
  const [amount, setAmount] = useState('');
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [error, setError] = useState<string | null>(null);
  // One key per attempt: a retried request never charges twice; a new key after a success or a refusal.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const buy = useBuyCredit(organisation.id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amountCents = toCents(amount);
    if (amountCents === null || amountCents < purchaseCents.min || amountCents > purchaseCents.max) {
      setError(`Please buy between ${formatMoney(purchaseCents.min)} and ${formatMoney(purchaseCents.max)} of credit, in whole cents`);
      return;
    }
    setError(null);
    buy.mutate(
      { key, body: { amountCents, card } },
      {
        onSuccess: () => {
          toast.success(`${formatMoney(amountCents)} of credit added. A receipt is on its way by e-mail.`);
          setAmount('');
          setCard(emptyCard);
          setKey(crypto.randomUUID());
        },
        onError: (err) => {
          setError(err.message);
          setKey(crypto.randomUUID());
        },
      },
    );
  };
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Buy credit</h2>
      <form onSubmit={submit} className="mt-4 space-y-4" aria-label="Buy credit by card">
        <div className="max-w-xs">
          <Label htmlFor="credit-amount">Amount (USD)</Label>
          <Input
            id="credit-amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder="500.00"
            disabled={buy.isPending}
          />
        </div>
        <CardFields card={card} onChange={setCard} disabled={buy.isPending} invalid={Boolean(error)} />
        <FormError>{error ?? ''}</FormError>
        <Button type="submit" disabled={buy.isPending} aria-busy={buy.isPending}>
          <CreditCard className="h-4 w-4" aria-hidden />
          Pay and add credit
        </Button>
      </form>
    </Card>
  );
}

function Managers({ organisation }: { organisation: OrganisationDetail }) {
  const { me } = useAuth();
  const [email, setEmail] = useState('');
  const invite = useInviteManager(organisation.id);
  const remove = useRemoveManager(organisation.id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(email, {
      onSuccess: () => {
        toast.success(`Invitation sent to ${email.trim()}`);
        setEmail('');
      },
      onError: (err) => toast.error(err.message),
    });
  };
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Managers</h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {organisation.managers.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium text-slate-900">{m.name}</span> <span className="text-sm text-slate-600">{m.email}</span>
            </span>
            {m.userId === me?.id ? (
              <span className="text-sm text-slate-500">You</span>
            ) : (
              <Button
                variant="outline"
                size="sm"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(m.userId, {
                    onSuccess: () => toast.success(`${m.name} no longer manages ${organisation.name}`),
                    onError: (err) => toast.error(err.message),
                  })
                }
              >
                <UserMinus className="h-4 w-4" aria-hidden />
                Remove {m.name}
              </Button>
            )}
          </li>
        ))}
        {organisation.invitations.map((i) => (
          <li key={i.id} className="py-2 text-sm text-slate-700">
            {i.email} — invited, until {formatDateTime(i.expiresAt)}
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3" aria-label="Invite a manager">
        <div className="min-w-64 flex-1">
          <Label htmlFor="manager-email">Invite a manager by e-mail</Label>
          <Input id="manager-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required maxLength={254} />
        </div>
        <Button type="submit" variant="outline" disabled={invite.isPending}>
          <UserPlus className="h-4 w-4" aria-hidden />
          Send invitation
        </Button>
      </form>
    </Card>
  );
}

function Organisation({ id }: { id: string }) {
  const query = useOrganisation(id);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError what="This organisation could not be loaded." error={query.error} onRetry={query.refetch} />;
  const o = query.data;
  return (
    <div className="space-y-5">
      <PageHeader
        eyebrow={organisationKindNames[o.kind]}
        title={o.name}
        lead={
          <>
            Billing e-mail: <span className="break-all">{o.billingEmail}</span>
          </>
        }
      />
      <ReportCard organisationId={o.id} />
      <BuyCredit organisation={o} />
      <ProgrammesCard organisationId={o.id} />
      <SponsorshipsCard organisationId={o.id} />
      <Card className="p-5 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">Ledger</h2>
          <div className="flex flex-wrap gap-2">
            {(['ledger', 'sessions'] as const).map((what) => (
              <Button key={what} asChild variant="outline" size="sm">
                <a href={`/api/partner/organisations/${encodeURIComponent(o.id)}/${what}.csv`} download>
                  <Download className="h-4 w-4" aria-hidden />
                  {what === 'ledger' ? 'Download the ledger (CSV)' : 'Download the sessions (CSV)'}
                </a>
              </Button>
            ))}
          </div>
        </div>
        <CreditLedger entries={o.ledger} />
      </Card>
      <Managers organisation={o} />
    </div>
  );
}

/** /partner/:id (docs/product.md "Partners"): one organisation the account manages — its report (balance, spending, programmes), ledger, buying credit, programmes, managers. */
export default function OrganisationPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/partner" className="text-sm text-brand-700 underline-offset-2 hover:underline">
        ← Your organisations
      </Link>
      <div className="mt-4">
        <RequireAuth>
          <Organisation id={id} />
        </RequireAuth>
      </div>
    </div>
  );
}
