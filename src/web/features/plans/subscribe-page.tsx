/**
 * /expert/{id}/plans/{planId}: subscribing to a monthly plan by card (docs/product.md "Plans and packages"). What the
 * plan includes, the free trial, what happens to unused sessions and how cancelling works are said before the card is
 * asked for; the client then books the month's sessions from their dashboard.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { cardError, type CardInput } from '@shared/cards';
import { cancelText, trialText, unusedSessionsText } from '@shared/plans';
import { formatMoney } from '@shared/pricing';
import { CardFields } from '../../components/card-fields';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { TestModeNotice } from '../../components/test-mode-notice';
import { useAuth } from '../../lib/auth';
import { signInPath } from '../../lib/return-path';
import { toast } from '../../lib/toast';
import { useExpertPlans } from './api/get-expert-plans';
import { useSubscribe } from './api/subscriptions';
import { PlanSummary } from './plan-offers';

const emptyCard: CardInput = { cardholderName: '', number: '', expiry: '', cvc: '' };

export default function SubscribePage() {
  const { id = '', planId = '' } = useParams();
  const plans = useExpertPlans(id);
  const { me } = useAuth();
  const navigate = useNavigate();
  const subscribe = useSubscribe(planId);
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [error, setError] = useState<string | null>(null);
  const plan = plans.data?.find((p) => p.id === planId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (subscribe.isPending) return;
    const problem = cardError(card);
    setError(problem);
    if (problem) return;
    subscribe.mutateAsync(card).then(
      ({ subscription }) => {
        toast.success(
          subscription.status === 'trialing' ? 'Your free trial has started. Book your first session below.' : 'Subscribed. Book your first session below.',
        );
        void navigate('/dashboard/client#plans');
      },
      (err: Error) => setError(err.message),
    );
  };

  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-10">
      <Link to={`/expert/${encodeURIComponent(id)}`} className="text-sm font-medium text-brand-700 hover:underline">
        Back to the profile
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">Subscribe to a monthly plan</h1>
      {plans.isPending ? (
        <Spinner />
      ) : plans.isError ? (
        <FormError>{plans.error.message}</FormError>
      ) : !plan ? (
        <p className="text-slate-700">This plan is not offered.</p>
      ) : (
        <>
          <PlanSummary plan={plan} />
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {plan.trialDays > 0 ? <li>{trialText(plan.trialDays, plan.priceCents, plan.currency)} One free trial per expert.</li> : null}
            <li>{unusedSessionsText}</li>
            <li>{cancelText}</li>
          </ul>
          {!me ? (
            <Button asChild>
              <Link to={signInPath(`/expert/${id}/plans/${planId}`)}>Sign in to subscribe</Link>
            </Button>
          ) : (
            <form onSubmit={submit} className="space-y-4" aria-label="Pay for the plan">
              <CardFields card={card} onChange={setCard} disabled={subscribe.isPending} invalid={Boolean(error)} />
              {error ? <FormError>{error}</FormError> : null}
              <Button type="submit" size="lg" disabled={subscribe.isPending} aria-busy={subscribe.isPending}>
                {plan.trialDays > 0 ? 'Start free trial' : `Pay ${formatMoney(plan.priceCents, plan.currency)} a month`}
              </Button>
              <TestModeNotice />
            </form>
          )}
        </>
      )}
    </div>
  );
}
