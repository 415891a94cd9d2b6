/**
 * /plans/{id}/confirm-renewal, linked from the e-mail and the dashboard: a plan's renewal whose bank asked for 3-D
 * Secure (docs/product.md "Plans and packages", "With Stripe"). The client runs the bank's step with Stripe.js here, as
 * the checkout page does for a first payment; the month is granted once Stripe tells the server the invoice is paid,
 * so the page waits for that word before saying the plan renewed. Only the plan's client reads it (others: not found).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { messages } from '@shared/messages';
import { planEndedText } from '@shared/plans';
import { formatMoney } from '@shared/pricing';
import type { RenewalConfirmation } from '@shared/schemas/plans';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { useClientConfig } from '../../lib/client-config';
import { formatDateTime } from '../../lib/format';
import { signInPath } from '../../lib/return-path';
import { useRenewalConfirmation } from './api/subscriptions';

const dashboard = '/dashboard/client#plans';

function Renewal({ data, confirmed, onConfirmed }: { data: RenewalConfirmation; confirmed: boolean; onConfirmed: () => void }) {
  const stripeKey = useClientConfig().data?.stripePublishableKey;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { subscription: s, payment } = data;
  const plan = `${s.name} with ${s.expertName}`;

  if (s.endedAt && s.endedBy) return <p className="text-slate-700">{`${plan}: ${planEndedText[s.endedBy]}.`}</p>;
  if (!s.awaitingBank)
    return (
      <div className="space-y-4" role="status">
        <p className="text-slate-700">{`${plan} is renewed until ${formatDateTime(s.currentPeriodEnd)}.`}</p>
        <Button asChild>
          <Link to={dashboard}>Book your sessions</Link>
        </Button>
      </div>
    );
  if (confirmed)
    // The bank answered; Stripe's word that the invoice is paid is on its way.
    return (
      <p className="flex items-center gap-2 text-slate-700" role="status">
        <Spinner /> Your bank confirmed. Waiting for Stripe to confirm the payment…
      </p>
    );
  if (!payment)
    return (
      <p className="text-slate-700">{`Stripe is trying the payment for ${plan} again; there is nothing to confirm now. We e-mail you if your bank asks again.`}</p>
    );

  const confirm = async () => {
    if (!stripeKey || busy) return;
    setBusy(true);
    setError(null);
    try {
      // Stripe.js is loaded only here, as the card form loads it only when Stripe is configured.
      const { confirmWithBank } = await import('../../components/stripe-card-form');
      const refused = await confirmWithBank(stripeKey, payment.clientSecret);
      if (refused) setError(refused);
      else onConfirmed();
    } catch {
      setError(messages.payment.cardFormUnavailable);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-4">
      <p className="text-slate-700">
        Your bank asks you to confirm the renewal of {plan}: <strong>{formatMoney(payment.amountCents, s.currency)}</strong>
        {s.cardBrand && s.cardLast4 ? ` to your ${s.cardBrand} ending ${s.cardLast4}` : ''}.
      </p>
      <p className="text-sm text-slate-700">
        Until you do, sessions of the new month cannot be booked.
        {s.nextAttemptAt
          ? ` Stripe tries the card again on ${formatDateTime(s.nextAttemptAt)}; if it is still not confirmed after the last try, the plan ends.`
          : ''}
      </p>
      <FormError>{error}</FormError>
      <Button size="lg" onClick={() => void confirm()} disabled={busy || !stripeKey} aria-busy={busy}>
        Confirm with your bank
      </Button>
    </div>
  );
}

export default function ConfirmRenewalPage() {
  const { id = '' } = useParams();
  const { me, loading } = useAuth();
  const [confirmed, setConfirmed] = useState(false);
  const renewal = useRenewalConfirmation(id, confirmed);
  const returnTo = `/plans/${id}/confirm-renewal`;

  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-10">
      <Link to={dashboard} className="text-sm font-medium text-brand-700 hover:underline">
        Back to your plans
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">Confirm your plan’s renewal</h1>
      {loading ? (
        <Spinner />
      ) : !me ? (
        <Button asChild>
          <Link to={signInPath(returnTo)}>Sign in to confirm</Link>
        </Button>
      ) : renewal.isPending ? (
        <Spinner />
      ) : renewal.error && !renewal.data ? (
        <FormError>{renewal.error.message}</FormError>
      ) : (
        <Renewal data={renewal.data!} confirmed={confirmed} onConfirmed={() => setConfirmed(true)} />
      )}
    </div>
  );
}
