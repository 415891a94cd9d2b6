/**
 * The client's monthly plans on their dashboard (docs/product.md "Plans and packages"): sessions left this month and
 * booking them with no card step, the next renewal (or one waiting for the bank's 3-D Secure step, with the page that
 * runs it), every payment (the receipts), changing to another of the expert's
 * plans (prorated: what it credits and charges is shown before) and cancelling.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { cancelText, planEndedText, unusedSessionsText } from '@shared/plans';
import { formatMoney } from '@shared/pricing';
import type { SubscriptionView } from '@shared/schemas/plans';
import { PrepaidBookingForm } from '../../components/prepaid-booking-form';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useExpertPlans } from './api/get-expert-plans';
import { useBookPlanSession, useCancelSubscription, useChangePlan, useMySubscriptions, usePlanChangeQuote } from './api/subscriptions';

function where(s: SubscriptionView): string {
  if (s.endedAt && s.endedBy) return `${planEndedText[s.endedBy]} · ended ${formatDateTime(s.endedAt)}`;
  if (s.awaitingBank) return `Renewal waiting for your bank · please confirm the payment`;
  if (s.status === 'past_due') return `Payment failed · we try again ${formatDateTime(s.nextAttemptAt!)}`;
  if (s.cancelAtPeriodEnd) return `Cancelled · yours until ${formatDateTime(s.currentPeriodEnd)}`;
  if (s.status === 'trialing') return `Free trial until ${formatDateTime(s.currentPeriodEnd)} · then ${formatMoney(s.priceCents, s.currency)} a month`;
  return `Renews ${formatDateTime(s.currentPeriodEnd)} · ${formatMoney(s.priceCents, s.currency)}`;
}

function BookFromPlan({ subscription: s }: { subscription: SubscriptionView }) {
  const book = useBookPlanSession(s.id);
  return (
    <PrepaidBookingForm
      id={`plan-${s.id}`}
      expertId={s.expertId}
      durationMinutes={s.durationMinutes}
      endsAt={s.currentPeriodEnd}
      label={`Book a session of your plan with ${s.expertName}`}
      submitLabel="Book plan session"
      book={book}
    />
  );
}

/** Another open plan of the same expert, with what changing to it now credits and charges before anything moves. */
function ChangePlan({ subscription: s }: { subscription: SubscriptionView }) {
  const plans = useExpertPlans(s.expertSlug);
  const [planId, setPlanId] = useState('');
  const quote = usePlanChangeQuote(s.id, planId);
  const change = useChangePlan(s.id);
  const others = (plans.data ?? []).filter((p) => p.id !== s.planId);
  if (others.length === 0) return null;
  const chosen = others.find((p) => p.id === planId);
  const onChange = () =>
    change.mutateAsync(planId).then(
      ({ subscription }) => {
        toast.success(`Your plan is now ${subscription.name}.`);
        setPlanId('');
      },
      (err: Error) => toast.error(err.message),
    );
  return (
    <details className="mt-2 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-brand-700">Change plan</summary>
      <div className="mt-2 space-y-2">
        <label htmlFor={`change-${s.id}`} className="block font-medium text-slate-900">
          Change to
        </label>
        <select
          id={`change-${s.id}`}
          className="h-10 w-full max-w-sm rounded-md border border-slate-300 bg-white px-3 text-sm"
          value={planId}
          onChange={(e) => setPlanId(e.target.value)}
        >
          <option value="">Choose a plan</option>
          {others.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} · {p.sessionCount} × {p.durationMinutes} min · {formatMoney(p.priceCents, p.currency)}/month
            </option>
          ))}
        </select>
        {chosen && quote.isPending ? <Spinner /> : null}
        {chosen && quote.isError ? <FormError>{quote.error.message}</FormError> : null}
        {chosen && quote.data ? (
          <div role="status" className="space-y-1 rounded-lg border border-slate-200 bg-slate-50 p-3">
            {s.status === 'trialing' ? (
              <p>Your free trial continues with {chosen.name}: nothing is charged now.</p>
            ) : (
              <>
                <p>
                  Unused time on {s.name}: −{formatMoney(quote.data.creditCents, s.currency)}, refunded to your card
                </p>
                <p>
                  {chosen.name} until {formatDateTime(s.currentPeriodEnd)}: {formatMoney(quote.data.chargeCents, s.currency)}, charged now
                </p>
              </>
            )}
            <p>
              Then {formatMoney(chosen.priceCents, chosen.currency)} a month, with {chosen.sessionCount} sessions a month from now. Sessions already booked stay
              booked.
            </p>
            <Button size="sm" onClick={onChange} disabled={change.isPending} aria-busy={change.isPending}>
              Change to {chosen.name}
            </Button>
          </div>
        ) : null}
      </div>
    </details>
  );
}

function SubscriptionCard({ subscription: s }: { subscription: SubscriptionView }) {
  const cancel = useCancelSubscription();
  const live = !s.endedAt;
  const paid = s.periods.filter((p) => p.kind === 'paid');
  const onCancel = () => {
    if (!window.confirm(`Cancel ${s.name} with ${s.expertName}? ${cancelText}`)) return;
    cancel.mutateAsync(s.id).then(
      (after) =>
        toast.success(
          after.endedAt ? 'Plan cancelled and this month refunded.' : `Plan cancelled. It stays yours until ${formatDateTime(after.currentPeriodEnd)}.`,
        ),
      (err: Error) => toast.error(err.message),
    );
  };
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="font-semibold text-slate-900">
        {s.name} with{' '}
        <Link to={`/expert/${encodeURIComponent(s.expertSlug)}`} className="text-brand-700 hover:underline">
          {s.expertName}
        </Link>
      </p>
      <p className="text-sm text-slate-700">
        {s.sessionCount} × {s.durationMinutes} min a month · Chat: {s.chatPromise}
      </p>
      <p className="text-sm font-medium text-slate-800">{where(s)}</p>
      {s.awaitingBank ? (
        <Button asChild size="sm" className="mt-2">
          <Link to={`/plans/${encodeURIComponent(s.id)}/confirm-renewal`}>Confirm the payment</Link>
        </Button>
      ) : null}
      {live && s.status !== 'past_due' ? (
        <p className="text-sm text-slate-700">
          {s.sessionsLeft} of {s.sessionCount} sessions left this month
        </p>
      ) : null}
      {paid.length > 0 ? (
        <details className="mt-2 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium text-brand-700">Payments and receipts ({paid.length})</summary>
          <ul className="mt-1 space-y-1">
            {paid.map((p) => (
              <li key={p.id}>
                {formatMoney(p.amountCents, s.currency)} for {formatDateTime(p.startsAt)} – {formatDateTime(p.endsAt)}
                {p.cardBrand && p.cardLast4 ? ` · ${p.cardBrand} ending ${p.cardLast4}` : ''}
                {p.refundedCents > 0 ? ` · ${formatMoney(p.refundedCents, s.currency)} refunded` : ''} · receipt {p.receiptNumber} ·{' '}
                <a href={`/api/plan-periods/${encodeURIComponent(p.id)}/receipt.pdf`} download className="font-medium text-brand-700 hover:underline">
                  Download PDF receipt
                </a>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {live && s.status !== 'past_due' && s.sessionsLeft > 0 ? <BookFromPlan subscription={s} /> : null}
      {live && s.status !== 'past_due' && !s.cancelAtPeriodEnd ? <ChangePlan subscription={s} /> : null}
      {live && !s.cancelAtPeriodEnd ? (
        <Button variant="outline" size="sm" className="mt-3" onClick={onCancel} disabled={cancel.isPending}>
          Cancel plan
        </Button>
      ) : null}
    </li>
  );
}

export function MyPlans() {
  const subscriptions = useMySubscriptions();
  if (subscriptions.isPending) return <Spinner />;
  if (subscriptions.isError) return <FormError>{subscriptions.error.message}</FormError>;
  if (subscriptions.data.length === 0) return null;
  return (
    <section id="plans" aria-labelledby="my-plans" className="scroll-mt-20 space-y-3">
      <h2 id="my-plans" className="text-lg font-semibold text-slate-900">
        Your plans
      </h2>
      <p className="text-xs text-slate-600">{unusedSessionsText}</p>
      <ul className="space-y-3">
        {subscriptions.data.map((s) => (
          <SubscriptionCard key={s.id} subscription={s} />
        ))}
      </ul>
    </section>
  );
}
