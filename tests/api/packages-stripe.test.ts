/**
 * Buying a session package with a card whose bank asks for 3-D Secure, with Stripe (docs/product.md "Plans and
 * packages", "Buying"), as a booking's reservation completes: the purchase answers 202 with what the browser needs for
 * the bank's step and buys nothing; it is bought — with the same id, its sessions, ledger and receipt — once Stripe says
 * the bank confirmed, asked by the browser or told by the webhook, whichever comes first, once. A refused step buys
 * nothing and voids the payment; one abandoned for a day expires by the job, its PaymentIntent cancelled. The real
 * SDK talks to the local fake of the API (tests/helpers/fake-stripe.ts); webhooks are signed with the SDK's
 * generateTestHeaderString. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, packagePurchases } from '../../src/server/db/schema.js';
import { paymentProvider } from '../../src/server/infra/payments/select.js';
import { expireAbandonedPackagePayments } from '../../src/server/modules/packages/use-cases/settle-package-payment.js';
import { messages } from '../../src/shared/messages.js';
import { packageMessages } from '../../src/shared/packages.js';
import { pendingPurchaseHours } from '../../src/shared/partners.js';
import type { TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import type { FakeStripe } from '../helpers/fake-stripe.js';
import { createExpert } from '../helpers/marketplace.js';
import { expectPrepaidLedgerBalanced } from '../helpers/prepaid-ledger.js';
import { createStripeTestApp, deliverStripeEvent } from '../helpers/stripe-app.js';

const webhookSecret = 'whsec_mentora_package_3ds';
const json = { origin, 'content-type': 'application/json' };

describe('buying a package with a card that needs 3-D Secure', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let packageId = '';
  let n = 0;
  const post = (url: string, cookie: string, payload: object = {}, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: `127.14.0.${(++n % 250) + 1}`,
      headers: { ...json, cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const buy = (cookie: string, key = randomUUID(), paymentMethodId = 'pm_card_threeDSecure2Required') =>
    post(`/api/packages/${packageId}/purchases`, cookie, { paymentMethodId }, key);
  const complete = (purchaseId: string, cookie: string) => post(`/api/package-purchases/${purchaseId}/payment`, cookie);
  const mine = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/me/package-purchases', headers: { cookie } })).json().purchases;
  const receipts = async (to: string) =>
    (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter((m) => m.subject.startsWith('Receipt:'));
  const intentEvent = (type: string, id: string) => ({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id, object: 'payment_intent' } },
  });
  /** A new client, and their purchase awaiting the bank: its id and PaymentIntent. */
  async function awaiting(name: string) {
    const client = await createUser(ctx, { email: `${name}@example.com`, firstName: 'Tess', lastName: 'Three' });
    const key = randomUUID();
    const res = await buy(client.cookie, key);
    expect(res.statusCode, res.body).toBe(202);
    const { purchaseId, paymentAction } = res.json();
    const intent = [...fake.intents.values()].find((i) => i.client_secret === paymentAction.clientSecret)!;
    expect(intent).toMatchObject({ status: 'requires_action', amount: 34000, capture_method: 'automatic' });
    return { client, key, purchaseId: purchaseId as string, intent };
  }

  beforeAll(async () => {
    ({ fake, ctx } = await createStripeTestApp('sk_test_mentora_package_3ds', webhookSecret));
    const expert = await createExpert(ctx, { email: 'package-3ds-expert@example.com', rateCents: 9000 });
    const offered = await post('/api/me/packages', expert.cookie, { sessionCount: 4, durationMinutes: 60, priceCents: 34000, validityMonths: 3 });
    expect(offered.statusCode, offered.body).toBe(201);
    packageId = offered.json().id;
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });

  it('buys nothing until the bank confirms, then the browser completes it once; a replay of the key answers the purchase', async () => {
    const { client, key, purchaseId, intent } = await awaiting('package-3ds-ok');
    expect(await mine(client.cookie)).toEqual([]);
    // Asked before the bank answered: still confirming, by the payment step and by a replay of the purchase.
    const early = await complete(purchaseId, client.cookie);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.message).toBe(messages.payment.awaitingPayment);
    expect((await buy(client.cookie, key)).statusCode).toBe(409);
    // Nobody else can complete it.
    const other = await createUser(ctx, { email: 'package-3ds-other@example.com' });
    expect((await complete(purchaseId, other.cookie)).statusCode).toBe(404);

    fake.completeAction(intent.id, true);
    const done = await complete(purchaseId, client.cookie);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().purchase).toMatchObject({ id: purchaseId, status: 'active', sessionsLeft: 4, priceCents: 34000, cardBrand: 'Visa', cardLast4: '3155' });
    expect(done.json().purchase.receiptNumber).toMatch(/^MEN-\d{4}-\d{6}$/);
    expect(await mine(client.cookie)).toHaveLength(1);
    // Again, by the browser, a replay of the key and Stripe's webhook: the same purchase, bought once, one receipt.
    expect((await complete(purchaseId, client.cookie)).json().purchase.id).toBe(purchaseId);
    const replay = await buy(client.cookie, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().purchase.id).toBe(purchaseId);
    expect((await deliverStripeEvent(ctx, intentEvent('payment_intent.succeeded', intent.id), webhookSecret)).json().outcome).toBe('ignored');
    expect(await ctx.database.db.select().from(packagePurchases).where(eq(packagePurchases.providerRef, intent.id))).toHaveLength(1);
    expect(await receipts(client.email)).toHaveLength(1);
    expect(fake.intents.get(intent.id)).toMatchObject({ status: 'succeeded', amount_received: 34000 });
    expect(fake.problems).toEqual([]);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('the webhook buys it when the browser never comes back', async () => {
    const { client, purchaseId, intent } = await awaiting('package-3ds-webhook');
    fake.completeAction(intent.id, true);
    const told = await deliverStripeEvent(ctx, intentEvent('payment_intent.succeeded', intent.id), webhookSecret);
    expect(told.json().outcome).toBe('applied');
    expect(await mine(client.cookie)).toMatchObject([{ id: purchaseId, sessionsLeft: 4 }]);
    expect((await complete(purchaseId, client.cookie)).statusCode).toBe(200);
    expect(await receipts(client.email)).toHaveLength(1);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('a bank that refuses buys nothing and voids the payment', async () => {
    const { client, key, purchaseId, intent } = await awaiting('package-3ds-refused');
    fake.completeAction(intent.id, false);
    const refused = await complete(purchaseId, client.cookie);
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().error.message).toBe(messages.payment.failed);
    expect(fake.intents.get(intent.id)!.status).toBe('canceled');
    expect((await buy(client.cookie, key)).statusCode).toBe(402);
    expect(await mine(client.cookie)).toEqual([]);
    expect(await receipts(client.email)).toEqual([]);
  });

  it('one abandoned for a day expires by the job: the payment cancelled, a late confirmation buys nothing', async () => {
    const { client, purchaseId, intent } = await awaiting('package-3ds-abandoned');
    const deps = { db: ctx.database.db, provider: paymentProvider(ctx.config), baseUrl: ctx.config.baseUrl };
    const hour = 3_600_000;
    expect(await expireAbandonedPackagePayments(deps, new Date(Date.now() + (pendingPurchaseHours - 1) * hour))).toBe(0);
    expect(await expireAbandonedPackagePayments(deps, new Date(Date.now() + (pendingPurchaseHours + 1) * hour))).toBe(1);
    expect(fake.intents.get(intent.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    // The bank's step finished later: Stripe refuses it, and nothing is bought here either.
    expect(() => fake.completeAction(intent.id, true)).toThrow();
    const late = await complete(purchaseId, client.cookie);
    expect(late.statusCode, late.body).toBe(402);
    expect(late.json().error.message).toBe(packageMessages.paymentExpired);
    expect((await deliverStripeEvent(ctx, intentEvent('payment_intent.canceled', intent.id), webhookSecret)).json().outcome).toBe('ignored');
    expect(await mine(client.cookie)).toEqual([]);
    expect(await expireAbandonedPackagePayments(deps, new Date(Date.now() + 48 * hour))).toBe(0);
  });
});
