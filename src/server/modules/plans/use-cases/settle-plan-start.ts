/**
 * A plan subscribed with a card whose bank asked for 3-D Secure (docs/product.md "Plans and packages", "With Stripe";
 * docs/decisions/039-stripe-billing-for-plans.md): subscribe.ts kept the frozen terms in `card_confirmations` and
 * started nothing. The start is settled by asking Stripe by id, never from what the browser says — from the browser
 * after the bank's step (`completePlanStart`), Stripe's webhook (`settlePlanStartByRef`: the PaymentIntent's or
 * SetupIntent's events, the first invoice paid, the Subscription's expiry) or the job (`expireAbandonedPlanStarts`),
 * whichever comes first, once:
 *   confirmed → the subscription is written with the same id (new-subscription.ts): a paid first month read back
 *               from its Stripe Subscription (granted with its receipt), or a trial subscribed now, its card set up;
 *   refused   → 'failed': the first invoice voided and the Stripe Subscription cancelled (or the SetupIntent
 *               cancelled); nothing started, nothing charged;
 *   waiting   → unchanged, until `pendingPurchaseHours` after it was made, when the job gives it up as abandoned
 *               ('expired'), as Stripe itself lets an incomplete subscription expire after 23 hours.
 * Each settling locks the row in one transaction, so they settle a start once.
 */
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { planMessages as m } from '../../../../shared/plans.js';
import type { SubscriptionView } from '../../../../shared/schemas/plans.js';
import { isUuid } from '../../../../shared/ids.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { clock } from '../../../clock.js';
import type { Db, Tx } from '../../../db/client.js';
import { assertConfirmed, lockConfirmation, settleAbandoned, type ConfirmationStatus, type ConfirmationRow } from '../../payments/card-confirmation-service.js';
import { cardConfirmations, plans, subscriptions, user as userTable } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import type { FailureReport } from '../../../infra/failure-report.js';
import type { PaymentProvider } from '../../../infra/payments/provider.js';
import { resumeStart, undoStart } from '../billing-service.js';
import { writeSubscription, type PlanTerms } from '../new-subscription.js';
import { oneOfClient, subscriptionViews } from '../subscription-views.js';

type Deps = { db: Db; provider: PaymentProvider; baseUrl: string; report?: FailureReport };
type Status = ConfirmationStatus;
type Row = ConfirmationRow;

const ofPlans = isNotNull(cardConfirmations.planId);

/** Whether the client of `c` may still start its plan: no live plan with the expert, and no trial had when `c` is one. */
async function stillStartable(tx: Tx, c: Row, terms: PlanTerms): Promise<boolean> {
  const mine = and(eq(subscriptions.clientId, c.clientId), eq(subscriptions.expertId, terms.expertId));
  const [taken] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(mine, terms.trialDays > 0 ? or(isNull(subscriptions.endedAt), isNotNull(subscriptions.trialEndsAt)) : isNull(subscriptions.endedAt)))
    .limit(1);
  return !taken;
}

/** The start `c` (locked) confirmed by the bank: written, or given back when the client can no longer start it. */
async function start(tx: Tx, deps: Omit<Deps, 'db'>, c: Row, now: Date): Promise<Status> {
  const terms = c.terms as PlanTerms;
  const key = `plan-start:${c.id}`;
  const [plan] = await tx.select().from(plans).where(eq(plans.id, terms.planId));
  const [client] = await tx.select({ email: userTable.email }).from(userTable).where(eq(userTable.id, c.clientId));
  const started = await resumeStart(tx, deps.provider.billing!, {
    client: { id: c.clientId, email: client!.email, name: terms.clientName },
    plan: { ...plan!, priceCents: terms.priceCents },
    expert: { name: terms.expertName, currency: terms.currency },
    trialDays: terms.trialDays,
    subscriptionId: c.id,
    savedRef: c.savedCardRef!,
    subscriptionRef: c.providerSubscriptionRef,
    idempotencyKey: `plan:${c.clientId}:${c.idempotencyKey}`,
    now,
  });
  if (!started.ok) return 'failed';
  if (!(await stillStartable(tx, c, terms))) {
    // Subscribed to this expert another way meanwhile: this start is given back whole.
    await undoStart(tx, deps, started, { amountCents: terms.priceCents, key, why: 'plan start confirmed after another plan started' }, now);
    return 'failed';
  }
  const request = { idempotencyKey: c.idempotencyKey, requestHash: c.requestHash };
  await writeSubscription(tx, deps.baseUrl, { id: c.id, clientId: c.clientId, terms, provider: c.provider, started, request }, now);
  return 'paid';
}

/**
 * Settles the plan start `id` in `tx` at `now` by asking Stripe (see the file comment); with `expire` (the job) one
 * still waiting is given up as abandoned, and a row another transaction holds is skipped (null).
 */
async function settleIn(tx: Tx, deps: Omit<Deps, 'db'>, id: string, now: Date, expire = false): Promise<Status | null> {
  const c = await lockConfirmation(tx, id, 'plan', expire);
  if (!c) return null;
  if (c.status !== 'pending') return c.status;
  const billing = deps.provider.billing!;
  const wait = { providerRef: c.providerRef, subscriptionRef: c.providerSubscriptionRef };
  const state = c.providerSubscriptionRef ? await deps.provider.check(c.providerRef) : await billing.setupState(c.providerRef);
  if (state.state === 'pending' && !expire) return 'pending';
  let status: Status;
  if (state.state === 'held') status = await start(tx, deps, c, now);
  else if (
    await billing.abandonStart(
      wait,
      `plan-start:${c.id}:${state.state === 'pending' ? 'expire' : 'refused'}`,
      state.state === 'pending' ? 'abandoned' : undefined,
    )
  )
    status = state.state === 'pending' ? 'expired' : 'failed';
  // The bank confirmed at the last moment, so nothing was given up: the plan starts after all.
  else status = await start(tx, deps, c, now);
  await tx.update(cardConfirmations).set({ status, settledAt: now }).where(eq(cardConfirmations.id, c.id));
  return status;
}

/**
 * Settles client `clientId`'s plan start `id` and answers the subscription once the bank confirmed. Errors: 409 'Your
 * bank is still confirming this payment…' while it waits; 402 'Payment failed…' when refused (or given back),
 * planMessages.startExpired once abandoned; 404 none of the client's.
 */
export async function settlePendingStart(deps: Deps, id: string, clientId: string, now: Date): Promise<SubscriptionView> {
  const status = await deps.db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ id: cardConfirmations.id })
      .from(cardConfirmations)
      .where(and(eq(cardConfirmations.id, id), eq(cardConfirmations.clientId, clientId), ofPlans));
    return mine ? settleIn(tx, deps, id, now) : null;
  });
  assertConfirmed(status, { notFound: m.subscriptionNotFound, expired: m.startExpired });
  const [view] = await subscriptionViews(deps.db, oneOfClient(id, clientId), now, 1);
  return view!;
}

/**
 * POST /api/subscriptions/{id}/payment, after the bank's step in the browser: the subscription `id` of `client`, once
 * Stripe says the bank confirmed (started here if it was not yet). Errors as settlePendingStart.
 */
export async function completePlanStart(deps: Deps, client: CurrentUser, id: string, now = clock.now()): Promise<SubscriptionView> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', m.subscriptionNotFound);
  const [started] = await subscriptionViews(deps.db, oneOfClient(id, client.id), now, 1);
  return started ?? settlePendingStart(deps, id, client.id, now);
}

/**
 * Stripe's webhook reports news of `ref` (payments/stripe-webhook-service.ts, billing-event-service.ts): the plan start
 * awaiting it — by its PaymentIntent or SetupIntent, or its Stripe Subscription — is settled inside the webhook's
 * transaction. Answers whether one changed.
 */
export async function settlePlanStartByRef(tx: Tx, deps: Omit<Deps, 'db'>, ref: string, now = clock.now()): Promise<boolean> {
  const [c] = await tx
    .select({ id: cardConfirmations.id })
    .from(cardConfirmations)
    .where(
      and(
        eq(cardConfirmations.provider, 'stripe'),
        or(eq(cardConfirmations.providerRef, ref), eq(cardConfirmations.providerSubscriptionRef, ref)),
        eq(cardConfirmations.status, 'pending'),
        ofPlans,
      ),
    );
  return c ? ((await settleIn(tx, deps, c.id, now)) ?? 'pending') !== 'pending' : false;
}

/**
 * Part of the plan renewals job (docs/architecture.md "Jobs"): each plan start still pending `pendingPurchaseHours`
 * after it was made is settled once more — started if the bank confirmed after all — else given up as abandoned,
 * starting nothing. Several servers run it at once (rows claimed with SKIP LOCKED and re-checked); Stripe unreachable
 * leaves it for the next run. Answers how many expired.
 */
export async function expireAbandonedPlanStarts(deps: Deps, now = clock.now(), batch = 20): Promise<number> {
  return settleAbandoned(deps.db, 'plan', now, batch, (tx, id) => settleIn(tx, deps, id, now, true));
}
