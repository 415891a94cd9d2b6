/**
 * /expert/{id}/plans/{planId}: subscribing to a monthly plan by card (docs/product.md "Plans and packages"). What the
 * plan includes, the free trial, what happens to unused sessions and how cancelling works are said before the card is
 * asked for; the client then books the month's sessions from their dashboard.
 */
import { useParams } from 'react-router';
import { cancelText, trialText, unusedSessionsText } from '@shared/plans';
import { formatMoney } from '@shared/pricing';
import { OfferCheckout } from '../../components/offer-checkout';
import { useAuth } from '../../lib/auth';
import { useExpertPlans } from './api/get-expert-plans';
import { useSubscribe } from './api/subscriptions';
import { PlanSummary } from './plan-offers';

export default function SubscribePage() {
  const { id = '', planId = '' } = useParams();
  const plans = useExpertPlans(id);
  const { me } = useAuth();
  const { subscribe, settle } = useSubscribe(planId);
  const plan = plans.data?.find((p) => p.id === planId);

  return (
    <OfferCheckout
      expertId={id}
      title="Subscribe to a monthly plan"
      offers={plans}
      found={Boolean(plan)}
      notFound="This plan is not offered."
      terms={
        plan ? (
          <>
            <PlanSummary plan={plan} />
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              {plan.trialDays > 0 ? <li>{trialText(plan.trialDays, plan.priceCents, plan.currency)} One free trial per expert.</li> : null}
              <li>{unusedSessionsText}</li>
              <li>{cancelText}</li>
            </ul>
          </>
        ) : null
      }
      signedIn={Boolean(me)}
      returnTo={`/expert/${id}/plans/${planId}`}
      signInLabel="Sign in to subscribe"
      formLabel="Pay for the plan"
      submitLabel={!plan ? '' : plan.trialDays > 0 ? 'Start free trial' : `Pay ${formatMoney(plan.priceCents, plan.currency)} a month`}
      pending={subscribe.isPending}
      pay={subscribe.mutateAsync}
      settle={settle.mutateAsync}
      paid={({ subscription }) =>
        subscription.status === 'trialing' ? 'Your free trial has started. Book your first session below.' : 'Subscribed. Book your first session below.'
      }
      next="/dashboard/client#plans"
    />
  );
}
