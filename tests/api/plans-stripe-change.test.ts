/**
 * Changing plan with Stripe Billing (docs/product.md "Plans and packages", "Changing plan";
 * docs/decisions/039-stripe-billing-for-plans.md): the same rule and ledger as the simulated provider — the credit for
 * the old price's unused time (at most the month's unbooked shares) refunded to the card through the Refunds API, the
 * new price's rest of the month charged as an invoice of the Stripe Subscription, which then renews at the new plan's
 * Price with no proration. The change invoice's own events grant nothing; the next renewal grants the new plan's
 * sessions; replays change nothing; a refused card changes nothing here or at Stripe. The real SDK talks to the local
 * fake of the API, events are signed with the SDK's generateTestHeaderString, the clock is moved per request with
 * X-Test-Now. After each step the ledger is summed against the payments, here and at Stripe. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prorateChange } from '../../src/shared/plans.js';
import { packageEvents, paymentRetries, planPeriods, prepaidSessions, subscriptions } from '../../src/server/db/schema.js';
import { paymentProvider } from '../../src/server/infra/payments/select.js';
import { retryDueGiveBacks } from '../../src/server/modules/payments/payment-retry-service.js';
import type { TestContext } from '../helpers/app.js';
import { createUser } from '../helpers/auth.js';
import { clockedRequests } from '../helpers/clocked-requests.js';
import { createStripeTestApp, deliverStripeEvent, deliverStripeEvents } from '../helpers/stripe-app.js';
import type { FakeEvent, FakeStripe } from '../helpers/fake-stripe.js';
import { createExpert, slotIn } from '../helpers/marketplace.js';
import { offerPlan } from '../helpers/plans.js';
import { expectPrepaidLedgerBalanced } from '../helpers/prepaid-ledger.js';

const secretKey = 'sk_test_mentora_plan_change';
const webhookSecret = 'whsec_mentora_plan_change';
const dayMs = 86_400_000;

describe('changing plan with Stripe Billing', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  const { send, get } = clockedRequests(() => ctx, '127.13.0');
  const row = async (id: string) => (await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const periods = async (id: string) =>
    (await ctx.database.db.select().from(planPeriods).where(eq(planPeriods.subscriptionId, id))).sort((a, b) => a.number - b.number);
  const sessionsOf = async (periodId: string) => ctx.database.db.select().from(prepaidSessions).where(eq(prepaidSessions.periodId, periodId));
  /** Delivers `events` in order; answers each outcome. */
  const deliverAll = (events: FakeEvent[]) => deliverStripeEvents(ctx, events, webhookSecret);
  /** Each month of `id` against Stripe: its PaymentIntent charged its amount, and what Stripe refunded of it is the ledger's refunds. */
  const expectStripeMatchesLedger = async (id: string) => {
    for (const p of await periods(id)) {
      if (p.kind === 'trial') continue;
      expect(fake.intents.get(p.providerRef!)).toMatchObject({ status: 'succeeded', amount_received: p.amountCents });
      const events = await ctx.database.db.select().from(packageEvents).where(eq(packageEvents.periodId, p.id));
      const refunded = events.filter((e) => e.type === 'refund').reduce((s, e) => s + e.amountCents, 0);
      expect(fake.refunds.filter((r) => r.payment_intent === p.providerRef).reduce((s, r) => s + r.amount, 0)).toBe(refunded);
    }
    await expectPrepaidLedgerBalanced(ctx.database.db);
  };

  /** An expert with plans Starter ($180, 2 sessions; `trialDays`) and Intensive ($300, 4 sessions); a client subscribed to `to` with `card`. */
  async function setUp(name: string, o: { trialDays?: number; to?: 'starter' | 'intensive'; card?: string } = {}) {
    const expert = await createExpert(ctx, { email: `${name}-expert@example.com`, rateCents: 12000 });
    const offer = (changes: object) => offerPlan(ctx, expert.cookie, changes);
    const starter = await offer({ name: 'Starter', priceCents: 18000, sessionCount: 2, trialDays: o.trialDays ?? 0 });
    const intensive = await offer({ name: 'Intensive', priceCents: 30000, sessionCount: 4 });
    const client = await createUser(ctx, { email: `${name}-client@example.com`, firstName: 'Sam', lastName: 'Subscriber' });
    const planId = o.to === 'intensive' ? intensive : starter;
    const res = await send(`/api/plans/${planId}/subscriptions`, { paymentMethodId: o.card ?? 'pm_card_visa' }, client.cookie, undefined, randomUUID());
    expect(res.statusCode, res.body).toBe(201);
    const sub = res.json().subscription;
    const ref = (await row(sub.id)).providerSubscriptionRef!;
    const month = { startsAt: new Date(sub.currentPeriodStart), endsAt: new Date(sub.currentPeriodEnd) };
    return { client, starter, intensive, sub, ref, month, stripeSub: () => fake.subscriptions.get(ref)! };
  }
  /** The one-off invoices Mentora made on Stripe Subscription `ref`. */
  const changeInvoices = (ref: string) =>
    [...fake.invoices.values()].filter((i) => i.billing_reason === 'manual' && i.parent?.subscription_details.subscription === ref);

  beforeAll(async () => {
    ({ fake, ctx } = await createStripeTestApp(secretKey, webhookSecret, { TEST_HOOKS: '1' }));
  });
  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });

  it('upgrades mid-month: the difference charged as an invoice of the subscription, the capped credit refunded; its events grant nothing, the renewal grants the new plan', async () => {
    const { client, intensive, sub, ref, month, stripeSub } = await setUp('stripe-upgrade');
    const booked = await send(`/api/subscriptions/${sub.id}/sessions`, { startsAt: slotIn(50), topic: 'Career plan' }, client.cookie, undefined, randomUUID());
    expect(booked.statusCode, booked.body).toBe(201);
    const at = new Date(month.startsAt.getTime() + 10 * dayMs);
    const lines = prorateChange(month, 18000, 30000, at);
    // One of the two sessions is booked: the credit is at most the other's $90, whatever Stripe would credit.
    const expected = { creditCents: Math.min(lines.creditCents, 9000), chargeCents: lines.chargeCents };
    expect(expected.creditCents).toBe(9000);
    const quoted = await get(`/api/subscriptions/${sub.id}/change?planId=${intensive}`, client.cookie, at);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toEqual(expected);
    expect(changeInvoices(ref)).toEqual([]);

    const changed = await send(`/api/subscriptions/${sub.id}/change`, { planId: intensive }, client.cookie, at);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().proration).toEqual(expected);
    expect(changed.json().subscription).toMatchObject({ name: 'Intensive', priceCents: 30000, sessionsLeft: 4, currentPeriodEnd: sub.currentPeriodEnd });

    // At Stripe: the subscription renews at Intensive's Price with its dates kept and no proration asked for.
    expect(stripeSub().items.data[0]!.price).toMatchObject({ unit_amount: 30000, currency: 'usd' });
    expect(stripeSub().items.data[0]!.current_period_end * 1000).toBe(month.endsAt.getTime() - (month.endsAt.getTime() % 1000));
    expect(fake.calls('POST', `/v1/subscriptions/${ref}`).map((r) => r.params.proration_behavior)).toEqual(['none']);
    // The rest of the month at the new price is one paid invoice of the subscription, for the change's dates.
    const [invoice, ...more] = changeInvoices(ref);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: expected.chargeCents, customer: stripeSub().customer });
    expect(invoice!.lines.data[0]).toMatchObject({ amount: expected.chargeCents, period: { start: Math.floor(at.getTime() / 1000) } });
    const [first, second] = await periods(sub.id);
    expect(first).toMatchObject({ number: 1, endsAt: at });
    expect(first!.settledAt).not.toBeNull();
    expect(second).toMatchObject({
      number: 2,
      kind: 'paid',
      amountCents: expected.chargeCents,
      providerInvoiceRef: invoice!.id,
      providerRef: invoice!.payment_intents[0],
      startsAt: at,
      endsAt: month.endsAt,
    });
    expect(await sessionsOf(second!.id)).toHaveLength(4);
    // The credit went back to the card from the first month's charge; the rest of its unbooked share to the expert.
    expect(fake.refunds.filter((r) => r.payment_intent === first!.providerRef)).toMatchObject([{ amount: 9000 }]);
    await expectStripeMatchesLedger(sub.id);

    // Stripe's invoice.paid for the change's invoice grants no month, told once, again, or under another event id.
    const paid = fake.invoiceEvent(invoice!.id);
    expect(await deliverAll([paid])).toEqual(['invoice.paid:ignored']);
    expect((await deliverStripeEvent(ctx, paid, webhookSecret)).json().outcome).toBe('duplicate');
    expect(await deliverAll([fake.invoiceEvent(invoice!.id)])).toEqual(['invoice.paid:ignored']);
    expect(await periods(sub.id)).toHaveLength(2);

    // The renewal charges Intensive's price and grants its four sessions, once.
    const renewal = fake.cycle(ref);
    expect(await deliverAll(renewal)).toEqual(['invoice.paid:applied']);
    expect(await deliverAll([{ ...renewal[0]!, id: `evt_${randomUUID().replace(/-/g, '')}` }])).toEqual(['invoice.paid:ignored']);
    const third = (await periods(sub.id))[2]!;
    expect(third).toMatchObject({ number: 3, kind: 'paid', amountCents: 30000, startsAt: month.endsAt });
    expect(await sessionsOf(third.id)).toHaveLength(4);
    expect(await periods(sub.id)).toHaveLength(3);
    expect(await row(sub.id)).toMatchObject({ status: 'active', name: 'Intensive', priceCents: 30000 });
    expect(fake.problems).toEqual([]);
    await expectStripeMatchesLedger(sub.id);
  });

  it('downgrades: the credit refunded to the card, not left on the customer’s balance; the smaller rest of the month charged; renews at the lower price', async () => {
    const { client, starter, sub, ref, month, stripeSub } = await setUp('stripe-downgrade', { to: 'intensive' });
    const at = new Date(month.startsAt.getTime() + 15 * dayMs);
    const lines = prorateChange(month, 30000, 18000, at);
    const down = await send(`/api/subscriptions/${sub.id}/change`, { planId: starter }, client.cookie, at);
    expect(down.statusCode, down.body).toBe(200);
    // Nothing of the month was booked: the whole credit for Intensive's unused time goes back to the card.
    expect(down.json().proration).toEqual({ creditCents: lines.creditCents, chargeCents: lines.chargeCents });
    expect(lines.creditCents).toBeGreaterThan(lines.chargeCents);
    const [first] = await periods(sub.id);
    expect(fake.refunds.filter((r) => r.payment_intent === first!.providerRef)).toMatchObject([{ amount: lines.creditCents }]);
    expect(changeInvoices(ref)).toMatchObject([{ status: 'paid', amount_paid: lines.chargeCents }]);
    expect(stripeSub().items.data[0]!.price.unit_amount).toBe(18000);
    expect(fake.calls('POST', `/v1/subscriptions/${ref}`).map((r) => r.params.proration_behavior)).toEqual(['none']);
    await expectStripeMatchesLedger(sub.id);

    expect(await deliverAll(fake.cycle(ref))).toEqual(['invoice.paid:applied']);
    const renewed = (await periods(sub.id))[2]!;
    expect(renewed).toMatchObject({ number: 3, amountCents: 18000 });
    expect(await sessionsOf(renewed.id)).toHaveLength(2);
    expect(fake.problems).toEqual([]);
    await expectStripeMatchesLedger(sub.id);
  });

  it('a refused card on an upgrade changes nothing, here or at Stripe; its failed invoice’s event leaves the plan paid up; a failure after the charge undoes it', async () => {
    const { client, intensive, sub, ref, month, stripeSub } = await setUp('stripe-refused', { card: 'pm_card_mastercard' });
    const at = new Date(month.startsAt.getTime() + 3 * dayMs);
    // The card stopped working after the plan started.
    fake.declining.add('pm_card_mastercard');
    try {
      const refused = await send(`/api/subscriptions/${sub.id}/change`, { planId: intensive }, client.cookie, at);
      expect(refused.statusCode, refused.body).toBe(402);
      expect(refused.json().error.message).toMatch(/^Your card was declined/);
    } finally {
      fake.declining.delete('pm_card_mastercard');
    }
    expect(await row(sub.id)).toMatchObject({ name: 'Starter', priceCents: 18000, status: 'active' });
    const [only, ...none] = await periods(sub.id);
    expect(none).toEqual([]);
    expect(only).toMatchObject({ endsAt: month.endsAt, settledAt: null });
    expect(await sessionsOf(only!.id)).toHaveLength(2);
    // At Stripe: the price kept, the invoice voided with nothing charged, nothing refunded.
    expect(stripeSub().items.data[0]!.price.unit_amount).toBe(18000);
    const [invoice] = changeInvoices(ref);
    expect(invoice).toMatchObject({ status: 'void', amount_paid: 0 });
    expect(invoice!.payment_intents.map((id) => fake.intents.get(id)!.status)).toEqual(['canceled']);
    expect(fake.refunds.filter((r) => r.payment_intent === only!.providerRef)).toEqual([]);
    expect(await deliverAll([fake.invoiceEvent(invoice!.id)])).toEqual(['invoice.payment_failed:ignored']);
    expect(await row(sub.id)).toMatchObject({ status: 'active', failedAttempts: 0 });

    // Stripe cannot be reached for the credit's refund after the charge: the charge is given back, the subscription
    // moved back to Starter's Price, and nothing changes here.
    fake.failNext('POST', /^\/v1\/refunds$/);
    const failed = await send(`/api/subscriptions/${sub.id}/change`, { planId: intensive }, client.cookie, at);
    expect(failed.statusCode, failed.body).toBeGreaterThanOrEqual(500);
    const [, charged] = changeInvoices(ref);
    expect(charged).toMatchObject({ status: 'paid' });
    expect(fake.refunds.filter((r) => r.payment_intent === charged!.payment_intents[0])).toMatchObject([{ amount: charged!.amount_paid }]);
    expect(stripeSub().items.data[0]!.price.unit_amount).toBe(18000);
    expect(await row(sub.id)).toMatchObject({ name: 'Starter', priceCents: 18000 });
    expect(await periods(sub.id)).toHaveLength(1);
    await expectStripeMatchesLedger(sub.id);

    // With the card working again the same change goes through.
    const changed = await send(`/api/subscriptions/${sub.id}/change`, { planId: intensive }, client.cookie, at);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(stripeSub().items.data[0]!.price.unit_amount).toBe(30000);
    expect(fake.problems).toEqual([]);
    await expectStripeMatchesLedger(sub.id);
  });

  it('Stripe unreachable mid-payment of a change: its invoice is deleted, voided or refunded, now or by the payment retries job; never left open, never charged twice', async () => {
    const { client, intensive, sub, ref, month, stripeSub } = await setUp('stripe-interrupted');
    const at = new Date(month.startsAt.getTime() + 3 * dayMs);
    const retriesOf = async (invoiceId: string) => ctx.database.db.select().from(paymentRetries).where(eq(paymentRetries.providerRef, invoiceId));
    const runJob = (minutes: number) =>
      retryDueGiveBacks({ db: ctx.database.db, provider: paymentProvider(ctx.config) }, new Date(at.getTime() + minutes * 60_000)).catch((err: Error) => err);
    const unchanged = async () => {
      expect(await row(sub.id)).toMatchObject({ name: 'Starter', priceCents: 18000, status: 'active' });
      expect(await periods(sub.id)).toHaveLength(1);
      expect(stripeSub().items.data[0]!.price.unit_amount).toBe(18000);
      await expectStripeMatchesLedger(sub.id);
    };

    // 1. The payment's request never reaches Stripe, nor does the give-back at once: the change answers 503 and
    //    changes nothing; the draft invoice is queued and the payment retries job deletes it.
    fake.failNext('POST', /^\/v1\/invoices\/in_\w+\/pay$/);
    fake.failNext('GET', /^\/v1\/invoices\/in_\w+$/);
    const unreachable = await send(`/api/subscriptions/${sub.id}/change`, { planId: intensive }, client.cookie, at);
    expect(unreachable.statusCode, unreachable.body).toBe(503);
    expect(unreachable.json().error.message).toMatch(/^The payment service could not be reached, so your plan was not changed/);
    const [draft] = changeInvoices(ref);
    expect(draft).toMatchObject({ status: 'draft', amount_paid: 0 });
    expect(await retriesOf(draft!.id)).toMatchObject([{ why: 'plan change interrupted mid-payment', doneAt: null }]);
    await unchanged();
    expect(await runJob(1)).toEqual({ done: 1, failing: 0 });
    expect(fake.deletedInvoices).toContain(draft!.id);
    expect(changeInvoices(ref)).toEqual([]);

    // 2. Stripe takes the payment but its answer is lost: the change answers 503 and the paid invoice is refunded in
    //    full at once, so the client is not charged for a change that did not happen.
    fake.loseAnswerOfNext('POST', /^\/v1\/invoices\/in_\w+\/pay$/);
    const lost = await send(`/api/subscriptions/${sub.id}/change`, { planId: intensive }, client.cookie, at);
    expect(lost.statusCode, lost.body).toBe(503);
    const [paid] = changeInvoices(ref);
    expect(paid).toMatchObject({ status: 'paid' });
    const paidIntent = paid!.payment_intents[0]!;
    expect(fake.refunds.filter((r) => r.payment_intent === paidIntent)).toMatchObject([{ amount: paid!.amount_paid }]);
    expect(await retriesOf(paid!.id)).toEqual([]);
    await unchanged();

    // 3. The same change once Stripe answers: charged once, on a new invoice; the job has nothing left to give back.
    const changed = await send(`/api/subscriptions/${sub.id}/change`, { planId: intensive }, client.cookie, at);
    expect(changed.statusCode, changed.body).toBe(200);
    const invoices = changeInvoices(ref);
    expect(invoices.map((i) => i.status)).toEqual(['paid', 'paid']);
    const kept = invoices.filter((i) => fake.refunds.every((r) => r.payment_intent !== i.payment_intents[0]));
    expect(kept).toHaveLength(1);
    expect((await periods(sub.id)).at(-1)).toMatchObject({ providerInvoiceRef: kept[0]!.id, amountCents: kept[0]!.amount_paid });
    expect(await runJob(120)).toEqual({ done: 0, failing: 0 });
    expect(fake.problems).toEqual([]);
    await expectStripeMatchesLedger(sub.id);
  });

  it('changes a free trial at Stripe with nothing charged; the first invoice after it is the new plan’s', async () => {
    const { client, intensive, sub, ref, stripeSub } = await setUp('stripe-trial', { trialDays: 14 });
    const changed = await send(`/api/subscriptions/${sub.id}/change`, { planId: intensive }, client.cookie);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().proration).toEqual({ creditCents: 0, chargeCents: 0 });
    expect(changed.json().subscription).toMatchObject({ status: 'trialing', name: 'Intensive', sessionsLeft: 4, trialEndsAt: sub.trialEndsAt });
    expect(changeInvoices(ref)).toEqual([]);
    expect(stripeSub()).toMatchObject({ status: 'trialing' });
    expect(stripeSub().items.data[0]!.price.unit_amount).toBe(30000);
    expect(await deliverAll(fake.cycle(ref))).toEqual(['invoice.paid:applied']);
    const paid = (await periods(sub.id)).at(-1)!;
    expect(paid).toMatchObject({ kind: 'paid', amountCents: 30000 });
    expect(await sessionsOf(paid.id)).toHaveLength(4);
    expect(fake.problems).toEqual([]);
    await expectStripeMatchesLedger(sub.id);
  });
});
