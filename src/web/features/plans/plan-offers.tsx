/**
 * An expert's open monthly plans beside the booking card on their profile (docs/product.md "Plans and packages"):
 * each with its sessions, chat, free trial and its price against the same sessions booked one by one, and a link to
 * subscribe. Server-rendered: the server prefetches the same query (src/web/entry-server.tsx).
 */
import { planTitle, unusedSessionsText } from '@shared/plans';
import { formatMoney } from '@shared/pricing';
import type { PlanView } from '@shared/schemas/plans';
import { OfferList } from '../../components/offer-list';
import { useExpertPlans } from './api/get-expert-plans';

/** One plan: name, price a month, sessions, chat, trial and the comparison with single sessions. */
export function PlanSummary({ plan }: { plan: PlanView }) {
  return (
    <div className="space-y-1">
      <p className="font-semibold text-slate-900">
        {plan.name} · {formatMoney(plan.priceCents, plan.currency)}/month
      </p>
      <p className="text-sm text-slate-800">
        {plan.sessionCount} × {plan.durationMinutes} min sessions a month · Chat: {plan.chatPromise}
      </p>
      {plan.singleCents > 0 ? (
        <p className="text-sm text-slate-700">
          The same sessions one by one: {formatMoney(plan.singleCents, plan.currency)}
          {plan.singleCents > plan.priceCents ? (
            <span className="font-medium text-emerald-700"> · you save {formatMoney(plan.singleCents - plan.priceCents, plan.currency)} a month</span>
          ) : null}
        </p>
      ) : null}
      {plan.trialDays > 0 ? <p className="text-sm font-medium text-brand-700">{plan.trialDays}-day free trial</p> : null}
    </div>
  );
}

export function PlanOffers({ expertSlug }: { expertSlug: string }) {
  const plans = useExpertPlans(expertSlug);
  return (
    <OfferList
      id="plans-heading"
      title="Monthly plans"
      offers={plans}
      summary={(plan) => <PlanSummary plan={plan} />}
      link={(plan) => ({
        to: `/expert/${encodeURIComponent(expertSlug)}/plans/${plan.id}`,
        label: plan.trialDays > 0 ? 'Start free trial' : 'Subscribe',
        name: `Subscribe to ${plan.name} (${planTitle(plan, plan.currency)})`,
      })}
      footer={unusedSessionsText}
    />
  );
}
