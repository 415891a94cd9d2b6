/**
 * A plan that ends while its Stripe renewal is failing or waits for the bank's 3-D Secure step leaves nothing Stripe
 * could still collect (docs/product.md "Plans and packages", "With Stripe"; docs/decisions/039-stripe-billing-for-plans.md):
 * cancelling the Stripe Subscription leaves its renewal invoice open, so Mentora voids it — when the client cancels,
 * the expert or the team ends the plan, or it lapses — at once, or by the payment retries job when Stripe cannot be
 * reached. A renewal Stripe collected meanwhile is refunded once, by its invoice.paid event. The real SDK talks to the
 * local fake of the API; events are signed with the SDK's generateTestHeaderString. Runs on PGlite, and on PostgreSQL
 * with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRetries, subscriptions } from '../../src/server/db/schema.js';
import { paymentProvider } from '../../src/server/infra/payments/select.js';
import { retryDueGiveBacks } from '../../src/server/modules/payments/payment-retry-service.js';
import type { TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import type { FakeEvent, FakeStripe } from '../helpers/fake-stripe.js';
import { createExpert } from '../helpers/marketplace.js';
import { offerPlan } from '../helpers/plans.js';
import { expectPrepaidLedgerBalanced } from '../helpers/prepaid-ledger.js';
import { createStripeTestApp, deliverStripeEvents } from '../helpers/stripe-app.js';

const webhookSecret = 'whsec_mentora_open_invoice';
const json = { origin, 'content-type': 'application/json' };

describe('a plan ending while its Stripe renewal is being collected', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let n = 0;
  let people = 0;
  const post = (url: string, cookie: string, payload: object = {}, key = randomUUID()) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: `127.16.0.${(++n % 250) + 1}`,
      headers: { ...json, cookie, 'idempotency-key': key },
      payload,
    });
  const row = async (id: string) => (await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const deliverAll = (events: FakeEvent[]) => deliverStripeEvents(ctx, events, webhookSecret);
  const retries = (invoiceId: string) => ctx.database.db.select().from(paymentRetries).where(eq(paymentRetries.providerRef, invoiceId));
  const runRetries = () =>
    retryDueGiveBacks({ db: ctx.database.db, provider: paymentProvider(ctx.config) }, new Date(Date.now() + 60_000)).catch((err: Error) => err);

  /**
   * A new expert's plan ($180 a month, 2 sessions) and a client subscribed with card `pm`, whose renewal Stripe then
   * fails to collect: the card refused (`refused`) or its bank asking for 3-D Secure again (`bank`). The plan is past due.
   */
  async function renewalFailing(how: 'refused' | 'bank') {
    const expert = await createExpert(ctx, { email: `open-invoice-expert${++people}@example.com`, rateCents: 10000 });
    const planId = await offerPlan(ctx, expert.cookie);
    const client = await createUser(ctx, { email: `open-invoice-client${people}@example.com`, firstName: 'Ola', lastName: 'Open' });
    const pm = how === 'bank' ? 'pm_card_threeDSecure2Required' : 'pm_card_visa';
    const res = await post(`/api/plans/${planId}/subscriptions`, client.cookie, { paymentMethodId: pm });
    let id: string;
    if (how === 'bank') {
      expect(res.statusCode, res.body).toBe(202);
      id = res.json().subscriptionId;
      fake.completeAction([...fake.intents.values()].find((i) => i.client_secret === res.json().paymentAction.clientSecret)!.id, true);
      expect((await post(`/api/subscriptions/${id}/payment`, client.cookie)).statusCode).toBe(200);
    } else {
      expect(res.statusCode, res.body).toBe(201);
      id = res.json().subscription.id;
    }
    const ref = (await row(id)).providerSubscriptionRef!;
    const stripeSub = fake.subscriptions.get(ref)!;
    if (how === 'bank') fake.askAuthenticationAgain(stripeSub.customer);
    else stripeSub.default_payment_method = 'pm_card_chargeCustomerFail';
    expect((await deliverAll(fake.cycle(ref)))[0]).toBe('invoice.payment_failed:applied');
    const invoice = fake.invoices.get(stripeSub.latest_invoice)!;
    expect(invoice).toMatchObject({ status: 'open', billing_reason: 'subscription_cycle', amount_due: 18000 });
    expect(await row(id)).toMatchObject({ status: 'past_due' });
    return { planId, expert, client, id, ref, invoice, intentId: invoice.payment_intents.at(-1)! };
  }

  beforeAll(async () => {
    ({ fake, ctx } = await createStripeTestApp('sk_test_mentora_open_invoice', webhookSecret));
    admin = await createUser(ctx, { email: 'open-invoice-team@example.com', role: 'admin' });
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });

  it('the client cancels a renewal awaiting the bank: the invoice is voided, its payment cancelled, nothing left to confirm', async () => {
    const { client, id, ref, invoice, intentId } = await renewalFailing('bank');
    expect(fake.intents.get(intentId)!.status).toBe('requires_action');
    const cancelled = await post(`/api/subscriptions/${id}/cancel`, client.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', awaitingBank: false });
    expect(fake.subscriptions.get(ref)!.status).toBe('canceled');
    expect(fake.invoices.get(invoice.id)).toMatchObject({ status: 'void', amount_paid: 0, next_payment_attempt: null });
    expect(fake.intents.get(intentId)!.status).toBe('canceled');
    // The bank's step finished late (an old tab, Stripe's own e-mail): Stripe refuses it, and Stripe retries nothing.
    expect(() => fake.completeAction(intentId, true)).toThrow();
    expect(() => fake.retry(invoice.id)).toThrow();
    expect(fake.calls('POST', `/v1/invoices/${invoice.id}/void`)).toHaveLength(1);
    expect(await retries(invoice.id)).toEqual([]);
    expect(fake.problems).toEqual([]);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('the expert ends a plan whose renewal was refused: the invoice is voided, so a later retry cannot charge the card', async () => {
    const { planId, expert, id, ref, invoice } = await renewalFailing('refused');
    const ended = await post(`/api/me/plans/${planId}/end`, expert.cookie);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'ended', nextAttemptAt: null });
    expect(fake.subscriptions.get(ref)!.status).toBe('canceled');
    expect(fake.invoices.get(invoice.id)).toMatchObject({ status: 'void', amount_paid: 0 });
    expect(() => fake.retry(invoice.id)).toThrow();
    expect(fake.problems).toEqual([]);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('one that lapses after Stripe’s last retry has its invoice voided too (uncollectible can still be paid)', async () => {
    const { id, invoice } = await renewalFailing('refused');
    await deliverAll(fake.retry(invoice.id));
    await deliverAll(fake.retry(invoice.id));
    expect(await deliverAll(fake.retry(invoice.id))).toEqual(['invoice.payment_failed:applied', 'customer.subscription.deleted:ignored']);
    expect(await row(id)).toMatchObject({ status: 'lapsed' });
    expect(fake.invoices.get(invoice.id)!.status).toBe('void');
    expect(fake.problems).toEqual([]);
  });

  it('one Stripe cancelled while past due (its dashboard, or its own setting) lapses here with its invoice voided', async () => {
    const { id, ref, invoice } = await renewalFailing('refused');
    fake.cancelAtStripe(ref);
    expect(await deliverAll([fake.subscriptionEvent('customer.subscription.deleted', ref)])).toEqual(['customer.subscription.deleted:applied']);
    expect(await row(id)).toMatchObject({ status: 'lapsed', endReason: 'renewal payments failed' });
    expect(fake.invoices.get(invoice.id)!.status).toBe('void');
    expect(fake.calls('DELETE', `/v1/subscriptions/${ref}`)).toEqual([]);
    expect(fake.problems).toEqual([]);
  });

  it('Stripe unreachable for the void: the team’s refund still answers, and the payment retries job voids it later', async () => {
    const { id, ref, invoice } = await renewalFailing('refused');
    fake.failNext('POST', /^\/v1\/invoices\/in_\w+\/void$/);
    const res = await post(`/api/admin/subscriptions/${id}/refund`, admin.cookie, { reason: 'Expert unavailable' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ended', endedBy: 'team' });
    expect(fake.subscriptions.get(ref)!.status).toBe('canceled');
    expect(fake.invoices.get(invoice.id)!.status).toBe('open');
    expect(await retries(invoice.id)).toMatchObject([{ amountCents: 18000, doneAt: null }]);
    // The job, once Stripe answers again: voided under the same key, done once.
    expect(await runRetries()).toMatchObject({ done: 1, failing: 0 });
    expect(fake.invoices.get(invoice.id)!.status).toBe('void');
    expect((await retries(invoice.id))[0]!.doneAt).not.toBeNull();
    expect(fake.problems).toEqual([]);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('a renewal Stripe collected before the void is refunded once, by its invoice.paid event, not again by the job', async () => {
    const { client, id, ref, invoice } = await renewalFailing('refused');
    fake.failNext('POST', /^\/v1\/invoices\/in_\w+\/void$/);
    expect((await post(`/api/subscriptions/${id}/cancel`, client.cookie)).statusCode).toBe(200);
    expect(await retries(invoice.id)).toHaveLength(1);
    // Stripe's retry collects the open invoice with a card that works again; the ended plan gives the month back.
    fake.subscriptions.get(ref)!.default_payment_method = 'pm_card_visa';
    expect(await deliverAll(fake.retry(invoice.id))).toEqual(['invoice.paid:applied']);
    const paidBy = fake.invoices.get(invoice.id)!.payment_intents.at(-1)!;
    expect(fake.refunds.filter((r) => r.payment_intent === paidBy)).toMatchObject([{ amount: 18000 }]);
    expect(await runRetries()).toMatchObject({ done: 1, failing: 0 });
    expect(fake.refunds.filter((r) => r.payment_intent === paidBy)).toHaveLength(1);
    expect(fake.invoices.get(invoice.id)!.status).toBe('paid');
    expect(fake.problems).toEqual([]);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });
});
