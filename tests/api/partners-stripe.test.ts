/**
 * A manager buys an organisation's credit by card with Stripe (docs/product.md "Partners"), as a booking pays: a
 * PaymentIntent created and confirmed by the server, captured at once; a card needing 3-D Secure leaves a pending
 * purchase that adds nothing until the bank confirms, settled by the browser or the webhook — once, whichever comes
 * first. A purchase whose bank step is abandoned expires after a day (the expiry job, once across two servers): its
 * PaymentIntent is cancelled and a late confirmation credits nothing. Managers list the purchases and download each
 * paid one's receipt PDF. The real SDK talks to the local fake of the API (tests/helpers/fake-stripe.ts); webhooks are
 * signed with the SDK's generateTestHeaderString.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/client.js';
import { creditLedger, creditPurchases, emailOutbox, organisations } from '../../src/server/db/schema.js';
import { paymentProvider } from '../../src/server/infra/payments/select.js';
import { expireAbandonedCreditPurchases } from '../../src/server/modules/partners/credit-purchase-service.js';
import { messages } from '../../src/shared/messages.js';
import { partnerMessages, pendingPurchaseHours } from '../../src/shared/partners.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { FakeStripe } from '../helpers/fake-stripe.js';
import { fundedOrganisation } from '../helpers/partners.js';
import { pdfText } from '../helpers/pdf-text.js';

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
  let otherManager: Awaited<ReturnType<typeof createUser>>;
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
  /** The ledger's newest entry, as its managers read it. */
  const newestEntry = async () =>
    (await ctx.app.inject({ method: 'GET', url: `/api/partner/organisations/${orgId}/ledger?pageSize=1`, headers: { cookie: manager.cookie } })).json()
      .items[0] as { id: string; kind: string };
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
    otherManager = await createUser(ctx, { email: 'credit-other-manager@example.com' });
    orgId = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'Stripeford', manager, cents: 1_000 });
    await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'Elsewhere', manager: otherManager, cents: 1_000 });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });

  const get = (url: string, cookie = manager.cookie) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const listed = async () => {
    const res = await get(`/api/partner/organisations/${orgId}/credit-purchases`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as { purchaseId: string; status: string; amountCents: number; paidWith: string; receiptNumber: string | null }[];
  };
  /** Runs the expiry job `hours` after now, as two servers would: each with its own connections on PostgreSQL. */
  const expireOnTwoServers = async (hours: number) => {
    const at = new Date(Date.now() + hours * 3_600_000);
    const url = ctx.database.pool?.options.connectionString;
    const second = url ? openPostgres(url, 2) : null;
    const deps = { provider: paymentProvider(ctx.config), baseUrl: ctx.config.baseUrl };
    try {
      const runs = await Promise.all([ctx.database.db, second?.db ?? ctx.database.db].map((db) => expireAbandonedCreditPurchases(db, deps, at)));
      return runs[0]! + runs[1]!;
    } finally {
      await second?.close();
    }
  };

  it('charges the PaymentMethod at once: the credit is added with a numbered receipt; a declined card adds nothing', async () => {
    const before = await wallet();
    const declined = await buy('pm_card_chargeDeclined');
    expect(declined.statusCode).toBe(402);
    expect(await wallet()).toEqual(before);

    const bought = await buy('pm_card_visa');
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().balanceCents).toBe(before.balanceCents + 50_000);
    expect(await newestEntry()).toMatchObject({ kind: 'purchase', amountCents: 50_000, paidWith: 'Visa ending 4242' });
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

  it('a purchase whose bank step is abandoned expires after a day: its PaymentIntent cancelled once across two servers, nothing added, a late confirmation credits nothing', async () => {
    const before = await wallet();
    const key = randomUUID();
    const purchaseId = (await buy('pm_card_threeDSecure2Required', 40_000, key)).json().purchaseId as string;
    const ref = (await purchase(purchaseId)).providerRef!;

    // Still within the day: the job leaves it waiting for the bank.
    expect(await expireOnTwoServers(pendingPurchaseHours - 0.1)).toBe(0);
    expect(await purchase(purchaseId)).toMatchObject({ status: 'pending' });

    expect(await expireOnTwoServers(pendingPurchaseHours + 0.1)).toBe(1);
    expect(await purchase(purchaseId)).toMatchObject({ status: 'expired', receiptNumber: null, paidAt: null });
    expect(fake.intents.get(ref)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(fake.calls('POST', `/v1/payment_intents/${ref}/cancel`)).toHaveLength(1);
    expect(await wallet()).toEqual(before);
    expect(await expireOnTwoServers(pendingPurchaseHours + 1)).toBe(0);
    expect((await listed()).find((p) => p.purchaseId === purchaseId)).toMatchObject({
      status: 'expired',
      amountCents: 40_000,
      paidWith: 'Card',
      receiptNumber: null,
    });

    // The manager comes back late: Stripe refuses to confirm a cancelled intent, and nothing is credited, now or on replay.
    expect(() => fake.completeAction(ref, true)).toThrow(/status of canceled/);
    const late = await settle(purchaseId);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ purchaseId, status: 'expired', receiptNumber: null });
    expect((await webhook('payment_intent.canceled', ref)).json()).toEqual({ received: true, outcome: 'ignored' });
    const replay = await buy('pm_card_threeDSecure2Required', 40_000, key);
    expect(replay.statusCode).toBe(402);
    expect(replay.json().error.message).toBe(partnerMessages.purchaseExpired);
    expect(await wallet()).toEqual(before);
    expect((await get(`/api/partner/organisations/${orgId}/credit-purchases/${purchaseId}/receipt.pdf`)).statusCode).toBe(404);
  });

  it('a purchase the bank confirmed but nobody reported is credited by the expiry job, once, instead of expiring', async () => {
    const before = await wallet();
    const purchaseId = (await buy('pm_card_threeDSecure2Required', 25_000)).json().purchaseId as string;
    const ref = (await purchase(purchaseId)).providerRef!;
    fake.completeAction(ref, true); // the browser closed before it told the server, and the webhook never came

    expect(await expireOnTwoServers(pendingPurchaseHours + 0.1)).toBe(0);
    const paid = await purchase(purchaseId);
    expect(paid).toMatchObject({ status: 'paid', receiptNumber: expect.stringMatching(/^MEN-\d{4}-\d{6}$/) });
    expect(fake.intents.get(ref)!.status).toBe('succeeded');
    expect(fake.calls('POST', `/v1/payment_intents/${ref}/cancel`)).toHaveLength(0);
    expect(await wallet()).toEqual({ balanceCents: before.balanceCents + 25_000, purchases: before.purchases + 1 });
    expect(await receiptsOf(paid.receiptNumber!)).toHaveLength(2);
    expect((await settle(purchaseId)).json().status).toBe('paid');
    expect(await wallet()).toEqual({ balanceCents: before.balanceCents + 25_000, purchases: before.purchases + 1 });
  });

  it('managers list the purchases, newest first, and download a paid one’s receipt PDF; nobody else can', async () => {
    expect((await buy('pm_card_visa', 12_345)).statusCode).toBe(201);
    const paidId = (await newestEntry()).id;
    const [entry] = await ctx.database.db.select().from(creditLedger).where(eq(creditLedger.id, paidId));
    const paid = await purchase(entry!.purchaseId!);
    const waiting = (await buy('pm_card_threeDSecure2Required', 15_000)).json().purchaseId as string;

    const items = await listed();
    expect(items[0]).toMatchObject({ purchaseId: waiting, status: 'pending', amountCents: 15_000, paidWith: 'Card', receiptNumber: null });
    expect(items[1]).toMatchObject({
      purchaseId: paid.id,
      status: 'paid',
      amountCents: 12_345,
      paidWith: 'Visa ending 4242',
      receiptNumber: paid.receiptNumber,
    });
    expect(items.at(-1)).toMatchObject({ status: 'paid', paidWith: expect.stringMatching(/^bank transfer, reference /) });

    const url = `/api/partner/organisations/${orgId}/credit-purchases/${paid.id}/receipt.pdf`;
    const pdf = await get(url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="mentora-receipt-${paid.receiptNumber}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    for (const words of [
      'Credit receipt',
      `Receipt number: ${paid.receiptNumber}`,
      'Billed to: Stripeford',
      'Credit bought: $123.45',
      'Paid with: Visa ending 4242',
      `Balance available after it: ${(entry!.balanceAfterCents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })}`,
    ])
      expect(text).toContain(words);

    // A purchase not paid has no receipt; another organisation's manager, or anyone else, is told nothing exists.
    expect((await get(`/api/partner/organisations/${orgId}/credit-purchases/${waiting}/receipt.pdf`)).json().error.message).toBe(
      partnerMessages.receiptNotFound,
    );
    expect((await get(`/api/partner/organisations/${orgId}/credit-purchases/not-a-purchase/receipt.pdf`)).statusCode).toBe(404);
    for (const cookie of [otherManager.cookie, outsider.cookie]) {
      expect((await get(url, cookie)).statusCode).toBe(404);
      expect((await get(`/api/partner/organisations/${orgId}/credit-purchases`, cookie)).statusCode).toBe(404);
    }
    const [other] = (await get('/api/partner/organisations', otherManager.cookie)).json().items as { id: string }[];
    expect((await get(`/api/partner/organisations/${other!.id}/credit-purchases/${paid.id}/receipt.pdf`, otherManager.cookie)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
