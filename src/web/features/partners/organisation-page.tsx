import { CreditCard, Download, UserMinus, UserPlus } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { CardInput } from '@shared/cards';
import { organisationKindNames, partnerMessages, purchaseCents } from '@shared/partners';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/pricing';
import type { OrganisationDetail } from '@shared/schemas/partners';
import { CardFields, emptyCard } from '../../components/card-fields';
import type { PayWithCard } from '../../components/stripe-card-form';
import { CreditLedgerCard } from '../../components/credit-ledger';
import { OrganisationLogo } from '../../components/organisation-logo';
import { PageHeader } from '../../components/page-header';
import { usePage } from '../../components/pager';
import { RequireAuth } from '../../components/require-auth';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormError, Input, Label } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { useClientConfig } from '../../lib/client-config';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useBuyCredit, useSettleCreditPurchase } from './api/buy-credit';
import { useCreditLedger } from './api/get-ledger';
import { useOrganisation } from './api/get-organisation';
import { useInviteManager } from './api/invite-manager';
import { useRemoveManager } from './api/remove-manager';
import { useSetLogo } from './api/set-logo';
import { CreditPurchasesCard } from './credit-purchases-card';
import { LogoSettings } from '../../components/logo-settings';
import { ProgrammesCard } from './programmes-card';
import { ReportCard } from './report-card';
import { SponsorshipsCard } from './sponsorships-card';
import { StatementsCard } from './statements-card';

/** '500' or '500.00' → 50000 cents; null unless a positive amount with at most 2 decimals. */
const toCents = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : null);

// Loaded only when the server takes cards with Stripe: importing @stripe/stripe-js fetches Stripe.js.
const StripeCardForm = lazy(() => import('../../components/stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

/** The amount field's cents, or the refusal in the product's words (docs/product.md "Partners"). */
function amountCents(amount: string): { cents: number } | { error: string } {
  const cents = toCents(amount);
  if (cents === null || cents < purchaseCents.min || cents > purchaseCents.max)
    return { error: `Please buy between ${formatMoney(purchaseCents.min)} and ${formatMoney(purchaseCents.max)} of credit, in whole cents` };
  return { cents };
}

/** Buying credit by card: Stripe Elements when the server takes cards with Stripe, else the simulated provider's form. */
function BuyCredit({ organisation }: { organisation: OrganisationDetail }) {
  const config = useClientConfig();
  if (config.isPending) return null;
  const stripeKey = config.data?.stripePublishableKey;
  return stripeKey ? <StripePurchase organisation={organisation} publishableKey={stripeKey} /> : <CardPurchase organisation={organisation} />;
}

/**
 * With Stripe (docs/product.md "Partners"): the card becomes a PaymentMethod at Stripe, the server charges it; a bank
 * asking for 3-D Secure runs its step here, then the server settles the purchase with Stripe.
 */
function StripePurchase({ organisation, publishableKey }: { organisation: OrganisationDetail; publishableKey: string }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One key per attempt: a retried request never charges twice; a new key after a success or a refusal.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const buy = useBuyCredit(organisation.id);
  const settle = useSettleCreditPurchase(organisation.id);
  const pay: PayWithCard = async (paymentMethodId, confirm) => {
    const wanted = amountCents(amount);
    if ('error' in wanted) return setError(wanted.error);
    setError(null);
    try {
      const bought = await buy.mutateAsync({ key, body: { amountCents: wanted.cents, paymentMethodId } });
      if ('paymentAction' in bought) {
        const refused = await confirm(bought.paymentAction.clientSecret);
        // Whatever the browser was told, the server asks Stripe before adding the credit.
        const settled = await settle.mutateAsync(bought.purchaseId);
        const unpaid = { pending: messages.payment.awaitingPayment, failed: messages.payment.failed, expired: partnerMessages.purchaseExpired };
        if (settled.status !== 'paid') throw new Error(refused ?? unpaid[settled.status]);
      }
      toast.success(`${formatMoney(wanted.cents)} of credit added. A receipt is on its way by e-mail.`);
      setAmount('');
    } finally {
      setKey(crypto.randomUUID());
    }
  };
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Buy credit</h2>
      <div className="mt-4 max-w-md space-y-4">
        <div className="max-w-xs">
          <Label htmlFor="credit-amount">Amount (USD)</Label>
          <Input id="credit-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="500.00" />
          <FormError>{error ?? ''}</FormError>
        </div>
        <Suspense fallback={<Spinner />}>
          <StripeCardForm publishableKey={publishableKey} payLabel="Pay and add credit" pay={pay} />
        </Suspense>
      </div>
    </Card>
  );
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
    const wanted = amountCents(amount);
    if ('error' in wanted) return setError(wanted.error);
    setError(null);
    buy.mutate(
      { key, body: { amountCents: wanted.cents, card } },
      {
        onSuccess: () => {
          toast.success(`${formatMoney(wanted.cents)} of credit added. A receipt is on its way by e-mail.`);
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
      {/* Addresses may break anywhere rather than run out of the card on a phone. */}
      <ul className="mt-3 divide-y divide-slate-100 wrap-anywhere">
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
  const [ledgerPage] = usePage('ledger');
  const ledger = useCreditLedger(id, ledgerPage);
  const logo = useSetLogo(id);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError what="This organisation could not be loaded." error={query.error} onRetry={query.refetch} />;
  const o = query.data;
  return (
    <div className="space-y-5">
      <PageHeader
        eyebrow={
          <span className="flex flex-col items-center gap-3">
            {o.logoUrl ? <OrganisationLogo name={o.name} url={o.logoUrl} size="lg" /> : null}
            {organisationKindNames[o.kind]}
          </span>
        }
        title={o.name}
        lead={
          <>
            Billing e-mail: <span className="break-all">{o.billingEmail}</span>
          </>
        }
      />
      <ReportCard organisationId={o.id} />
      <BuyCredit organisation={o} />
      <CreditPurchasesCard organisationId={o.id} />
      <ProgrammesCard organisationId={o.id} />
      <SponsorshipsCard organisationId={o.id} />
      <CreditLedgerCard
        title="Ledger"
        query={ledger}
        actions={
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
        }
      />
      <StatementsCard organisationId={o.id} />
      <Managers organisation={o} />
      <LogoSettings name={o.name} logoUrl={o.logoUrl} save={logo.mutateAsync} pending={logo.isPending} />
    </div>
  );
}

/** /partner/:id (docs/product.md "Partners"): one organisation the account manages — its report (balance, spending, programmes), ledger (paged, `?ledger=`), monthly statements, buying credit and its purchases with their receipts, programmes, managers. */
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
