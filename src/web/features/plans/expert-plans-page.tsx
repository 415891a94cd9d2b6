/**
 * /dashboard/expert/plans (docs/product.md "Plans and packages"): the expert's monthly plans — add one (at most
 * three), open or close each (a change applies to new subscribers only), end one (subscribers refunded the month's
 * unused share) — their subscribers, the monthly recurring revenue and the upcoming renewals.
 */
import { useState, type FormEvent } from 'react';
import { planLimits, trialLengths } from '@shared/plans';
import { durations, formatMoney } from '@shared/pricing';
import { OwnOffers } from '../../components/own-offers';
import { PagePart } from '../../components/page-part';
import { Button } from '../../components/ui/button';
import { FormError, Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useEndPlan, useMyPlans, useSavePlan } from './api/my-plans';
import { useSubscribers } from './api/subscriptions';
import { MrrChart } from './mrr-chart';
import { PlanSummary } from './plan-offers';

const select = 'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm';

function NewPlanForm() {
  const save = useSavePlan();
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [sessionCount, setCount] = useState('2');
  const [durationMinutes, setDuration] = useState('60');
  const [chatPromise, setChat] = useState('Replies within 2 working days');
  const [trialDays, setTrial] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const priceCents = Math.round(Number(price) * 100);
    if (!Number.isFinite(priceCents) || priceCents <= 0) return setError('Please enter the price a month in dollars');
    setError(null);
    save
      .mutateAsync({
        name,
        priceCents,
        sessionCount: Number(sessionCount),
        durationMinutes: Number(durationMinutes),
        chatPromise,
        trialDays: Number(trialDays),
      })
      .then(
        (p) => {
          toast.success(`Plan offered: ${p.name}`);
          setName('');
          setPrice('');
        },
        (err: Error) => setError(err.message),
      );
  };
  return (
    <form onSubmit={submit} aria-label="Offer a plan" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-slate-900">Offer a monthly plan</h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="space-y-1 sm:col-span-2">
          <Label htmlFor="plan-name">Name</Label>
          <Input id="plan-name" value={name} maxLength={planLimits.name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="plan-price">Price a month ($)</Label>
          <Input id="plan-price" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="plan-count">Sessions a month</Label>
          <Input
            id="plan-count"
            type="number"
            min={planLimits.sessions.min}
            max={planLimits.sessions.max}
            value={sessionCount}
            onChange={(e) => setCount(e.target.value)}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="plan-length">Length (minutes)</Label>
          <select id="plan-length" className={select} value={durationMinutes} onChange={(e) => setDuration(e.target.value)}>
            {durations.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="plan-trial">Free trial</Label>
          <select id="plan-trial" className={select} value={trialDays} onChange={(e) => setTrial(e.target.value)}>
            {trialLengths.map((d) => (
              <option key={d} value={d}>
                {d === 0 ? 'None' : `${d} days`}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1 sm:col-span-3">
          <Label htmlFor="plan-chat">What chat includes</Label>
          <Input id="plan-chat" value={chatPromise} maxLength={planLimits.chatPromise} onChange={(e) => setChat(e.target.value)} />
        </div>
      </div>
      {error ? <FormError>{error}</FormError> : null}
      <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
        Offer plan
      </Button>
    </form>
  );
}

function Plans() {
  const plans = useMyPlans();
  const save = useSavePlan();
  const end = useEndPlan();
  const onEnd = (id: string, name: string) => {
    if (!window.confirm(`End ${name}? Every subscriber's plan ends now and the unused sessions of their month are refunded.`)) return;
    end.mutateAsync(id).then(
      ({ ended }) => toast.success(ended === 1 ? 'Plan ended for 1 subscriber.' : `Plan ended for ${ended} subscribers.`),
      (err: Error) => toast.error(err.message),
    );
  };
  return (
    <OwnOffers
      offers={plans}
      empty="You offer no plans yet."
      summary={(p) => <PlanSummary plan={p} />}
      buyers="subscribers"
      status={(p) => `${p.subscribers} ${p.subscribers === 1 ? 'subscriber' : 'subscribers'}`}
      toggle={(p) => save.mutateAsync({ ...p, open: !p.open }).catch((err: Error) => toast.error(err.message))}
      toggling={save.isPending}
      actions={(p) => (
        <Button variant="outline" size="sm" disabled={end.isPending} onClick={() => onEnd(p.id, p.name)}>
          End plan
        </Button>
      )}
    />
  );
}

function Subscribers() {
  const subs = useSubscribers();
  if (subs.isPending) return <Spinner />;
  if (subs.isError) return <FormError>{subs.error.message}</FormError>;
  const live = subs.data.filter((s) => !s.endedAt);
  const renewals = live.filter((s) => s.nextRenewalAt).sort((a, b) => (a.nextRenewalAt! < b.nextRenewalAt! ? -1 : 1));
  return (
    <>
      <MrrChart subscriptions={subs.data} />
      <PagePart id="renewals" title="Upcoming renewals">
        {renewals.length === 0 ? (
          <p className="text-sm text-slate-700">No renewals coming.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {renewals.map((s) => (
              <li key={s.id} className="p-4 text-sm text-slate-800">
                <span className="font-medium text-slate-900">{s.clientName}</span> · {s.name} · {formatMoney(s.priceCents, s.currency)} on{' '}
                {formatDateTime(s.nextRenewalAt!)}
                {s.status === 'trialing' ? ' (end of the free trial)' : s.status === 'past_due' ? ' (payment being retried)' : ''}
              </li>
            ))}
          </ul>
        )}
      </PagePart>
      <PagePart id="subscribers" title={`Subscribers (${live.length})`}>
        {subs.data.length === 0 ? (
          <p className="text-sm text-slate-700">No subscribers yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {subs.data.map((s) => (
              <li key={s.id} className="p-4 text-sm text-slate-800">
                <p className="font-medium text-slate-900">
                  {s.clientName} · {s.name}
                </p>
                <p>
                  {s.endedAt
                    ? `Ended ${formatDateTime(s.endedAt)}`
                    : s.cancelAtPeriodEnd
                      ? `Cancelled, ends ${formatDateTime(s.currentPeriodEnd)}`
                      : s.status === 'trialing'
                        ? 'Free trial'
                        : 'Active'}{' '}
                  · {s.periods[0] ? `${s.periods[0].sessionsBooked} of ${s.sessionCount} sessions booked this month` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </PagePart>
    </>
  );
}

export default function ExpertPlansPage() {
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">Monthly plans</h1>
      <NewPlanForm />
      <PagePart id="plans" title="Your plans">
        <Plans />
      </PagePart>
      <Subscribers />
    </div>
  );
}
