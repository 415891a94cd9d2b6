/**
 * Monthly plans with Stripe Billing (docs/product.md "Plans and packages"; docs/decisions/039-stripe-billing-for-plans.md):
 * the real SDK talks to the local fake of the API (tests/helpers/fake-stripe.ts), which moves a subscription on only
 * when told to and answers the events Stripe would send; they are signed with the SDK's generateTestHeaderString and
 * delivered to the one webhook endpoint. Subscribing makes a Customer, the plan's Product and Price and a Subscription;
 * invoice.paid grants the month; invoice.payment_failed follows Stripe's smart retries, then the plan lapses; cancelling
 * tells Stripe; a replayed event changes nothing; a bad signature is refused (changing plan: plans-stripe-change.test.ts). After each step the ledger is summed
 * against the payments. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, packageEvents, payments, planPeriods, stripeCustomers, stripePlanPrices, subscriptions } from '../../src/server/db/schema.js';
import { paymentProvider } from '../../src/server/infra/payments/select.js';
import { renewDueSubscriptions } from '../../src/server/modules/plans/use-cases/renew-subscriptions.js';
import type { TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createStripeTestApp, deliverStripeEvent, deliverStripeEvents } from '../helpers/stripe-app.js';
import { FakeStripe, type FakeEvent } from '../helpers/fake-stripe.js';
import { createExpert, slotIn } from '../helpers/marketplace.js';
import { offerPlan } from '../helpers/plans.js';
import { expectPrepaidLedgerBalanced } from '../helpers/prepaid-ledger.js';

const secretKey = 'sk_test_mentora_billing';
const webhookSecret = 'whsec_mentora_billing';
const json = { origin, 'content-type': 'application/json' };
const dayMs = 86_400_000;

describe('monthly plans with Stripe Billing', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let n = 0;
  let people = 0;
  const send = (url: string, payload: object, cookie?: string, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: `127.11.0.${(++n % 250) + 1}`,
      headers: { ...json, ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const offer = (changes: object = {}) => offerPlan(ctx, expert.cookie, changes);
  const client = () => createUser(ctx, { email: `billing${++people}@example.com`, firstName: 'Sam', lastName: 'Subscriber' });
  const subscribe = (planId: string, cookie: string, paymentMethodId = 'pm_card_visa', key = randomUUID()) =>
    send(`/api/plans/${planId}/subscriptions`, { paymentMethodId }, cookie, key);
  const row = async (id: string) => (await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const periods = async (id: string) =>
    (await ctx.database.db.select().from(planPeriods).where(eq(planPeriods.subscriptionId, id))).sort((a, b) => a.number - b.number);
  const mails = async (to: string, text: string) =>
    (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter((m) => m.subject.includes(text)).length;
  const deliver = (event: object, secret = webhookSecret, tamper?: (payload: string) => string) => deliverStripeEvent(ctx, event, secret, tamper);
  /** Delivers `events` in order; answers each outcome. */
  const deliverAll = (events: FakeEvent[]) => deliverStripeEvents(ctx, events, webhookSecret);

  beforeAll(async () => {
    ({ fake, ctx } = await createStripeTestApp(secretKey, webhookSecret));
  });
  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });
  let experts = 0;
  beforeEach(async () => {
    fake.requests.length = 0;
    expert = await createExpert(ctx, { email: `billing-expert${++experts}@example.com`, rateCents: 10000, policy: 'flexible' });
  });

  it('subscribes through a Customer, the plan’s Product and Price and a Subscription; invoice.paid grants the next month once', async () => {
    const planId = await offer();
    const sam = await client();
    const key = randomUUID();
    const res = await subscribe(planId, sam.cookie, 'pm_card_visa', key);
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json().subscription;
    expect(view).toMatchObject({ status: 'active', priceCents: 18000, cardBrand: 'Visa', cardLast4: '4242', sessionsLeft: 2 });
    const sub = await row(view.id);
    const stripeSub = fake.subscriptions.get(sub.providerSubscriptionRef!)!;
    expect(stripeSub).toMatchObject({ status: 'active', default_payment_method: 'pm_card_visa', metadata: { subscriptionId: sub.id } });
    expect(stripeSub.items.data[0]!.price).toMatchObject({ unit_amount: 18000, currency: 'usd', recurring: { interval: 'month' } });
    const [customer] = await ctx.database.db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, sam.id));
    expect(fake.customers.get(customer!.customerId)).toMatchObject({ email: sam.email, paymentMethods: ['pm_card_visa'] });
    // The first month is the subscription's first invoice, its charge held as a simulated plan's is.
    const [first] = await periods(sub.id);
    const firstInvoice = fake.invoices.get(stripeSub.latest_invoice)!;
    expect(first).toMatchObject({
      number: 1,
      kind: 'paid',
      amountCents: 18000,
      providerInvoiceRef: firstInvoice.id,
      providerRef: firstInvoice.payment_intents[0],
    });
    expect(first!.endsAt.getTime()).toBe(stripeSub.items.data[0]!.current_period_end * 1000);
    expect(fake.intents.get(first!.providerRef!)).toMatchObject({ status: 'succeeded', amount: 18000 });
    // The same key answers the first subscription; Stripe is asked nothing more.
    const calls = fake.requests.length;
    expect((await subscribe(planId, sam.cookie, 'pm_card_visa', key)).statusCode).toBe(200);
    expect(fake.requests.length).toBe(calls);
    // The first invoice's own event changes nothing: the month was granted when subscribing.
    expect(await deliverAll([fake.invoiceEvent(firstInvoice.id)])).toEqual(['invoice.paid:ignored']);

    // A month later Stripe renews: the month is granted with its sessions and receipt, once.
    const renewal = fake.cycle(stripeSub.id);
    expect(await deliverAll(renewal)).toEqual(['invoice.paid:applied']);
    const [, second] = await periods(sub.id);
    const invoice = fake.invoices.get(stripeSub.latest_invoice)!;
    expect(second).toMatchObject({ number: 2, kind: 'paid', amountCents: 18000, providerInvoiceRef: invoice.id, providerRef: invoice.payment_intents[0] });
    expect(second!.startsAt).toEqual(first!.endsAt);
    expect(await row(sub.id)).toMatchObject({ status: 'active', currentPeriodStart: second!.startsAt, currentPeriodEnd: second!.endsAt });
    expect(await mails(sam.email, 'Receipt')).toBe(2);
    // The same event again (a replay), and the same fact under another event id: nothing more.
    expect((await deliver(renewal[0]!)).json().outcome).toBe('duplicate');
    expect(await deliverAll([fake.invoiceEvent(invoice.id)])).toEqual(['invoice.paid:ignored']);
    expect(await periods(sub.id)).toHaveLength(2);
    expect(await mails(sam.email, 'Receipt')).toBe(2);
    // Mentora's own renewal job leaves a Stripe subscription to Stripe.
    await renewDueSubscriptions({ db: ctx.database.db, provider: paymentProvider(ctx.config), baseUrl: ctx.config.baseUrl }, new Date(Date.now() + 70 * dayMs));
    expect(await periods(sub.id)).toHaveLength(2);
    // A new price is a new Stripe Price; the subscriber keeps theirs.
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/me/plans/${planId}`,
      headers: { ...json, cookie: expert.cookie },
      payload: { name: 'Monthly mentoring', priceCents: 24000, sessionCount: 2, durationMinutes: 60, chatPromise: 'Replies within 2 working days' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await subscribe(planId, (await client()).cookie)).statusCode).toBe(201);
    const prices = await ctx.database.db.select().from(stripePlanPrices).where(eq(stripePlanPrices.planId, planId));
    expect(prices.map((p) => p.priceCents).sort()).toEqual([18000, 24000]);
    expect(fake.subscriptions.get(stripeSub.id)!.items.data[0]!.price.unit_amount).toBe(18000);
    // One Product for the plan, made at its first subscription; one Customer per client.
    expect(fake.calls('POST', '/v1/products')).toHaveLength(1);
    expect(fake.calls('POST', '/v1/customers')).toHaveLength(2);
    expect(fake.problems).toEqual([]);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('starts a free trial at Stripe with nothing charged; the first paid invoice after it grants a paid month', async () => {
    const planId = await offer({ trialDays: 14 });
    const sam = await client();
    const res = await subscribe(planId, sam.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const sub = await row(res.json().subscription.id);
    const stripeSub = fake.subscriptions.get(sub.providerSubscriptionRef!)!;
    expect(stripeSub.status).toBe('trialing');
    expect(stripeSub.trial_end! * 1000).toBe(sub.trialEndsAt!.getTime() - (sub.trialEndsAt!.getTime() % 1000));
    expect(await periods(sub.id)).toMatchObject([{ kind: 'trial', amountCents: 0, providerRef: null }]);
    expect([...fake.intents.values()].filter((pi) => pi.payment_method === 'pm_card_visa' && pi.description?.startsWith('Subscription '))).toHaveLength(
      [...fake.invoices.values()].filter((i) => i.amount_paid > 0).length,
    );
    expect(await deliverAll(fake.cycle(stripeSub.id))).toEqual(['invoice.paid:applied']);
    expect(await periods(sub.id)).toMatchObject([{ kind: 'trial' }, { number: 2, kind: 'paid', amountCents: 18000 }]);
    expect(await row(sub.id)).toMatchObject({ status: 'active' });
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('refuses a declined card with 402 and leaves nothing at Stripe or here', async () => {
    const planId = await offer();
    const sam = await client();
    const declined = await subscribe(planId, sam.cookie, 'pm_card_chargeDeclinedInsufficientFunds');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toBe('Your card was declined: insufficient funds. Please use another card.');
    expect(await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.clientId, sam.id))).toEqual([]);
    expect([...fake.subscriptions.values()].filter((s) => fake.customers.get(s.customer)?.email === sam.email)).toEqual([]);
  });

  it('follows Stripe’s smart retries of a failed renewal, e-mailing both sides, then the plan lapses', async () => {
    const planId = await offer();
    const sam = await client();
    // Stripe's card 4000 0000 0000 0341 attaches but every charge fails: the first month is refused, nothing is left.
    expect((await subscribe(planId, sam.cookie, 'pm_card_chargeCustomerFail')).statusCode).toBe(402);
    expect(await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.clientId, sam.id))).toEqual([]);

    const res = await subscribe(planId, sam.cookie);
    const id = res.json().subscription.id;
    const ref = (await row(id)).providerSubscriptionRef!;
    // The client's card stops working before the renewal.
    fake.subscriptions.get(ref)!.default_payment_method = 'pm_card_chargeCustomerFail';
    const failed = fake.cycle(ref);
    expect(await deliverAll(failed)).toEqual(['invoice.payment_failed:applied']);
    const invoice = fake.invoices.get(fake.subscriptions.get(ref)!.latest_invoice)!;
    expect(await row(id)).toMatchObject({ status: 'past_due', failedAttempts: 1, nextAttemptAt: new Date(invoice.next_payment_attempt! * 1000) });
    expect(await mails(sam.email, 'Payment for your plan with')).toBe(1);
    expect(await mails(expert.email, 'failed')).toBe(1);
    // Past due: the month's sessions cannot be booked.
    const booking = await send(`/api/subscriptions/${id}/sessions`, { startsAt: slotIn(30), topic: 'Career plan' }, sam.cookie, randomUUID());
    expect(booking.statusCode).toBe(409);
    // An older report arriving late changes nothing.
    expect(await deliverAll([{ ...failed[0]!, id: `evt_${randomUUID().replace(/-/g, '')}` }])).toEqual(['invoice.payment_failed:ignored']);

    expect(await deliverAll(fake.retry(invoice.id))).toEqual(['invoice.payment_failed:applied']);
    expect(await deliverAll(fake.retry(invoice.id))).toEqual(['invoice.payment_failed:applied']);
    expect(await row(id)).toMatchObject({ status: 'past_due', failedAttempts: 3 });
    // The last retry fails: no next attempt, the plan lapses; Stripe's cancellation that follows changes nothing more.
    expect(await deliverAll(fake.retry(invoice.id))).toEqual(['invoice.payment_failed:applied', 'customer.subscription.deleted:ignored']);
    expect(await row(id)).toMatchObject({ status: 'lapsed', endReason: 'renewal payments failed', nextAttemptAt: null });
    expect(fake.subscriptions.get(ref)!.status).toBe('canceled');
    expect(await mails(expert.email, 'lapsed')).toBe(1);
    expect(await mails(sam.email, 'Payment for your plan with')).toBe(3);
    expect(await mails(sam.email, 'has ended: payment failed')).toBe(1);
    expect(await periods(id)).toHaveLength(1);
    expect(fake.problems).toEqual([]);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('a retry paid after a failure grants the month from when the renewal was due', async () => {
    const planId = await offer();
    const sam = await client();
    const id = (await subscribe(planId, sam.cookie)).json().subscription.id;
    const ref = (await row(id)).providerSubscriptionRef!;
    fake.subscriptions.get(ref)!.default_payment_method = 'pm_card_chargeCustomerFail';
    await deliverAll(fake.cycle(ref));
    fake.subscriptions.get(ref)!.default_payment_method = 'pm_card_visa';
    const invoice = fake.invoices.get(fake.subscriptions.get(ref)!.latest_invoice)!;
    expect(await deliverAll(fake.retry(invoice.id))).toEqual(['invoice.paid:applied']);
    const [first, second] = await periods(id);
    expect(second).toMatchObject({ number: 2, providerInvoiceRef: invoice.id, startsAt: first!.endsAt });
    expect(await row(id)).toMatchObject({ status: 'active', failedAttempts: 0, nextAttemptAt: null });
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('cancelling tells Stripe: to the month’s end, or now with the month refunded within 48 hours', async () => {
    const planId = await offer();
    const late = await client();
    const lateId = (await subscribe(planId, late.cookie)).json().subscription.id;
    // Booked a session: no full refund, the plan runs to the month's end and Stripe renews it no more.
    expect((await send(`/api/subscriptions/${lateId}/sessions`, { startsAt: slotIn(30), topic: 'Career plan' }, late.cookie, randomUUID())).statusCode).toBe(
      201,
    );
    const cancelled = await send(`/api/subscriptions/${lateId}/cancel`, {}, late.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const lateRef = (await row(lateId)).providerSubscriptionRef!;
    expect(fake.subscriptions.get(lateRef)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await row(lateId)).toMatchObject({ cancelAtPeriodEnd: true, endedAt: null });
    // At the month's end Stripe ends it: so does Mentora.
    expect(await deliverAll(fake.cycle(lateRef))).toEqual(['customer.subscription.deleted:applied']);
    const ended = await row(lateId);
    expect(ended).toMatchObject({ status: 'cancelled', endReason: 'cancelled by the client' });
    expect(ended.endedAt).toEqual(ended.currentPeriodEnd);

    // Should Stripe's word be late, the plan still ends with its month here; Stripe's event then changes nothing.
    const slow = await client();
    const slowId = (await subscribe(planId, slow.cookie)).json().subscription.id;
    expect((await send(`/api/subscriptions/${slowId}/sessions`, { startsAt: slotIn(54), topic: 'Career plan' }, slow.cookie, randomUUID())).statusCode).toBe(
      201,
    );
    expect((await send(`/api/subscriptions/${slowId}/cancel`, {}, slow.cookie)).statusCode).toBe(200);
    const slowRow = await row(slowId);
    const jobDeps = { db: ctx.database.db, provider: paymentProvider(ctx.config), baseUrl: ctx.config.baseUrl };
    expect(await renewDueSubscriptions(jobDeps, new Date(slowRow.currentPeriodEnd.getTime() - 1000))).toBe(0);
    expect(await renewDueSubscriptions(jobDeps, slowRow.currentPeriodEnd)).toBe(1);
    expect(await row(slowId)).toMatchObject({ status: 'cancelled', endedAt: slowRow.currentPeriodEnd });
    expect(await deliverAll(fake.cycle(slowRow.providerSubscriptionRef!))).toEqual(['customer.subscription.deleted:ignored']);

    const early = await client();
    const earlyId = (await subscribe(planId, early.cookie)).json().subscription.id;
    const [month] = await periods(earlyId);
    const refunded = await send(`/api/subscriptions/${earlyId}/cancel`, {}, early.cookie);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await row(earlyId)).toMatchObject({ status: 'cancelled' });
    expect(fake.subscriptions.get((await row(earlyId)).providerSubscriptionRef!)!.status).toBe('canceled');
    expect(fake.refunds.filter((r) => r.payment_intent === month!.providerRef)).toMatchObject([{ amount: 18000 }]);
    expect(fake.problems).toEqual([]);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('an expert ending a plan ends the Stripe subscription; one ended at Stripe ends here with the unused share refunded', async () => {
    const planId = await offer();
    const sam = await client();
    const id = (await subscribe(planId, sam.cookie)).json().subscription.id;
    const ref = (await row(id)).providerSubscriptionRef!;
    const ended = await send(`/api/me/plans/${planId}/end`, {}, expert.cookie);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(fake.subscriptions.get(ref)!.status).toBe('canceled');
    expect(await row(id)).toMatchObject({ status: 'ended' });

    const otherPlan = await offer({ name: 'Another plan' });
    const kim = await client();
    const kimId = (await subscribe(otherPlan, kim.cookie)).json().subscription.id;
    const kimRef = (await row(kimId)).providerSubscriptionRef!;
    const [month] = await periods(kimId);
    // The team cancels it in Stripe's dashboard: Stripe tells us.
    fake.cancelAtStripe(kimRef);
    expect(await deliverAll([fake.subscriptionEvent('customer.subscription.deleted', kimRef)])).toEqual(['customer.subscription.deleted:applied']);
    expect(await row(kimId)).toMatchObject({ status: 'ended', endedBy: 'team', endReason: 'ended at the payment processor' });
    expect(fake.refunds.filter((r) => r.payment_intent === month!.providerRef)).toMatchObject([{ amount: 18000 }]);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('a card dispute of a month’s charge ends the plan and releases nothing of that month; the team is told', async () => {
    const planId = await offer();
    const sam = await client();
    const id = (await subscribe(planId, sam.cookie)).json().subscription.id;
    const [month] = await periods(id);
    const admin = await createUser(ctx, { email: `billing-team${people}@example.com`, role: 'admin' });
    // Sessions of the month: one booked, one cancelled in time and so given back to the month (not the dispute's).
    const book = async (hours: number) =>
      (await send(`/api/subscriptions/${id}/sessions`, { startsAt: slotIn(hours), topic: 'Career plan' }, sam.cookie, randomUUID())).json().session.id;
    const booked = await book(40);
    const givenBack = await book(44);
    const cancelled = await send(`/api/sessions/${givenBack}/cancel`, { reason: 'Plans changed' }, sam.cookie);
    expect(cancelled.json().payment.status).toBe('returned');
    expect(await deliverAll([fake.dispute(month!.providerRef!)])).toEqual(['charge.dispute.created:applied']);
    const status = async (sessionId: string) => (await ctx.database.db.select().from(payments).where(eq(payments.sessionId, sessionId)))[0]!.status;
    expect([await status(booked), await status(givenBack)]).toEqual(['disputed', 'returned']);
    expect(await row(id)).toMatchObject({ status: 'ended', endedBy: 'team', endReason: 'the card payment was disputed' });
    expect(fake.subscriptions.get((await row(id)).providerSubscriptionRef!)!.status).toBe('canceled');
    // The network holds the money: nothing is refunded through Stripe, nothing is ever released of it.
    expect(fake.refunds.filter((r) => r.payment_intent === month!.providerRef)).toEqual([]);
    const entries = await ctx.database.db.select().from(packageEvents).where(eq(packageEvents.periodId, month!.id));
    expect(entries.filter((e) => e.type === 'release')).toEqual([]);
    expect(await mails(admin.email, 'Card dispute opened on a monthly plan payment')).toBe(1);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('refuses an event with a bad signature, changing nothing', async () => {
    const planId = await offer();
    const sam = await client();
    const id = (await subscribe(planId, sam.cookie)).json().subscription.id;
    const ref = (await row(id)).providerSubscriptionRef!;
    const renewal = fake.cycle(ref)[0]!;
    expect((await deliver(renewal, 'whsec_forged')).statusCode).toBe(400);
    expect((await deliver(renewal, webhookSecret, (p) => p.replace('"amount_paid":18000', '"amount_paid":1'))).statusCode).toBe(400);
    expect(await periods(id)).toHaveLength(1);
    // The genuine event still applies afterwards (a refused one is not recorded).
    expect(await deliverAll([renewal])).toEqual(['invoice.paid:applied']);
  });
});
