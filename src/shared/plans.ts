/**
 * Monthly plan rules shared by server and web (docs/product.md "Plans and packages"): an offer's limits, the periods
 * (a free trial, then calendar months in UTC), the 48-hour full refund on cancelling, the renewal retries, and the
 * words of every plan message. Pure: money in integer cents, instants UTC.
 */
import { pendingPurchaseHours } from './partners.js';
import { TZDate } from '@date-fns/tz';
import { addMonths } from 'date-fns';
import { packageSessionLabel } from './packages.js';
import { formatMoney } from './pricing.js';
import { autoReleaseHours } from './sessions.js';

/** An offer's limits: at most 3 plans an expert, 1–8 sessions a month, $10–$10,000 a month and at least $1 a session. */
export const planLimits = {
  plansPerExpert: 3,
  sessions: { min: 1, max: 8 },
  priceCents: { min: 1_000, max: 1_000_000 },
  minShareCents: 100,
  name: 60,
  chatPromise: 200,
} as const;

/** A plan's free trial: none, 7 or 14 days (at most one trial per client and expert). */
export const trialLengths = [0, 7, 14] as const;
export type TrialDays = (typeof trialLengths)[number];

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** A client who cancels within this many hours of a renewal, with no plan session of that period booked, gets it refunded in full. */
export const fullRefundHours = 48;

/** Failed renewals are tried again this many days after the renewal was due; after the last failure the plan lapses. */
export const retryDays = [1, 3, 7] as const;

/** When a period starting at `start` ends: one calendar month later in UTC (31 Jan → 28/29 Feb). */
export function periodEnd(start: Date): Date {
  return new Date(addMonths(new TZDate(start.getTime(), 'UTC'), 1).getTime());
}

/** When a free trial of `days` started at `start` ends. */
export function trialEnd(start: Date, days: number): Date {
  return new Date(start.getTime() + days * dayMs);
}

/**
 * When a period ending at `end` is settled: its unused sessions' shares released to the expert after the same dispute
 * window a session's payment has (sessions.ts `autoReleaseHours`).
 */
export function periodSettlesAt(end: Date): Date {
  return new Date(end.getTime() + autoReleaseHours * hourMs);
}

/**
 * Whether cancelling at `now` refunds the current paid period in full: within `fullRefundHours` of its start (the
 * renewal) and no plan session of it booked. A trial has nothing to refund.
 */
export function cancelRefundsPeriod(period: { kind: 'trial' | 'paid'; startsAt: Date }, sessionsBooked: number, now: Date): boolean {
  return period.kind === 'paid' && sessionsBooked === 0 && now.getTime() - period.startsAt.getTime() < fullRefundHours * hourMs;
}

/**
 * What a failed renewal does next: after failure number `failures` (1 = the renewal itself) of a renewal due at
 * `dueAt`, the next try is `retryDays[failures - 1]` days after `dueAt`; after the last retry the plan lapses (null).
 */
export function nextRetryAt(dueAt: Date, failures: number): Date | null {
  const days = retryDays[failures - 1];
  return days === undefined ? null : new Date(dueAt.getTime() + days * dayMs);
}

/**
 * A change of plan at `at` within the period [startsAt, endsAt), prorated as Stripe prorates it (docs/product.md
 * "Plans and packages"): a credit for the old price's unused time and a charge for the new price's remaining time,
 * each `price × seconds left ÷ seconds in the period` (whole seconds, as Stripe counts) rounded to the nearest cent.
 * `netCents` is what the client pays for the change (negative: a downgrade's credit exceeds its charge). Integer cents.
 */
export function prorateChange(
  period: { startsAt: Date; endsAt: Date },
  oldCents: number,
  newCents: number,
  at: Date,
): { creditCents: number; chargeCents: number; netCents: number } {
  const total = Math.floor((period.endsAt.getTime() - period.startsAt.getTime()) / 1000);
  const left = Math.min(total, Math.max(0, Math.floor((period.endsAt.getTime() - at.getTime()) / 1000)));
  const part = (cents: number) => (total > 0 ? Math.round((cents * left) / total) : 0);
  const creditCents = part(oldCents);
  const chargeCents = part(newCents);
  return { creditCents, chargeCents, netCents: chargeCents - creditCents };
}

/** 'Plan session · 1 of 2 this month'. */
export function planSessionLabel(number: number, count: number): string {
  return `Plan session · ${number} of ${count} this month`;
}

/** '2 × 60 min a month · $180.00/month'. */
export function planTitle(p: { sessionCount: number; durationMinutes: number; priceCents: number }, currency = 'USD'): string {
  return `${p.sessionCount} × ${p.durationMinutes} min a month · ${formatMoney(p.priceCents, currency)}/month`;
}

/**
 * Who ended a plan (docs/product.md "Plans and packages", "Cancelling and ending"): the client cancelling, its renewals
 * failing, the expert (ending the plan or hiding their profile), or the Mentora team (ending it from the console,
 * suspending the expert's account or unpublishing the profile).
 */
export type PlanEndedBy = 'client' | 'payment' | 'expert' | 'team';

/**
 * The reason the plan's parties read when the team ended it: the team's own words (a console reason, the expert's
 * suspension) are shown to the team only.
 */
export const teamEndReason = 'ended by the team';

/** Who ended a subscription with `status` (null while it is live; `endedBy` is stored for status 'ended'). */
export function planEndedBy(s: { status: string; endedBy: 'expert' | 'team' | null; endedAt: unknown }): PlanEndedBy | null {
  if (!s.endedAt) return null;
  if (s.status === 'cancelled') return 'client';
  if (s.status === 'lapsed') return 'payment';
  return s.endedBy;
}

/** The client's words for how their plan ended. */
export const planEndedText: Record<PlanEndedBy, string> = {
  client: 'Cancelled',
  payment: 'Ended: payment failed',
  expert: 'Ended by the expert',
  team: 'Ended by the Mentora team',
};

/** What happens to unused sessions, said plainly before subscribing and on the dashboard. */
export const unusedSessionsText =
  'Sessions of a month are booked within that month: sessions still unused when it ends do not carry over and are not refunded.';

/** The free trial said plainly before subscribing. */
export function trialText(days: number, priceCents: number, currency = 'USD'): string {
  return `Free for ${days} days, then ${formatMoney(priceCents, currency)} a month. Cancel before the trial ends and you pay nothing.`;
}

/** The cancellation terms said before subscribing and when cancelling. */
export const cancelText = `Cancel any time: the plan runs to the end of the month you paid for. Cancel within ${fullRefundHours} hours of a renewal, before booking a session of that month, and the month is refunded in full.`;

export const planMessages = {
  /** The processor could not be reached mid-way through a change's charge: whatever it charged is given back. */
  changeInterrupted:
    'The payment service could not be reached, so your plan was not changed and anything charged is given back to your card. Please try again in a few minutes.',
  notFound: 'This plan is not offered.',
  closed: 'This plan is closed to new subscribers.',
  ownPlan: 'You cannot subscribe to your own plan.',
  notExpert: 'Only experts can offer plans.',
  tooMany: `You can offer at most ${planLimits.plansPerExpert} plans.`,
  priceTooLow: `A plan must cost at least ${formatMoney(planLimits.minShareCents)} a session.`,
  alreadySubscribed: 'You already have a plan with this expert. Change or cancel it from your dashboard.',
  trialUsed: 'You have already had a free trial with this expert.',
  subscriptionNotFound: 'Plan subscription not found.',
  /** A start whose bank confirmation (3-D Secure) was abandoned: see `pendingPurchaseHours` (src/shared/partners.ts). */
  startExpired: `This subscription expired: the bank’s confirmation was not finished within ${pendingPurchaseHours} hours, and nothing was charged. Please subscribe again.`,
  trialNoReceipt: 'A free trial has no receipt: nothing was charged.',
  notLive: 'This plan has ended.',
  noneLeft: 'No sessions are left in this plan this month.',
  startsAfterPeriod: 'Plan sessions must start before the end of the current month of your plan.',
  pastDue: 'Your last payment for this plan failed. Sessions can be booked again once it is paid.',
  alreadyCancelled: 'This plan is already cancelled.',
  samePlan: 'You are already on this plan.',
  monthNearlyOver: 'This month of your plan is nearly over. Please change plan after your renewal.',
} as const;

/** A prepaid session's label on the session: 'Plan session · 1 of 2 this month' or 'Package session · 2 of 4'. */
export function prepaidSessionLabel(p: { number: number; count: number; plan: boolean }): string {
  return p.plan ? planSessionLabel(p.number, p.count) : packageSessionLabel(p.number, p.count);
}
