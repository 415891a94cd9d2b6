/**
 * Subscribing to a monthly plan with a card whose bank asks for 3-D Secure, with Stripe Billing (docs/product.md "Plans
 * and packages", "With Stripe"; docs/decisions/039-stripe-billing-for-plans.md): the Stripe Subscription is made with
 * `payment_behavior: default_incomplete` and its first invoice's PaymentIntent confirmed by the server; when the bank
 * asks for its step the answer is 202 with what the browser needs and nothing starts. The plan starts — the same id,
 * its first month granted with its receipt — once Stripe says the bank confirmed, asked by the browser or told by the
 * webhook (the PaymentIntent's event, or invoice.paid of the first invoice), once. A free trial's card is set up with a
 * SetupIntent first, 3-D Secure likewise. A refused step leaves nothing that can charge (the invoice voided, the Stripe
 * Subscription cancelled); one abandoned for a day is given up by the job. A renewal whose bank asks for the step
 * again off-session (invoice.payment_failed and invoice.payment_action_required) waits, past due: the client is
 * e-mailed once the link to the page that runs it with the invoice PaymentIntent's client secret (theirs alone);
 * Stripe's invoice.paid then grants the month once, and unconfirmed after Stripe's retries the plan lapses as a failed
 * renewal does. The real SDK talks to the local fake of the API; events are signed with the SDK's generateTestHeaderString. Runs on PGlite, and on PostgreSQL with
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
import type { FakeEvent, FakeStripe } from '../helpers/fake-stripe.js';
import { createExpert } from '../helpers/marketplace.js';
import { offerPlan } from '../helpers/plans.js';
import { expectPrepaidLedgerBalanced } from '../helpers/prepaid-ledger.js';
import { createStripeTestApp, deliverStripeEvent, deliverStripeEvents } from '../helpers/stripe-app.js';

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
    const planId = await offerPlan(ctx, expert.cookie, { trialDays: o.trialDays ?? 0 });
    const client = await createUser(ctx, { email: `plan-3ds-client${people}@example.com`, firstName: 'Tia', lastName: 'Three' });
    const key = randomUUID();
    const res = await subscribe(planId, client.cookie, key);
    expect(res.statusCode, res.body).toBe(202);
    const { subscriptionId, paymentAction } = res.json();
    expect(await mine(client.cookie)).toEqual([]);
    return { planId, expert, client, key, subscriptionId: subscriptionId as string, clientSecret: paymentAction.clientSecret as string };
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
  describe('a renewal whose bank asks for 3-D Secure again', () => {
    /** Delivers `events` in order; answers each `type:outcome`. */
    const deliverAll = (events: FakeEvent[]) => deliverStripeEvents(ctx, events, webhookSecret);
    const confirmation = (id: string, cookie: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/subscriptions/${id}/renewal-confirmation`, headers: { cookie } });
    const mails = async (to: string, text: string) =>
      (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter((m) => m.subject.includes(text));
    const lastIntentOf = (invoiceId: string) => fake.intents.get(fake.invoices.get(invoiceId)!.payment_intents.at(-1)!)!;
    /** A client subscribed with a card whose bank confirmed the first month, and whose bank asks again at the renewal. */
    async function renewalAsking() {
      const { expert, client, subscriptionId: id, clientSecret } = await awaiting();
      fake.completeAction(intentOf(clientSecret).id, true);
      expect((await complete(id, client.cookie)).statusCode).toBe(200);
      const stripeSub = stripeSubOf(id);
      fake.askAuthenticationAgain(stripeSub.customer);
      const events = fake.cycle(stripeSub.id);
      return { expert, client, id, invoice: fake.invoices.get(stripeSub.latest_invoice)!, events };
    }

    it('waits for the bank: the client is e-mailed the link once, the page is theirs alone, and paying grants the month once', async () => {
      const { expert, client, id, invoice, events } = await renewalAsking();
      const intent = lastIntentOf(invoice.id);
      expect(intent).toMatchObject({ status: 'requires_action', amount: 18000 });
      expect(await deliverAll(events)).toEqual(['invoice.payment_failed:applied', 'invoice.payment_action_required:ignored']);
      // Told again (a replay, or the other event first): nothing more.
      expect(await deliverAll([...events].reverse())).toEqual(['invoice.payment_action_required:duplicate', 'invoice.payment_failed:duplicate']);
      const asked = await mails(client.email, 'Confirm the payment for your plan');
      expect(asked).toHaveLength(1);
      expect(asked[0]!.text).toContain(`${ctx.config.baseUrl}/plans/${id}/confirm-renewal`);
      // Asked to confirm, not told the card was refused.
      expect(await mails(client.email, 'Payment for your plan with')).toHaveLength(0);
      expect(await mails(expert.email, 'waits for their bank')).toHaveLength(1);
      expect(await mine(client.cookie)).toMatchObject([{ id, status: 'past_due', awaitingBank: true }]);

      const page = await confirmation(id, client.cookie);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ subscription: { id, awaitingBank: true }, payment: { clientSecret: intent.client_secret, amountCents: 18000 } });
      // Nobody else reads it: another client, the expert, a stranger's made-up id.
      const other = await createUser(ctx, { email: `renewal-3ds-other${people}@example.com` });
      expect((await confirmation(id, other.cookie)).statusCode).toBe(404);
      expect((await confirmation(id, expert.cookie)).statusCode).toBe(404);
      expect((await confirmation(randomUUID(), client.cookie)).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/subscriptions/${id}/renewal-confirmation` })).statusCode).toBe(401);

      // The client runs the bank's step with Stripe.js; Stripe says the invoice is paid.
      fake.completeAction(intent.id, true);
      const paid = fake.invoiceEvent(invoice.id);
      expect(await deliverAll([paid])).toEqual(['invoice.paid:applied']);
      expect(await deliverAll([paid, fake.invoiceEvent(invoice.id)])).toEqual(['invoice.paid:duplicate', 'invoice.paid:ignored']);
      expect(await periods(id)).toMatchObject([{ number: 1 }, { number: 2, amountCents: 18000, providerRef: intent.id, providerInvoiceRef: invoice.id }]);
      expect(await mine(client.cookie)).toMatchObject([{ id, status: 'active', awaitingBank: false }]);
      expect((await confirmation(id, client.cookie)).json()).toMatchObject({ subscription: { status: 'active' }, payment: null });
      expect(await receipts(client.email)).toHaveLength(2);
      expect(fake.problems).toEqual([]);
      await expectPrepaidLedgerBalanced(ctx.database.db);
    });

    it('not confirmed within Stripe’s retries, the plan lapses as a failed renewal does, with the same e-mails', async () => {
      const { expert, client, id, invoice, events } = await renewalAsking();
      expect(await deliverAll(events)).toEqual(['invoice.payment_failed:applied', 'invoice.payment_action_required:ignored']);
      // Each retry asks the bank again: the plan waits on, and the client is not e-mailed the link again.
      expect(await deliverAll(fake.retry(invoice.id))).toEqual(['invoice.payment_failed:applied', 'invoice.payment_action_required:ignored']);
      expect(await deliverAll(fake.retry(invoice.id))).toEqual(['invoice.payment_failed:applied', 'invoice.payment_action_required:ignored']);
      const row = async () => (await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
      expect(await row()).toMatchObject({ status: 'past_due', failedAttempts: 3, actionInvoiceRef: invoice.id });
      expect(await mails(client.email, 'Confirm the payment for your plan')).toHaveLength(1);
      // The last retry: no next attempt, the plan lapses; Stripe's cancellation that follows changes nothing more.
      expect(await deliverAll(fake.retry(invoice.id))).toEqual([
        'invoice.payment_failed:applied',
        'invoice.payment_action_required:ignored',
        'customer.subscription.deleted:ignored',
      ]);
      expect(await row()).toMatchObject({ status: 'lapsed', endReason: 'renewal payments failed', nextAttemptAt: null, actionInvoiceRef: null });
      expect(await mails(client.email, 'has ended: payment failed')).toHaveLength(1);
      expect(await mails(expert.email, 'lapsed')).toHaveLength(1);
      expect(await mine(client.cookie)).toMatchObject([{ id, status: 'lapsed', awaitingBank: false }]);
      expect((await confirmation(id, client.cookie)).json().payment).toBeNull();
      expect(await periods(id)).toHaveLength(1);
      expect(fake.problems).toEqual([]);
      await expectPrepaidLedgerBalanced(ctx.database.db);
    });
  });
});
