/**
 * With Stripe (Connect), a booking an organisation's credit paid in part or in full pays the expert's connected
 * account all of the expert's net at release (docs/product.md "Booking with credit", decision 034): the card's part
 * from its charge, the credit's part from the platform's balance, under the booking's transfer group. When Stripe
 * fails that transfer, the release still answers, and the payment retries job makes the transfer, once. Stripe is the
 * local fake (tests/helpers/fake-stripe.ts). Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experts, paymentEvents, paymentRetries, payments } from '../../src/server/db/schema.js';
import { paymentProvider } from '../../src/server/infra/payments/select.js';
import { retryDueGiveBacks } from '../../src/server/modules/payments/payment-retry-service.js';
import { messages } from '../../src/shared/messages.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { FakeStripe } from '../helpers/fake-stripe.js';
import { createExpert, shift, slotIn } from '../helpers/marketplace.js';
import { fundedOrganisation } from '../helpers/partners.js';
import { handledFailures, logLines } from '../helpers/unready-app.js';

const secretKey = 'sk_test_mentora';
const account = 'acct_1CreditExpert';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('the credit’s share of a release, transferred to the expert’s Stripe account', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  const log = logLines();
  let admin: Awaited<ReturnType<typeof createUser>>;
  let member: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  /** A programme paying up to $50 of a session (the member pays the rest by card), and one paying it all. */
  let capped: string;
  let full: string;
  let calls = 0;

  const post = (url: string, cookie: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: `127.6.${Math.floor(++calls / 250) % 250}.${(calls % 250) + 1}`,
      headers: { origin, cookie, ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
  /** The member books a $90 hour `hours` ahead with `programmeId`, paying any rest with Stripe's test Visa; then it took place. */
  const bookAndHold = async (hours: number, programmeId: string) => {
    const body = { expertId: expert.expert.id, startsAt: slotIn(hours), durationMinutes: 60, topic: 'Moving into engineering management', programmeId };
    const res = await post('/api/sessions', member.cookie, programmeId === capped ? { ...body, paymentMethodId: 'pm_card_visa' } : body, {
      'idempotency-key': randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().session.id as string;
    await shift(ctx, id, -2 * hours);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, id));
    return { id, payment: payment! };
  };
  const released = async (paymentId: string) =>
    (await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))).find((e) => e.type === 'release')!.amountCents;
  const transfersTo = (group: string) => fake.calls('POST', '/v1/transfers').filter((c) => c.params.transfer_group === group);
  const runJob = (minutes: number) =>
    retryDueGiveBacks({ db: ctx.database.db, provider: paymentProvider(ctx.config) }, new Date(Date.now() + minutes * 60_000)).catch((err: Error) => err);

  beforeAll(async () => {
    fake = await new FakeStripe(secretKey).start();
    ctx = await createTestApp(
      { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_mentora', STRIPE_API_URL: fake.url, PLATFORM_FEE_PERCENT: '10' },
      { logger: { level: 'error', stream: log.stream } },
    );
    admin = await createUser(ctx, { email: 'transfer-admin@example.com', role: 'admin' });
    const manager = await createUser(ctx, { email: 'careers@north.example' });
    member = await createUser(ctx, { email: 'kim@north.example' });
    expert = await createExpert(ctx, { email: 'transfer-expert@example.com', rateCents: 9_000, policy: 'flexible' });
    await ctx.database.db.update(experts).set({ stripeAccountId: account }).where(eq(experts.id, expert.expert.id));
    const orgId = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'North', manager, cents: 100_000 });
    const programme = async (name: string, maxPriceCents?: number) => {
      const made = await post(`/api/partner/organisations/${orgId}/programmes`, manager.cookie, {
        name,
        startsOn: day(0),
        endsOn: day(60),
        joinRule: 'code',
        sessionLimit: 10,
        ...(maxPriceCents ? { maxPriceCents } : {}),
      });
      expect(made.statusCode, made.body).toBe(201);
      expect((await post('/api/me/programmes/join', member.cookie, { code: made.json().code })).statusCode).toBe(200);
      return made.json().id as string;
    };
    capped = await programme('Half sessions', 5_000);
    full = await programme('Whole sessions');
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.stop();
  });

  it('a split booking makes two transfers, the card’s part from its charge and the credit’s from the balance, summing to the expert’s net', async () => {
    const { id, payment } = await bookAndHold(50, capped);
    expect(payment).toMatchObject({ amountCents: 9_000, creditCents: 5_000 });
    expect((await post(`/api/sessions/${id}/confirm`, member.cookie)).statusCode).toBe(200);

    const [card] = fake.calls('POST', '/v1/transfers').filter((c) => c.idempotencyKey === `release:${payment.id}:transfer`);
    expect(card!.params).toMatchObject({ amount: '3600', destination: account, source_transaction: fake.intents.get(payment.providerRef)!.latest_charge });
    const [credit, ...more] = transfersTo(id);
    expect(more).toEqual([]);
    expect(credit).toMatchObject({
      params: { amount: '4500', currency: 'usd', destination: account },
      idempotencyKey: `release:${payment.id}:credit-transfer`,
    });
    expect(credit!.params.source_transaction).toBeUndefined();
    expect(3_600 + 4_500).toBe(await released(payment.id));
    expect(fake.problems).toEqual([]);
  });

  it('a booking the credit pays in full makes one transfer from the balance, of the expert’s net', async () => {
    const { id, payment } = await bookAndHold(52, full);
    expect(payment).toMatchObject({ provider: 'credit', amountCents: 9_000, creditCents: 9_000 });
    const before = fake.calls('POST', '/v1/transfers').length;
    expect((await post(`/api/sessions/${id}/confirm`, member.cookie)).statusCode).toBe(200);
    expect(fake.calls('POST', '/v1/transfers')).toHaveLength(before + 1);
    const [credit] = transfersTo(id);
    expect(credit).toMatchObject({ params: { amount: '8100', destination: account }, idempotencyKey: `release:${payment.id}:credit-transfer` });
    expect(credit!.params.source_transaction).toBeUndefined();
    expect(await released(payment.id)).toBe(8_100);
    // Confirming again moves nothing more.
    expect((await post(`/api/sessions/${id}/confirm`, member.cookie)).statusCode).toBe(409);
    expect(transfersTo(id)).toHaveLength(1);
  });

  it('when Stripe is down at release, the release answers, is reported, and the retries job makes the transfer once', async () => {
    const { id, payment } = await bookAndHold(54, full);
    const failures = await handledFailures(ctx.app, 'payment_action');
    fake.failNext('POST', /^\/v1\/transfers$/);
    const confirmed = await post(`/api/sessions/${id}/confirm`, member.cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().payment).toMatchObject({ status: 'released' });
    expect(fake.transfers.filter((t) => t.destination === account && t.amount === 8_100)).toHaveLength(1); // the earlier test's only
    expect(await handledFailures(ctx.app, 'payment_action')).toBe(failures + 1);
    const [queued] = await ctx.database.db.select().from(paymentRetries).where(eq(paymentRetries.providerRef, id));
    expect(queued).toMatchObject({ amountCents: 8_100, transferTo: account, currency: 'USD', doneAt: null });

    expect(await runJob(0)).toEqual({ done: 0, failing: 0 }); // not due yet
    expect(await runJob(1)).toEqual({ done: 1, failing: 0 });
    expect(await runJob(120)).toEqual({ done: 0, failing: 0 });
    const made = transfersTo(id).filter((c) => c.idempotencyKey === `release:${payment.id}:credit-transfer`);
    expect(made.map((c) => c.params.amount)).toEqual(['8100', '8100']); // the failed attempt and the job's
    expect(fake.transfers.filter((t) => t.amount === 8_100)).toHaveLength(2); // this booking's one and the earlier test's
  });

  it('a transfer Stripe could not make is in front of the team as the expert’s share: asked again at once, then done in its own words', async () => {
    const { id, payment } = await bookAndHold(58, full);
    fake.failNext('POST', /^\/v1\/transfers$/);
    expect((await post(`/api/sessions/${id}/confirm`, member.cookie)).statusCode).toBe(200);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/payment-retries?status=open', headers: { origin, cookie: admin.cookie } });
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().items.find((r: { providerRef: string }) => r.providerRef === id);
    expect(row).toMatchObject({ kind: 'transfer', amountCents: 8_100, attempts: 1, doneAt: null });

    const retried = await post(`/api/admin/payment-retries/${row.id}/retry`, admin.cookie);
    expect(retried.json()).toMatchObject({ done: true, retry: { kind: 'transfer', doneAt: expect.any(String) } });
    expect(transfersTo(id).filter((c) => c.idempotencyKey === `release:${payment.id}:credit-transfer`)).toHaveLength(2); // the failed one and the team's
    for (const action of ['retry', 'resolve']) {
      const again = await post(`/api/admin/payment-retries/${row.id}/${action}`, admin.cookie, action === 'resolve' ? { reason: 'Paid by hand' } : undefined);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(messages.admin.paymentRetryDone.transfer);
    }
  });

  it('a transfer Stripe made but whose answer was lost is asked again with its key: the expert is paid once', async () => {
    const { id, payment } = await bookAndHold(56, full);
    const before = fake.transfers.length;
    fake.loseAnswerOfNext('POST', /^\/v1\/transfers$/);
    expect((await post(`/api/sessions/${id}/confirm`, member.cookie)).statusCode).toBe(200);
    expect(fake.transfers).toHaveLength(before + 1);
    expect(await runJob(1)).toEqual({ done: 1, failing: 0 });
    expect(fake.transfers).toHaveLength(before + 1);
    const [row] = await ctx.database.db.select().from(paymentRetries).where(eq(paymentRetries.providerRef, id));
    expect(row).toMatchObject({ idempotencyKey: `release:${payment.id}:credit-transfer` });
    expect(row!.doneAt).not.toBeNull();
    expect(fake.problems).toEqual([]);
  });
});
