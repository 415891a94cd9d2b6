/**
 * Subscribing to a monthly plan with a card whose bank asks for 3-D Secure, with Stripe Billing (docs/product.md "Plans
 * and packages", "With Stripe"; docs/decisions/039-stripe-billing-for-plans.md): the Stripe Subscription is made with
 * `payment_behavior: default_incomplete` and its first invoice's PaymentIntent confirmed by the server; when the bank
 * asks for its step the answer is 202 with what the browser needs and nothing starts. The plan starts — the same id,
 * its first month granted with its receipt — once Stripe says the bank confirmed, asked by the browser or told by the
 * webhook (the PaymentIntent's event, or invoice.paid of the first invoice), once. A free trial's card is set up with a
 * SetupIntent first, 3-D Secure likewise. A refused step leaves nothing that can charge (the invoice voided, the Stripe
 * Subscription cancelled); one abandoned for a day is given up by the job. The real SDK talks to the local fake of the
 * API; events are signed with the SDK's generateTestHeaderString. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, planPeriods, subscriptions } from '../../src/server/db/schema.js';
import { paymentProvider } from '../../src/server/infra/payments/select.js';
import { expireAbandonedPlanStarts } from '../../src/server/modules/plans/use-cases/settle-plan-start.js';
import { messages } from '../../src/shared/messages.js';
import { pendingPurchaseHours } from '../../src/shared/partners.js';
import { planMessages } from '../../src/shared/plans.js';
import type { TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import type { FakeStripe } from '../helpers/fake-stripe.js';
import { createExpert } from '../helpers/marketplace.js';
import { expectPrepaidLedgerBalanced } from '../helpers/prepaid-ledger.js';
import { createStripeTestApp, deliverStripeEvent } from '../helpers/stripe-app.js';

const webhookSecret = 'whsec_mentora_plan_3ds';
const json = { origin, 'content-type': 'application/json' };
const threeDs = 'pm_card_threeDSecure2Required';

describe('subscribing with a card that needs 3-D Secure', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let n = 0;
  let people = 0;
  const post = (url: string, cookie: string, payload: object = {}, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: `127.15.0.${(++n % 250) + 1}`,
      headers: { ...json, cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const subscribe = (planId: string, cookie: string, key = randomUUID(), paymentMethodId = threeDs) =>
    post(`/api/plans/${planId}/subscriptions`, cookie, { paymentMethodId }, key);
  const complete = (id: string, cookie: string) => post(`/api/subscriptions/${id}/payment`, cookie);
  const mine = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/me/subscriptions', headers: { cookie } })).json().subscriptions;
  const periods = async (id: string) =>
    (await ctx.database.db.select().from(planPeriods).where(eq(planPeriods.subscriptionId, id))).sort((a, b) => a.number - b.number);
  const receipts = async (to: string) =>
    (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter((m) => m.subject.startsWith('Receipt'));
  const deliver = async (event: object) => {
    const res = await deliverStripeEvent(ctx, event, webhookSecret);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().outcome as string;
  };
  /** A new expert's plan ($180, 2 sessions; `trialDays`), a new client, and their start awaiting the bank. */
  async function awaiting(o: { trialDays?: number } = {}) {
    const expert = await createExpert(ctx, { email: `plan-3ds-expert${++people}@example.com`, rateCents: 10000 });
    const offered = await post('/api/me/plans', expert.cookie, {
      name: 'Monthly mentoring',
      priceCents: 18000,
      sessionCount: 2,
      durationMinutes: 60,
      chatPromise: 'Replies within 2 working days',
      trialDays: o.trialDays ?? 0,
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const planId = offered.json().id as string;
    const client = await createUser(ctx, { email: `plan-3ds-client${people}@example.com`, firstName: 'Tia', lastName: 'Three' });
    const key = randomUUID();
    const res = await subscribe(planId, client.cookie, key);
    expect(res.statusCode, res.body).toBe(202);
    const { subscriptionId, paymentAction } = res.json();
    expect(await mine(client.cookie)).toEqual([]);
    return { planId, client, key, subscriptionId: subscriptionId as string, clientSecret: paymentAction.clientSecret as string };
  }
  const stripeSubOf = (subscriptionId: string) => [...fake.subscriptions.values()].find((s) => s.metadata.subscriptionId === subscriptionId)!;
  const intentOf = (clientSecret: string) => [...fake.intents.values()].find((i) => i.client_secret === clientSecret)!;

  beforeAll(async () => {
    ({ fake, ctx } = await createStripeTestApp('sk_test_mentora_plan_3ds', webhookSecret));
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });

  it('starts nothing until the bank confirms the first month; then the plan starts once, and renews with the same card', async () => {
    const { planId, client, key, subscriptionId, clientSecret } = await awaiting();
    const intent = intentOf(clientSecret);
    const stripeSub = stripeSubOf(subscriptionId);
    expect(stripeSub).toMatchObject({ status: 'incomplete' });
    expect(intent).toMatchObject({ status: 'requires_action', amount: 18000 });
    // Asked before the bank answered: still confirming; another start with this expert meanwhile is refused.
    const early = await complete(subscriptionId, client.cookie);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.message).toBe(messages.payment.awaitingPayment);
    expect((await subscribe(planId, client.cookie, key)).statusCode).toBe(409);
    expect((await subscribe(planId, client.cookie, randomUUID(), 'pm_card_visa')).statusCode).toBe(409);
    const other = await createUser(ctx, { email: 'plan-3ds-other@example.com' });
    expect((await complete(subscriptionId, other.cookie)).statusCode).toBe(404);

    fake.completeAction(intent.id, true);
    const done = await complete(subscriptionId, client.cookie);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().subscription).toMatchObject({ id: subscriptionId, status: 'active', sessionsLeft: 2, cardLast4: '3155' });
    const invoice = fake.invoices.get(stripeSub.latest_invoice)!;
    expect(await periods(subscriptionId)).toMatchObject([
      { number: 1, kind: 'paid', amountCents: 18000, providerRef: intent.id, providerInvoiceRef: invoice.id },
    ]);
    // Again by the browser, a replay of the key and Stripe's events: the same plan, started once, one receipt.
    expect((await complete(subscriptionId, client.cookie)).json().subscription.id).toBe(subscriptionId);
    const replay = await subscribe(planId, client.cookie, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(await deliver(fake.intentEvent('payment_intent.succeeded', intent.id))).toBe('ignored');
    expect(await deliver(fake.invoiceEvent(invoice.id))).toBe('ignored');
    expect(await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.clientId, client.id))).toHaveLength(1);
    expect(await receipts(client.email)).toHaveLength(1);
    // The card, authenticated once, pays the renewal without its holder.
    const renewed = fake.cycle(stripeSub.id);
    expect(await Promise.all(renewed.map(deliver))).toEqual(['applied']);
    expect(await periods(subscriptionId)).toHaveLength(2);
    expect(fake.problems).toEqual([]);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('the webhook starts it when the browser never comes back: invoice.paid of the first invoice', async () => {
    const { client, subscriptionId, clientSecret } = await awaiting();
    fake.completeAction(intentOf(clientSecret).id, true);
    const invoice = fake.invoices.get(stripeSubOf(subscriptionId).latest_invoice)!;
    expect(await deliver(fake.invoiceEvent(invoice.id))).toBe('applied');
    expect(await mine(client.cookie)).toMatchObject([{ id: subscriptionId, status: 'active', sessionsLeft: 2 }]);
    expect(await deliver(fake.intentEvent('payment_intent.succeeded', intentOf(clientSecret).id))).toBe('ignored');
    expect((await complete(subscriptionId, client.cookie)).statusCode).toBe(200);
    expect(await receipts(client.email)).toHaveLength(1);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('a bank that refuses starts nothing and leaves nothing at Stripe that could charge', async () => {
    const { planId, client, key, subscriptionId, clientSecret } = await awaiting();
    fake.completeAction(intentOf(clientSecret).id, false);
    const refused = await complete(subscriptionId, client.cookie);
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().error.message).toBe(messages.payment.failed);
    const stripeSub = stripeSubOf(subscriptionId);
    expect(stripeSub.status).toBe('canceled');
    expect(fake.invoices.get(stripeSub.latest_invoice)).toMatchObject({ status: 'void', amount_paid: 0 });
    expect(intentOf(clientSecret).status).toBe('canceled');
    expect((await subscribe(planId, client.cookie, key)).statusCode).toBe(402);
    expect(await mine(client.cookie)).toEqual([]);
    // Nothing waits any more: the client may subscribe again, with a card that needs no step.
    expect((await subscribe(planId, client.cookie, randomUUID(), 'pm_card_visa')).statusCode).toBe(201);
  });

  it('a free trial sets the card up first: nothing starts until the bank confirms, then the trial runs at Stripe', async () => {
    const { client, subscriptionId, clientSecret } = await awaiting({ trialDays: 14 });
    const setup = [...fake.setupIntents.values()].find((s) => s.client_secret === clientSecret)!;
    expect(setup).toMatchObject({ status: 'requires_action', usage: 'off_session', payment_method: threeDs });
    expect(stripeSubOf(subscriptionId)).toBeUndefined();
    fake.completeSetup(setup.id, true);
    expect(await deliver(fake.intentEvent('setup_intent.succeeded', setup.id))).toBe('applied');
    expect(await mine(client.cookie)).toMatchObject([{ id: subscriptionId, status: 'trialing', sessionsLeft: 2 }]);
    expect(stripeSubOf(subscriptionId)).toMatchObject({ status: 'trialing', default_payment_method: threeDs });
    expect(await periods(subscriptionId)).toMatchObject([{ kind: 'trial', amountCents: 0, providerRef: null }]);
    expect((await complete(subscriptionId, client.cookie)).json().subscription.status).toBe('trialing');
    // The trial's end: the card set up pays the first month without its holder.
    expect(await Promise.all(fake.cycle(stripeSubOf(subscriptionId).id).map(deliver))).toEqual(['applied']);
    expect(fake.problems).toEqual([]);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('one abandoned for a day is given up by the job: the invoice voided, the Stripe Subscription cancelled, nothing started', async () => {
    const { client, subscriptionId, clientSecret } = await awaiting();
    const deps = { db: ctx.database.db, provider: paymentProvider(ctx.config), baseUrl: ctx.config.baseUrl };
    const hour = 3_600_000;
    expect(await expireAbandonedPlanStarts(deps, new Date(Date.now() + (pendingPurchaseHours - 1) * hour))).toBe(0);
    expect(await expireAbandonedPlanStarts(deps, new Date(Date.now() + (pendingPurchaseHours + 1) * hour))).toBe(1);
    const stripeSub = stripeSubOf(subscriptionId);
    expect(stripeSub.status).toBe('canceled');
    expect(fake.invoices.get(stripeSub.latest_invoice)!.status).toBe('void');
    // The bank's step finished later: Stripe refuses it, and nothing starts here either.
    expect(() => fake.completeAction(intentOf(clientSecret).id, true)).toThrow();
    const late = await complete(subscriptionId, client.cookie);
    expect(late.statusCode, late.body).toBe(402);
    expect(late.json().error.message).toBe(planMessages.startExpired);
    expect(await mine(client.cookie)).toEqual([]);
    expect(await expireAbandonedPlanStarts(deps, new Date(Date.now() + 48 * hour))).toBe(0);
  });
});
