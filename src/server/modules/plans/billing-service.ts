/**
 * Starting a plan's payments at the processor (docs/product.md "Plans and packages"): with the simulated provider the
 * card is saved and the first month charged here, and Mentora's renewal job charges the next ones; with Stripe
 * Billing (docs/decisions/039-stripe-billing-for-plans.md) the client's Customer, the plan's Product and its Price
 * are found or made (each Stripe id kept once, migration 0048) and a Stripe Subscription charges the first month and
 * renews itself, reporting through webhooks. A change of plan is charged from the saved card, or as an invoice of the
 * Stripe Subscription, which then renews at the new plan's Price. Amounts in integer cents, instants UTC.
 */
import { and, eq } from 'drizzle-orm';
import type { CardInput } from '../../../shared/cards.js';
import { periodEnd, periodSettlesAt, trialEnd } from '../../../shared/plans.js';
import type { Db, Tx } from '../../db/client.js';
import { plans, stripeCustomers, stripePlanPrices } from '../../db/schema.js';
import type { BillingAwaitingBank, BillingStart, PlanBilling, PaymentProvider } from '../../infra/payments/provider.js';
import type { FailureReport } from '../../infra/failure-report.js';
import { giveBackOrQueue } from '../payments/payment-retry-service.js';
import type { SubscriptionRow } from './period-service.js';

/** A plan's payments started: the card kept, the first month's charge (null in a trial) and when the first period ends. */
export type PaymentsStarted = {
  ok: true;
  savedRef: string;
  cardBrand: string;
  cardLast4: string;
  providerRef: string | null;
  providerSubscriptionRef: string | null;
  invoiceRef: string | null;
  periodEnd: Date;
};
export type PaymentsRefused = { ok: false; reason: string; message: string };

/** Whether a start `s` waits for the bank's 3-D Secure step. */
export const awaitsBank = (s: PaymentsStarted | PaymentsRefused | BillingAwaitingBank): s is BillingAwaitingBank => !s.ok && 'clientSecret' in s;

type Start = {
  client: { id: string; email: string; name: string };
  plan: { id: string; priceCents: number; stripeProductId: string | null };
  expert: { name: string; currency: string };
  card?: CardInput;
  paymentMethodId?: string;
  trialDays: number;
  subscriptionId: string;
  idempotencyKey: string;
  now: Date;
};

/** The Stripe Customer of `client`, made once. */
async function customerOf(db: Db, billing: PlanBilling, client: Start['client']): Promise<string> {
  const [known] = await db.select({ id: stripeCustomers.customerId }).from(stripeCustomers).where(eq(stripeCustomers.userId, client.id));
  if (known) return known.id;
  const id = await billing.createCustomer(client);
  // Two first subscriptions at once make the same Customer (same idempotency key); the first row written stays.
  await db.insert(stripeCustomers).values({ userId: client.id, customerId: id }).onConflictDoNothing();
  return id;
}

/** The Stripe Price of `plan` at its current price in `currency`, with the plan's Product, made once each. */
async function priceOf(db: Db | Tx, billing: PlanBilling, plan: Start['plan'], expert: Start['expert']): Promise<string> {
  const mine = and(eq(stripePlanPrices.planId, plan.id), eq(stripePlanPrices.priceCents, plan.priceCents), eq(stripePlanPrices.currency, expert.currency));
  const [known] = await db.select({ id: stripePlanPrices.priceId }).from(stripePlanPrices).where(mine);
  if (known) return known.id;
  let productId = plan.stripeProductId;
  if (!productId) {
    productId = await billing.createProduct({ id: plan.id, expertName: expert.name });
    await db.update(plans).set({ stripeProductId: productId }).where(eq(plans.id, plan.id));
  }
  const id = await billing.createPrice({ productId, planId: plan.id, cents: plan.priceCents, currency: expert.currency });
  await db.insert(stripePlanPrices).values({ planId: plan.id, priceCents: plan.priceCents, currency: expert.currency, priceId: id }).onConflictDoNothing();
  return id;
}

/** A processor's start as Mentora keeps it. */
const startedOf = (started: BillingStart): PaymentsStarted => ({
  ok: true,
  savedRef: started.savedRef,
  cardBrand: started.cardBrand,
  cardLast4: started.cardLast4,
  providerRef: started.firstPaymentRef,
  providerSubscriptionRef: started.subscriptionRef,
  invoiceRef: started.invoiceRef,
  periodEnd: started.periodEnd,
});

/**
 * Keeps the client's card and charges the first month now (nothing in a free trial of `trialDays`), under processor
 * keys made from `idempotencyKey`. A refused card answers ok:false and nothing is charged; with Stripe Billing a bank
 * asking for 3-D Secure answers BillingAwaitingBank (nothing started until it confirms: resumeStart). Errors: the
 * processor unreachable (thrown, nothing written here but the Stripe ids).
 */
export async function startPayments(db: Db, provider: PaymentProvider, s: Start): Promise<PaymentsStarted | PaymentsRefused | BillingAwaitingBank> {
  const trialEndsAt = s.trialDays > 0 ? trialEnd(s.now, s.trialDays) : null;
  if (provider.billing) {
    const customerId = await customerOf(db, provider.billing, s.client);
    const priceId = await priceOf(db, provider.billing, s.plan, s.expert);
    const started = await provider.billing.subscribe({
      customerId,
      priceId,
      paymentMethodId: s.paymentMethodId,
      trialEnd: trialEndsAt,
      subscriptionId: s.subscriptionId,
      idempotencyKey: s.idempotencyKey,
    });
    return started.ok ? startedOf(started) : started;
  }
  if (!provider.saveCard || !provider.chargeSaved) throw new Error(`the ${provider.name} provider can neither bill nor save cards`);
  const saved = await provider.saveCard({ card: s.card, paymentMethodId: s.paymentMethodId, idempotencyKey: `${s.idempotencyKey}:card` });
  if (!saved.ok) return saved;
  const end = trialEndsAt ?? periodEnd(s.now);
  let providerRef: string | null = null;
  if (!trialEndsAt) {
    const charge = await provider.chargeSaved({
      savedRef: saved.savedRef,
      amountCents: s.plan.priceCents,
      currency: s.expert.currency,
      releaseBy: periodSettlesAt(end),
      idempotencyKey: `${s.idempotencyKey}:1`,
      description: `Mentora plan with ${s.expert.name}`,
    });
    if (!charge.ok) return charge;
    providerRef = charge.providerRef;
  }
  return { ...saved, providerRef, providerSubscriptionRef: null, invoiceRef: null, periodEnd: end };
}

/**
 * A start the bank confirmed (3-D Secure) as it goes on at the processor: a trial's card set up is subscribed now, free
 * until its trial of `trialDays` from `now` ends; a first month paid is read back from its Stripe Subscription. Errors:
 * the processor unreachable (thrown).
 */
export async function resumeStart(
  db: Db | Tx,
  billing: PlanBilling,
  s: Omit<Start, 'card' | 'idempotencyKey'> & { savedRef: string; subscriptionRef: string | null; idempotencyKey: string },
): Promise<PaymentsStarted | PaymentsRefused> {
  if (s.subscriptionRef) return startedOf(await billing.started(s.subscriptionRef));
  const [customer] = await db.select({ id: stripeCustomers.customerId }).from(stripeCustomers).where(eq(stripeCustomers.userId, s.client.id));
  const started = await billing.subscribe({
    customerId: customer!.id,
    priceId: await priceOf(db, billing, s.plan, s.expert),
    paymentMethodId: s.savedRef,
    trialEnd: trialEnd(s.now, s.trialDays),
    subscriptionId: s.subscriptionId,
    idempotencyKey: s.idempotencyKey,
    cardAuthenticated: true,
  });
  // A card set up and confirmed by its bank is not asked again; anything but a start is a refusal.
  if (started.ok) return startedOf(started);
  return awaitsBank(started) ? { ok: false, reason: 'declined', message: started.message } : started;
}

/**
 * Undoes a start the database refused (docs/decisions/039-stripe-billing-for-plans.md): a Stripe Subscription would
 * renew a plan that does not exist, so it ends now, before the first charge (`amountCents`) is given back, now or by
 * the payment retries job. Processor keys are made from `key`.
 */
export async function undoStart(
  db: Db | Tx,
  deps: { provider: PaymentProvider; report?: FailureReport },
  started: PaymentsStarted,
  w: { amountCents: number; key: string; why: string },
  now: Date,
): Promise<void> {
  await stopRenewals(db, deps, { providerSubscriptionRef: started.providerSubscriptionRef }, 'now', `${w.key}:refused`, now);
  if (started.providerRef)
    await giveBackOrQueue(db, deps, { providerRef: started.providerRef, amountCents: w.amountCents, idempotencyKey: `${w.key}:refund`, why: w.why }, now);
}

/**
 * Stops the processor renewing `sub`: with Stripe Billing its Subscription ends now or with its current period
 * (idempotency key `key`); the simulated provider has nothing to stop (Mentora's job renews only live plans). Ending
 * now also voids the renewal invoice Stripe was still trying to collect (failing, or awaiting the bank's 3-D Secure
 * step), which cancelling leaves open: at once, or — Stripe unreachable — by the payment retries job under the same
 * key (docs/decisions/039-stripe-billing-for-plans.md). Errors: Stripe unreachable while cancelling (thrown).
 */
export async function stopRenewals(
  db: Db | Tx,
  deps: { provider: PaymentProvider; report?: FailureReport },
  sub: { providerSubscriptionRef: string | null },
  when: 'now' | 'period_end',
  key: string,
  now: Date,
): Promise<void> {
  const { billing } = deps.provider;
  if (!sub.providerSubscriptionRef || !billing) return;
  if (when === 'period_end') return billing.cancelAtPeriodEnd(sub.providerSubscriptionRef, key);
  const open = await billing.cancelNow(sub.providerSubscriptionRef, key);
  if (open)
    await giveBackOrQueue(
      db,
      deps,
      {
        providerRef: open.invoiceRef,
        amountCents: open.amountCents,
        idempotencyKey: `plan-invoice-void:${open.invoiceRef}`,
        why: 'the renewal invoice of a plan that ended, to be voided',
      },
      now,
    );
}

/**
 * Charges `amountCents` for the rest of the month `startsAt`–`endsAt` at the new price of a change of `sub`'s plan
 * (docs/product.md "Changing plan"), held until `releaseBy` as a month's charge: from the saved card with the
 * simulated provider; with Stripe Billing as an invoice of its Subscription paid by the saved card (its PaymentIntent
 * the `providerRef`, the Invoice the `invoiceRef`). A refused card answers ok:false and charges nothing. Errors: the
 * processor unreachable (thrown).
 */
export async function chargeChange(
  tx: Tx,
  provider: PaymentProvider,
  sub: SubscriptionRow,
  c: { amountCents: number; startsAt: Date; endsAt: Date; releaseBy: Date; idempotencyKey: string },
): Promise<{ ok: true; providerRef: string; invoiceRef: string | null } | PaymentsRefused> {
  const description = `Mentora plan with ${sub.expertName}`;
  if (provider.billing && sub.providerSubscriptionRef) {
    const [customer] = await tx.select({ id: stripeCustomers.customerId }).from(stripeCustomers).where(eq(stripeCustomers.userId, sub.clientId));
    return provider.billing.invoiceNow({
      ref: sub.providerSubscriptionRef,
      customerId: customer!.id,
      paymentMethodId: sub.savedCardRef,
      amountCents: c.amountCents,
      currency: sub.currency,
      description,
      periodStart: c.startsAt,
      periodEnd: c.endsAt,
      idempotencyKey: c.idempotencyKey,
    });
  }
  const charge = await provider.chargeSaved!({
    savedRef: sub.savedCardRef,
    amountCents: c.amountCents,
    currency: sub.currency,
    releaseBy: c.releaseBy,
    idempotencyKey: c.idempotencyKey,
    description,
  });
  return charge.ok ? { ok: true, providerRef: charge.providerRef, invoiceRef: null } : charge;
}

/**
 * Makes the processor renew `sub` at `plan`'s price from the next renewal: with Stripe Billing its Subscription moves
 * to the plan's Price (made once) with no proration, keeping its billing dates. Answers the Price it renewed at
 * before — to move it back should the change be refused — or null when Mentora's job renews the plan.
 */
export async function moveRenewals(
  tx: Tx,
  provider: PaymentProvider,
  sub: SubscriptionRow,
  plan: Start['plan'],
  idempotencyKey: string,
): Promise<string | null> {
  if (!provider.billing || !sub.providerSubscriptionRef) return null;
  const priceId = await priceOf(tx, provider.billing, plan, { name: sub.expertName, currency: sub.currency });
  return provider.billing.changePrice(sub.providerSubscriptionRef, priceId, idempotencyKey);
}
