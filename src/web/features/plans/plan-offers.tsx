/**
 * An expert's open monthly plans beside the booking card on their profile (docs/product.md "Plans and packages"):
 * each with its sessions, chat, free trial and its price against the same sessions booked one by one, and a link to
 * subscribe. Server-rendered: the server prefetches the same query (src/web/entry-server.tsx).
 */
import { Link } from 'react-router';
import { planTitle, unusedSessionsText } from '@shared/plans';
import { formatMoney } from '@shared/pricing';
import type { PlanView } from '@shared/schemas/plans';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/input';
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
  if (plans.isError) return <FormError>{plans.error.message}</FormError>;
  if (!plans.data || plans.data.length === 0) return null;
  return (
    <section aria-labelledby="plans-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="plans-heading" className="text-lg font-semibold text-slate-900">
        Monthly plans
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {plans.data.map((plan) => (
          <li key={plan.id} className="space-y-3 py-3">
            <PlanSummary plan={plan} />
            <Button asChild variant="outline" size="sm">
              <Link
                to={`/expert/${encodeURIComponent(expertSlug)}/plans/${plan.id}`}
                aria-label={`Subscribe to ${plan.name} (${planTitle(plan, plan.currency)})`}
              >
                {plan.trialDays > 0 ? 'Start free trial' : 'Subscribe'}
              </Link>
            </Button>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">{unusedSessionsText}</p>
    </section>
  );
}
