/**
 * A manager buys an organisation's credit by card with Stripe (docs/product.md "Partners"), as a booking pays: a
 * PaymentIntent created and confirmed by the server, captured at once; a card needing 3-D Secure leaves a pending
 * purchase that adds nothing until the bank confirms, settled by the browser or the webhook — once, whichever comes
 * first. The real SDK talks to the local fake of the API (tests/helpers/fake-stripe.ts); webhooks are signed with the
 * SDK's generateTestHeaderString.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, creditPurchases, emailOutbox, organisations } from '../../src/server/db/schema.js';
import { messages } from '../../src/shared/messages.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { FakeStripe } from '../helpers/fake-stripe.js';
import { fundedOrganisation } from '../helpers/partners.js';

const secretKey = 'sk_test_mentora_credit';
const webhookSecret = 'whsec_mentora_credit';
const signer = new Stripe(secretKey);
const json = { origin, 'content-type': 'application/json' };

describe('buying credit by card with Stripe', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let orgId = '';
  let manager: Awaited<ReturnType<typeof createUser>>;
  let outsider: Awaited<ReturnType<typeof createUser>>;
  let n = 0;

  const buy = (paymentMethodId: string, amountCents = 50_000, key = randomUUID()) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/partner/organisations/${orgId}/credit-purchases`,
      remoteAddress: `127.7.0.${++n}`,
      headers: { ...json, cookie: manager.cookie, 'idempotency-key': key },
      payload: { amountCents, paymentMethodId },
    });
  const settle = (purchaseId: string, cookie = manager.cookie) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/partner/organisations/${orgId}/credit-purchases/${purchaseId}/payment`,
      headers: { ...json, cookie },
      payload: {},
    });
  const webhook = (type: string, intentId: string) => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type,
      api_version: '2026-10-28',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: intentId, object: 'payment_intent' } },
    });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) },
      payload,
    });
  };
  /** The balance, checked against the ledger's sum, and the purchase entries. */
  const wallet = async () => {
    const [o] = await ctx.database.db.select().from(organisations).where(eq(organisations.id, orgId));
    const entries = await ctx.database.db.select().from(creditLedger).where(eq(creditLedger.organisationId, orgId));
    expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(o!.balanceCents);
    return { balanceCents: o!.balanceCents, purchases: entries.filter((e) => e.kind === 'purchase').length };
  };
  const purchase = async (id: string) => (await ctx.database.db.select().from(creditPurchases).where(eq(creditPurchases.id, id)))[0]!;
  const receiptsOf = async (receiptNumber: string) =>
    ctx.database.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `Receipt ${receiptNumber}:%`));

  beforeAll(async () => {
    fake = await new FakeStripe(secretKey).start();
    ctx = await createTestApp({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_mentora_credit',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: fake.url,
    });
    const admin = await createUser(ctx, { email: 'credit-admin@example.com', role: 'admin' });
    manager = await createUser(ctx, { email: 'credit-manager@uni.example', firstName: 'Mina', lastName: 'Manager' });
    outsider = await createUser(ctx, { email: 'credit-outsider@example.com' });
    orgId = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'Stripeford', manager, cents: 1_000 });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });

  it('charges the PaymentMethod at once: the credit is added with a numbered receipt; a declined card adds nothing', async () => {
    const before = await wallet();
    const declined = await buy('pm_card_chargeDeclined');
    expect(declined.statusCode).toBe(402);
    expect(await wallet()).toEqual(before);

    const bought = await buy('pm_card_visa');
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().balanceCents).toBe(before.balanceCents + 50_000);
    expect(bought.json().ledger[0]).toMatchObject({ kind: 'purchase', amountCents: 50_000, paidWith: 'Visa ending 4242' });
    const [row] = await ctx.database.db
      .select()
      .from(creditPurchases)
      .where(and(eq(creditPurchases.organisationId, orgId), eq(creditPurchases.status, 'paid'), eq(creditPurchases.method, 'card')));
    expect(fake.intents.get(row!.providerRef!)).toMatchObject({ status: 'succeeded', amount: 50_000, currency: 'usd' });
    expect(row!.receiptNumber).toMatch(/^MEN-\d{4}-\d{6}$/);
    expect((await receiptsOf(row!.receiptNumber!)).map((m) => m.to).sort()).toEqual(['billing@stripeford.example', 'credit-manager@uni.example']);
  });

  it('a card needing 3-D Secure adds nothing until the bank confirms; the browser settles it once, and the webhook after it changes nothing', async () => {
    const before = await wallet();
    const key = randomUUID();
    const res = await buy('pm_card_threeDSecure2Required', 30_000, key);
    expect(res.statusCode, res.body).toBe(202);
    const { purchaseId, status, paymentAction } = res.json();
    expect(status).toBe('pending');
    const ref = (await purchase(purchaseId)).providerRef!;
    expect(paymentAction.clientSecret).toBe(fake.intents.get(ref)!.client_secret);
    expect(await wallet()).toEqual(before);
    expect((await purchase(purchaseId)).receiptNumber).toBeNull();

    // Still with the bank: nothing moves; the same request again says so; nobody else may ask.
    expect((await settle(purchaseId)).json()).toMatchObject({ status: 'pending', receiptNumber: null });
    const again = await buy('pm_card_threeDSecure2Required', 30_000, key);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(messages.payment.awaitingPayment);
    expect((await settle(purchaseId, outsider.cookie)).statusCode).toBe(404);
    expect((await settle(randomUUID())).statusCode).toBe(404);

    fake.completeAction(ref, true);
    const done = await settle(purchaseId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ purchaseId, status: 'paid', amountCents: 30_000, receiptNumber: expect.stringMatching(/^MEN-\d{4}-\d{6}$/) });
    expect(fake.intents.get(ref)!.status).toBe('succeeded'); // captured
    expect(await wallet()).toEqual({ balanceCents: before.balanceCents + 30_000, purchases: before.purchases + 1 });
    expect(await receiptsOf(done.json().receiptNumber)).toHaveLength(2);

    expect((await settle(purchaseId)).json().status).toBe('paid');
    expect((await webhook('payment_intent.succeeded', ref)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await buy('pm_card_threeDSecure2Required', 30_000, key)).statusCode).toBe(201);
    expect(await wallet()).toEqual({ balanceCents: before.balanceCents + 30_000, purchases: before.purchases + 1 });
    expect(await receiptsOf(done.json().receiptNumber)).toHaveLength(2);
  });

  it('the webhook settles a confirmed purchase when the browser never comes back, and a refused one fails with the authorisation voided', async () => {
    const before = await wallet();
    const confirmed = (await buy('pm_card_threeDSecure2Required', 20_000)).json().purchaseId as string;
    const confirmedRef = (await purchase(confirmed)).providerRef!;
    fake.completeAction(confirmedRef, true);
    expect((await webhook('payment_intent.amount_capturable_updated', confirmedRef)).json()).toEqual({ received: true, outcome: 'applied' });
    expect(await purchase(confirmed)).toMatchObject({ status: 'paid', cardLast4: '3155' });
    expect(await wallet()).toEqual({ balanceCents: before.balanceCents + 20_000, purchases: before.purchases + 1 });
    expect((await settle(confirmed)).json().status).toBe('paid');

    const key = randomUUID();
    const refused = (await buy('pm_card_threeDSecure2Required', 20_000, key)).json().purchaseId as string;
    const refusedRef = (await purchase(refused)).providerRef!;
    fake.completeAction(refusedRef, false);
    expect((await webhook('payment_intent.payment_failed', refusedRef)).json().outcome).toBe('applied');
    expect(await purchase(refused)).toMatchObject({ status: 'failed', receiptNumber: null });
    expect(fake.intents.get(refusedRef)!.status).toBe('canceled');
    expect((await settle(refused)).json().status).toBe('failed');
    const replay = await buy('pm_card_threeDSecure2Required', 20_000, key);
    expect(replay.statusCode).toBe(402);
    expect(await wallet()).toEqual({ balanceCents: before.balanceCents + 20_000, purchases: before.purchases + 1 });
  });
});
