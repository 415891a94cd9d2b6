import { sessionDeps } from '../../src/server/modules/sessions/deps.js';
/**
 * Stripe payments (docs/product.md "Payments") without the internet: the real SDK talks to a local fake of the API
 * (tests/helpers/fake-stripe.ts) that checks every request; webhooks are signed with the SDK's
 * generateTestHeaderString. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, experts, paymentEvents, payments, sessions, stripeEvents } from '../../src/server/db/schema.js';
import { loadConfig } from '../../src/server/config.js';
import { paymentProvider } from '../../src/server/infra/payments/select.js';
import { stripeProvider } from '../../src/server/infra/payments/stripe.js';
import { autoReleaseDue } from '../../src/server/modules/sessions/use-cases/auto-release-sessions.js';
import { expireReservations } from '../../src/server/modules/sessions/use-cases/expire-reservations.js';
import type { TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createStripeTestApp, deliverStripeEvent } from '../helpers/stripe-app.js';
import { FakeStripe } from '../helpers/fake-stripe.js';
import { createExpert, shift, slotIn } from '../helpers/marketplace.js';

const secretKey = 'sk_test_mentora';
const webhookSecret = 'whsec_mentoratest';
const json = { origin, 'content-type': 'application/json' };

describe('Stripe payments', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let deps: Parameters<typeof expireReservations>[0];
  let addr = 0;

  const book = (cookie: string, startsAt: string, paymentMethodId: string, key = randomUUID()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/sessions',
      // Each call from an address of its own: bookings are rate limited per address.
      remoteAddress: `127.1.${Math.floor(++addr / 250)}.${(addr % 250) + 1}`,
      headers: { ...json, cookie, 'idempotency-key': key },
      payload: { expertId: expert.expert.id, startsAt, durationMinutes: 60, topic: 'Moving into engineering management', paymentMethodId },
    });
  const post = (url: string, cookie: string, payload: object = {}) => ctx.app.inject({ method: 'POST', url, headers: { ...json, cookie }, payload });
  const paymentOf = async (sessionId: string) => (await ctx.database.db.select().from(payments).where(eq(payments.sessionId, sessionId)))[0]!;
  const sessionRow = async (id: string) => (await ctx.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
  const eventsOf = async (paymentId: string) =>
    (await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))).map((e) => [e.type, e.amountCents]);
  const tally = async () => ({
    sessions: (await ctx.database.db.select({ n: count() }).from(sessions))[0]!.n,
    payments: (await ctx.database.db.select().from(payments)).map((p) => `${p.id}:${p.status}:${p.refundedCents}`).sort(),
    events: (await ctx.database.db.select({ n: count() }).from(paymentEvents))[0]!.n,
    mails: (await ctx.database.db.select({ n: count() }).from(emailOutbox))[0]!.n,
    statuses: (await ctx.database.db.select({ id: sessions.id, s: sessions.status }).from(sessions)).map((r) => `${r.id}:${r.s}`).sort(),
  });
  const webhook = (event: object, secret = webhookSecret, tamper?: (payload: string) => string) => deliverStripeEvent(ctx, event, secret, tamper);
  const event = (type: string, object: object) => ({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type,
    api_version: '2026-10-28',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });

  beforeAll(async () => {
    ({ fake, ctx } = await createStripeTestApp(secretKey, webhookSecret));
    deps = sessionDeps(ctx.config, ctx.database.db, paymentProvider(ctx.config));
    client = await createUser(ctx, { email: 'client@example.com', firstName: 'Casey', lastName: 'Client' });
    other = await createUser(ctx, { email: 'other@example.com', firstName: 'Olive', lastName: 'Other' });
    admin = await createUser(ctx, { email: 'admin@example.com', role: 'admin' });
    expert = await createExpert(ctx, { email: 'erin@example.com', rateCents: 9000, policy: 'flexible' });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('tells the browser to use Stripe Elements and lets Stripe.js load', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ stripePublishableKey: 'pk_test_mentora' });
    // The pages' policy (API answers carry a policy that allows nothing: they are data, not documents).
    const csp = String((await ctx.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com");
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_wrong' })).toThrow('STRIPE_SECRET_KEY must be a Stripe secret key');
    expect(loadConfig({ DATA_DIR: ctx.config.dataDir }).stripe).toBeUndefined();
  });

  describe('booking and release', () => {
    it('authorises only (manual capture) when the money is released within the 7-day window, and captures at release', async () => {
      const res = await book(client.cookie, slotIn(48), 'pm_card_visa');
      expect(res.statusCode).toBe(201);
      const s = res.json().session;
      expect(s).toMatchObject({ status: 'booked', totalAmountCents: 9000 });
      expect(s.payment).toMatchObject({ status: 'held', amountCents: 9000, provider: 'stripe', cardBrand: 'Visa', cardLast4: '4242' });
      const [create] = fake.calls('POST', '/v1/payment_intents');
      expect(create!.params).toMatchObject({ amount: '9000', currency: 'usd', capture_method: 'manual', confirm: 'true', payment_method: 'pm_card_visa' });
      expect(create!.idempotencyKey).toMatch(new RegExp(`^hold:${client.id}:[0-9a-f-]{36}:pm_card_visa$`));
      const payment = await paymentOf(s.id);
      expect(fake.intents.get(payment.providerRef)!.status).toBe('requires_capture');
      expect(await eventsOf(payment.id)).toEqual([['hold', 9000]]);

      await shift(ctx, s.id, -50);
      const confirmed = await post(`/api/sessions/${s.id}/confirm`, client.cookie);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().payment.status).toBe('released');
      const [capture] = fake.calls('POST', `/v1/payment_intents/${payment.providerRef}/capture`);
      expect(capture).toMatchObject({ params: { amount_to_capture: '9000' }, idempotencyKey: `release:${payment.id}:capture` });
      expect(fake.intents.get(payment.providerRef)!.status).toBe('succeeded');
      expect(fake.calls('POST', '/v1/transfers')).toHaveLength(0); // no connected account: a ledger-only release
      expect(fake.problems).toEqual([]);
    });

    it('a move to a later time charges the authorisation, so it cannot lapse before the release; the money stays held', async () => {
      const s = (await book(client.cookie, slotIn(50), 'pm_card_visa')).json().session;
      const payment = await paymentOf(s.id);
      expect(fake.intents.get(payment.providerRef)!.status).toBe('requires_capture');
      const moved = await post(`/api/sessions/${s.id}/reschedule`, client.cookie, { startsAt: slotIn(150) });
      expect(moved.statusCode, moved.body).toBe(200);
      const [secure] = fake.calls('POST', `/v1/payment_intents/${payment.providerRef}/capture`);
      expect(secure).toMatchObject({ params: { amount_to_capture: '9000' }, idempotencyKey: `secure:${payment.id}:capture` });
      expect(moved.json().payment).toMatchObject({ status: 'held', amountCents: 9000, refundedCents: 0 });
      expect(await eventsOf(payment.id)).toEqual([['hold', 9000]]);
      expect(fake.problems).toEqual([]);
    });

    it('charges at booking (automatic capture) beyond the window and transfers to the connected account at release', async () => {
      await ctx.database.db.update(experts).set({ stripeAccountId: 'acct_1ErinExpert' }).where(eq(experts.id, expert.expert.id));
      const res = await book(client.cookie, slotIn(24 * 10), 'pm_card_visa');
      expect(res.statusCode).toBe(201);
      const s = res.json().session;
      const [create] = fake.calls('POST', '/v1/payment_intents');
      expect(create!.params).toMatchObject({ amount: '9000', currency: 'usd', capture_method: 'automatic' });
      const payment = await paymentOf(s.id);
      expect(fake.intents.get(payment.providerRef)!.status).toBe('succeeded');

      await shift(ctx, s.id, -24 * 11);
      expect((await post(`/api/sessions/${s.id}/confirm`, client.cookie)).statusCode).toBe(200);
      expect(fake.calls('POST', `/v1/payment_intents/${payment.providerRef}/capture`)).toHaveLength(0);
      const [transfer] = fake.calls('POST', '/v1/transfers');
      expect(transfer).toMatchObject({
        params: { amount: '9000', currency: 'usd', destination: 'acct_1ErinExpert', source_transaction: fake.intents.get(payment.providerRef)!.latest_charge },
        idempotencyKey: `release:${payment.id}:transfer`,
      });
      expect((await paymentOf(s.id)).status).toBe('released');
      await ctx.database.db.update(experts).set({ stripeAccountId: null }).where(eq(experts.id, expert.expert.id));
      expect(fake.problems).toEqual([]);
    });

    it('transfers the price less the commission the session was booked under (docs/product.md "Earnings")', async () => {
      await ctx.database.db.update(experts).set({ stripeAccountId: 'acct_1ErinExpert' }).where(eq(experts.id, expert.expert.id));
      const res = await book(client.cookie, slotIn(24 * 20 + 5), 'pm_card_visa');
      expect(res.statusCode).toBe(201);
      const s = res.json().session;
      // Booked while PLATFORM_FEE_PERCENT was 15.
      await ctx.database.db.update(sessions).set({ platformFeeBps: 1500 }).where(eq(sessions.id, s.id));
      const payment = await paymentOf(s.id);
      await shift(ctx, s.id, -24 * 21);
      expect((await post(`/api/sessions/${s.id}/confirm`, client.cookie)).statusCode).toBe(200);
      const [transfer] = fake.calls('POST', '/v1/transfers');
      expect(transfer).toMatchObject({ params: { amount: '7650', destination: 'acct_1ErinExpert' }, idempotencyKey: `release:${payment.id}:transfer` });
      expect(await eventsOf(payment.id)).toEqual(
        expect.arrayContaining([
          ['release', 7650],
          ['fee', 1350],
        ]),
      );
      await ctx.database.db.update(experts).set({ stripeAccountId: null }).where(eq(experts.id, expert.expert.id));
      expect(fake.problems).toEqual([]);
    });

    it('answers a declined card with 402 in the product wording and writes nothing', async () => {
      const before = await tally();
      const declined = await book(client.cookie, slotIn(60), 'pm_card_chargeDeclined');
      expect(declined.statusCode).toBe(402);
      expect(declined.json().error.message).toBe('Your card was declined. Payment failed. Please try again.');
      const poor = await book(client.cookie, slotIn(60), 'pm_card_chargeDeclinedInsufficientFunds');
      expect(poor.json().error.message).toBe('Your card was declined: insufficient funds. Please use another card.');
      expect(await tally()).toEqual(before);
    });

    it('replays a repeated Idempotency-Key without a second charge', async () => {
      const key = randomUUID();
      const first = await book(client.cookie, slotIn(70), 'pm_card_visa', key);
      const again = await book(client.cookie, slotIn(70), 'pm_card_visa', key);
      expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
      expect(again.json().session.id).toBe(first.json().session.id);
      expect(fake.calls('POST', '/v1/payment_intents')).toHaveLength(1);
    });
  });

  describe('refunds', () => {
    it('refunds a charged payment through the Refunds API', async () => {
      const s = (await book(client.cookie, slotIn(24 * 12), 'pm_card_visa')).json().session;
      const res = await post(`/api/sessions/${s.id}/cancel`, client.cookie, { reason: 'Plans changed' });
      expect(res.json().payment).toMatchObject({ status: 'refunded', refundedCents: 9000 });
      const payment = await paymentOf(s.id);
      const [refund] = fake.calls('POST', '/v1/refunds');
      expect(refund).toMatchObject({ params: { payment_intent: payment.providerRef, amount: '9000' }, idempotencyKey: `refund:${payment.id}` });
      expect(await eventsOf(payment.id)).toEqual([
        ['hold', 9000],
        ['refund', 9000],
      ]);
    });

    it('cancels an uncaptured authorisation refunded in full, and captures only the rest of a partial refund', async () => {
      const full = (await book(client.cookie, slotIn(50), 'pm_card_visa')).json().session;
      expect((await post(`/api/sessions/${full.id}/cancel`, expert.cookie, { reason: 'Sick' })).json().payment.status).toBe('refunded');
      const fullPayment = await paymentOf(full.id);
      expect(fake.intents.get(fullPayment.providerRef)!.status).toBe('canceled');
      expect(fake.calls('POST', `/v1/payment_intents/${fullPayment.providerRef}/cancel`)[0]!.idempotencyKey).toBe(`refund:${fullPayment.id}:cancel`);

      // A client's late cancellation under the flexible policy refunds 50 %.
      const late = (await book(client.cookie, slotIn(10), 'pm_card_visa')).json().session;
      const res = await post(`/api/sessions/${late.id}/cancel`, client.cookie, { reason: 'Late' });
      expect(res.json().payment).toMatchObject({ status: 'partially_refunded', refundedCents: 4500 });
      const latePayment = await paymentOf(late.id);
      const captures = fake.calls('POST', `/v1/payment_intents/${latePayment.providerRef}/capture`);
      expect(captures.map((c) => [c.params.amount_to_capture, c.idempotencyKey])).toEqual([['4500', `refund:${latePayment.id}:capture`]]);
      expect(fake.intents.get(latePayment.providerRef)).toMatchObject({ status: 'succeeded', amount_received: 4500 });
      expect(await eventsOf(latePayment.id)).toEqual([
        ['hold', 9000],
        ['refund', 4500],
        ['release', 4500],
      ]);
      expect(fake.problems).toEqual([]);
    });
  });

  describe('disputes and lapsed authorisations', () => {
    /** A 60-minute session paid by an authorisation (manual capture) `hoursAhead` from now, then moved to start `hoursAgo` ago. */
    const pastAuthorised = async (hoursAhead: number, hoursAgo: number) => {
      const s = (await book(client.cookie, slotIn(hoursAhead), 'pm_card_visa')).json().session;
      await shift(ctx, s.id, -hoursAhead - hoursAgo);
      const payment = await paymentOf(s.id);
      expect(fake.intents.get(payment.providerRef)!.status).toBe('requires_capture');
      return { s, payment };
    };

    it('charges the authorisation when the client opens a dispute, so a decision after 7 days still refunds and releases', async () => {
      const { s, payment } = await pastAuthorised(60, 5);
      expect((await post(`/api/sessions/${s.id}/dispute`, client.cookie, { description: 'The call dropped after ten minutes.' })).statusCode).toBe(200);
      const [secure] = fake.calls('POST', `/v1/payment_intents/${payment.providerRef}/capture`);
      expect(secure).toMatchObject({ params: { amount_to_capture: '9000' }, idempotencyKey: `secure:${payment.id}:capture` });
      expect(fake.intents.get(payment.providerRef)!.status).toBe('succeeded');
      expect(await paymentOf(s.id)).toMatchObject({ status: 'held', refundedCents: 0 });

      const [{ id: disputeId }] = (await ctx.app.inject({ method: 'GET', url: '/api/admin/disputes?status=open', headers: { cookie: admin.cookie } }))
        .json()
        .items.filter((d: { session: { id: string } }) => d.session.id === s.id);
      const res = await post(`/api/admin/disputes/${disputeId}/resolve`, admin.cookie, {
        decision: 'client',
        refundCents: 4000,
        note: 'Refunding the part that did not happen.',
      });
      expect(res.statusCode).toBe(200);
      const [refund] = fake.calls('POST', '/v1/refunds');
      expect(refund).toMatchObject({ params: { payment_intent: payment.providerRef, amount: '4000' }, idempotencyKey: `refund:${payment.id}` });
      expect(fake.calls('POST', `/v1/payment_intents/${payment.providerRef}/capture`)).toHaveLength(1);
      expect(await paymentOf(s.id)).toMatchObject({ status: 'partially_refunded', refundedCents: 4000 });
      expect(await eventsOf(payment.id)).toEqual([
        ['hold', 9000],
        ['refund', 4000],
        ['release', 5000],
      ]);
      expect(fake.problems).toEqual([]);
    });

    it('refuses to release a lapsed authorisation with 409 in plain words and leaves the money held', async () => {
      const { s, payment } = await pastAuthorised(61, 7);
      fake.intents.get(payment.providerRef)!.status = 'canceled'; // Stripe cancels an uncaptured authorisation after 7 days.
      const res = await post(`/api/sessions/${s.id}/confirm`, client.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('The card authorisation for this session has lapsed, so its payment can no longer be released. Please contact us.');
      expect(await paymentOf(s.id)).toMatchObject({ status: 'held' });
      expect((await sessionRow(s.id)).status).toBe('booked');
      expect(await eventsOf(payment.id)).toEqual([['hold', 9000]]);
    });

    it('auto-release goes on past a session whose payment it cannot release, and names it', async () => {
      const lapsed = await pastAuthorised(62, 90);
      fake.intents.get(lapsed.payment.providerRef)!.status = 'canceled';
      const fine = await pastAuthorised(63, 92);
      await expect(autoReleaseDue(deps)).rejects.toThrow(`auto-release refused for sessions ${lapsed.s.id}`);
      expect((await sessionRow(fine.s.id)).status).toBe('confirmed');
      expect(await paymentOf(fine.s.id)).toMatchObject({ status: 'released' });
      expect((await sessionRow(lapsed.s.id)).status).toBe('booked');
      expect(await paymentOf(lapsed.s.id)).toMatchObject({ status: 'held' });
    });
  });

  describe('provider', () => {
    it("keeps idempotency keys within Stripe's 255 characters and treats a repeated cancellation as done", async () => {
      const provider = stripeProvider({ secretKey, apiUrl: fake.url });
      const longKey = `hold:${'k'.repeat(300)}`;
      const hold = await provider.hold({
        amountCents: 5000,
        currency: 'USD',
        paymentMethodId: 'pm_card_threeDSecure2Required',
        releaseBy: new Date(Date.now() + 86_400_000),
        now: new Date(),
        idempotencyKey: longKey,
        description: 'x',
      });
      expect(hold).toMatchObject({ ok: false, reason: 'requires_action' });
      expect(fake.calls('POST', '/v1/payment_intents')[0]!.idempotencyKey).toMatch(/^sha256:[0-9a-f]{64}$/);
      const ref = (hold as { providerRef: string }).providerRef;
      await provider.cancel({ providerRef: ref, idempotencyKey: 'a' });
      await provider.cancel({ providerRef: ref, idempotencyKey: 'b' }); // Stripe answers "already canceled"
      expect(await provider.check(ref)).toEqual({ state: 'failed' });
      expect(fake.problems).toEqual([]);
    });
  });

  describe('3-D Secure reservation', () => {
    it('reserves the slot for 15 minutes, refuses it to others, and books it once the bank confirms', async () => {
      const startsAt = slotIn(30);
      const mailCount = async () => (await ctx.database.db.select({ n: count() }).from(emailOutbox))[0]!.n;
      const mailsAtStart = await mailCount();
      const res = await book(client.cookie, startsAt, 'pm_card_threeDSecure2Required');
      expect(res.statusCode).toBe(202);
      const { session: s, paymentAction } = res.json();
      expect(s.status).toBe('pending_payment');
      expect(s.payment).toMatchObject({ status: 'pending', amountCents: 9000 });
      const payment = await paymentOf(s.id);
      expect(paymentAction.clientSecret).toBe(fake.intents.get(payment.providerRef)!.client_secret);
      expect(new Date(paymentAction.reservedUntil).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(await eventsOf(payment.id)).toEqual([]);
      expect(await mailCount()).toBe(mailsAtStart); // nothing is booked yet, so nobody is told
      // The client's list shows the reservation under Upcoming; the counters count neither it nor its money until it is booked.
      const read = async (url: string) => (await ctx.app.inject({ method: 'GET', url, headers: { cookie: client.cookie } })).json();
      expect((await read('/api/sessions?when=upcoming&pageSize=100')).sessions.map((x: { id: string }) => x.id)).toContain(s.id);
      const counted = await read('/api/sessions/summary');

      const taken = await book(other.cookie, startsAt, 'pm_card_visa');
      expect(taken.statusCode).toBe(409);
      const expertList = await ctx.app.inject({ method: 'GET', url: '/api/sessions', headers: { cookie: expert.cookie } });
      expect(expertList.json().sessions.map((x: { id: string }) => x.id)).not.toContain(s.id);

      // Still waiting for the bank: the session stays reserved.
      expect((await post(`/api/sessions/${s.id}/payment`, client.cookie)).json().status).toBe('pending_payment');
      expect((await post(`/api/sessions/${s.id}/payment`, other.cookie)).statusCode).toBe(403);

      fake.completeAction(payment.providerRef, true);
      const done = await post(`/api/sessions/${s.id}/payment`, client.cookie);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ status: 'booked', payment: { status: 'held', cardLast4: '3155' } });
      expect(await read('/api/sessions/summary')).toMatchObject({ upcoming: counted.upcoming + 1, spentCents: counted.spentCents + 9000 });
      expect((await sessionRow(s.id)).reservedUntil).toBeNull();
      expect(await eventsOf(payment.id)).toEqual([['hold', 9000]]);
      expect(await mailCount()).toBe(mailsAtStart + 3); // both booking confirmations and the client's receipt, now
      // Asking again changes nothing.
      expect((await post(`/api/sessions/${s.id}/payment`, client.cookie)).json().status).toBe('booked');
      expect(await eventsOf(payment.id)).toEqual([['hold', 9000]]);
    });

    it('releases an abandoned reservation after 15 minutes: the intent is cancelled and the slot is free again', async () => {
      const startsAt = slotIn(34);
      const key = randomUUID();
      const s = (await book(client.cookie, startsAt, 'pm_card_threeDSecure2Required', key)).json().session;
      const payment = await paymentOf(s.id);
      const now = Date.now();
      expect(await expireReservations(deps, new Date(now + 14 * 60_000))).toBe(0);
      expect((await sessionRow(s.id)).status).toBe('pending_payment');

      expect(await expireReservations(deps, new Date(now + 16 * 60_000))).toBe(1);
      expect(await sessionRow(s.id)).toMatchObject({ status: 'expired', reservedUntil: null });
      expect((await paymentOf(s.id)).status).toBe('failed');
      expect(await eventsOf(payment.id)).toEqual([]);
      expect(fake.intents.get(payment.providerRef)!.status).toBe('canceled');
      expect(fake.calls('POST', `/v1/payment_intents/${payment.providerRef}/cancel`)[0]!.idempotencyKey).toBe(`expire:${payment.id}:cancel`);

      const late = await post(`/api/sessions/${s.id}/payment`, client.cookie);
      expect(late.statusCode).toBe(402);
      expect(late.json().error.message).toBe('The payment was not completed, so the time was released. Please book again.');
      // Retrying with the lapsed attempt's key is not mistaken for a booking.
      const retried = await book(client.cookie, startsAt, 'pm_card_visa', key);
      expect([retried.statusCode, retried.json().error.message]).toEqual([402, 'The payment was not completed, so the time was released. Please book again.']);
      const mine = await ctx.app.inject({ method: 'GET', url: '/api/sessions', headers: { cookie: client.cookie } });
      expect(mine.json().sessions.map((x: { id: string }) => x.id)).not.toContain(s.id);
      expect((await book(other.cookie, startsAt, 'pm_card_visa')).statusCode).toBe(201);
      expect(await expireReservations(deps, new Date(now + 30 * 60_000))).toBe(0);
      expect(fake.problems).toEqual([]);
    });

    it('books a reservation whose payment completed just as it expired', async () => {
      const s = (await book(client.cookie, slotIn(38), 'pm_card_threeDSecure2Required')).json().session;
      fake.completeAction((await paymentOf(s.id)).providerRef, true);
      expect(await expireReservations(deps, new Date(Date.now() + 16 * 60_000))).toBe(1);
      expect((await sessionRow(s.id)).status).toBe('booked');
      expect((await paymentOf(s.id)).status).toBe('held');
    });
  });

  describe('webhooks', () => {
    it('refuses a forged, tampered or unsigned event with 400 and changes nothing', async () => {
      const s = (await book(client.cookie, slotIn(42), 'pm_card_threeDSecure2Required')).json().session;
      const payment = await paymentOf(s.id);
      fake.completeAction(payment.providerRef, true);
      const before = await tally();
      const e = event('payment_intent.succeeded', { id: payment.providerRef, object: 'payment_intent', status: 'requires_capture' });
      expect((await webhook(e, 'whsec_forged')).statusCode).toBe(400);
      expect((await webhook(e, webhookSecret, (p) => p.replace('requires_capture', 'succeeded'))).statusCode).toBe(400);
      const unsigned = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(e),
      });
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json().error.code).toBe('VALIDATION');
      expect(await tally()).toEqual(before);
      expect(await ctx.database.db.select().from(stripeEvents)).toEqual([]);

      // The genuine event books it, verified with Stripe by id; its replay changes nothing.
      const ok = await webhook(e);
      expect(ok.json()).toEqual({ received: true, outcome: 'applied' });
      expect((await sessionRow(s.id)).status).toBe('booked');
      const after = await tally();
      expect((await webhook(e)).json()).toEqual({ received: true, outcome: 'duplicate' });
      expect(await tally()).toEqual(after);
      // The same news under another event id is harmless too.
      expect((await webhook(event('payment_intent.amount_capturable_updated', { id: payment.providerRef, object: 'payment_intent' }))).json().outcome).toBe(
        'ignored',
      );
      expect(await tally()).toEqual(after);
    });

    it('releases a reservation on payment_intent.payment_failed and on payment_intent.canceled', async () => {
      const startsAt = slotIn(46);
      const failed = (await book(client.cookie, startsAt, 'pm_card_threeDSecure2Required')).json().session;
      const failedRef = (await paymentOf(failed.id)).providerRef;
      fake.completeAction(failedRef, false);
      expect((await webhook(event('payment_intent.payment_failed', { id: failedRef, object: 'payment_intent' }))).json().outcome).toBe('applied');
      expect((await sessionRow(failed.id)).status).toBe('expired');
      expect((await paymentOf(failed.id)).status).toBe('failed');
      expect(fake.intents.get(failedRef)!.status).toBe('canceled');

      const cancelled = (await book(client.cookie, startsAt, 'pm_card_threeDSecure2Required')).json().session;
      const cancelledRef = (await paymentOf(cancelled.id)).providerRef;
      fake.intents.get(cancelledRef)!.status = 'canceled'; // cancelled in Stripe's dashboard
      expect((await webhook(event('payment_intent.canceled', { id: cancelledRef, object: 'payment_intent' }))).json().outcome).toBe('applied');
      expect((await sessionRow(cancelled.id)).status).toBe('expired');
      expect((await book(other.cookie, startsAt, 'pm_card_visa')).statusCode).toBe(201);
    });

    it('records a refund made at Stripe (charge.refunded) once', async () => {
      const s = (await book(client.cookie, slotIn(24 * 9), 'pm_card_visa')).json().session;
      const payment = await paymentOf(s.id);
      const charge = {
        id: fake.intents.get(payment.providerRef)!.latest_charge,
        object: 'charge',
        payment_intent: payment.providerRef,
        amount: 9000,
        amount_refunded: 3000,
        refunded: false,
      };
      const e = event('charge.refunded', charge);
      expect((await webhook(e)).json().outcome).toBe('applied');
      expect(await paymentOf(s.id)).toMatchObject({ status: 'partially_refunded', refundedCents: 3000 });
      expect(await eventsOf(payment.id)).toEqual([
        ['hold', 9000],
        ['refund', 3000],
      ]);
      expect((await webhook(e)).json().outcome).toBe('duplicate');
      expect((await webhook(event('charge.refunded', charge))).json().outcome).toBe('ignored');
      expect((await webhook(event('charge.refunded', { ...charge, amount_refunded: 9000, refunded: true }))).json().outcome).toBe('applied');
      expect(await paymentOf(s.id)).toMatchObject({ status: 'refunded', refundedCents: 9000 });
      expect(await eventsOf(payment.id)).toEqual([
        ['hold', 9000],
        ['refund', 3000],
        ['refund', 6000],
      ]);
    });

    it("leaves a package's charge to Mentora's own refunds: Stripe's total refunded is never counted against one of its sessions", async () => {
      const offered = await ctx.app.inject({
        method: 'POST',
        url: '/api/me/packages',
        headers: { ...json, cookie: expert.cookie },
        payload: { sessionCount: 4, durationMinutes: 60, priceCents: 34000, validityMonths: 3 },
      });
      expect(offered.statusCode, offered.body).toBe(201);
      const bought = await ctx.app.inject({
        method: 'POST',
        url: `/api/packages/${offered.json().id}/purchases`,
        headers: { ...json, cookie: client.cookie, 'idempotency-key': randomUUID() },
        payload: { paymentMethodId: 'pm_card_visa' },
      });
      expect(bought.statusCode, bought.body).toBe(201);
      const purchase = bought.json().purchase;
      const booked = await ctx.app.inject({
        method: 'POST',
        url: `/api/package-purchases/${purchase.id}/sessions`,
        headers: { ...json, cookie: client.cookie, 'idempotency-key': randomUUID() },
        payload: { startsAt: slotIn(64), topic: 'Roadmap review' },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const payment = await paymentOf(booked.json().session.id);
      // Mentora refunds the 3 unused sessions at the processor (the team's refund, or the expiry): Stripe reports the charge's total.
      const charge = {
        id: fake.intents.get(payment.providerRef)!.latest_charge,
        object: 'charge',
        payment_intent: payment.providerRef,
        amount: 34000,
        amount_refunded: 25500,
        refunded: false,
      };
      expect((await webhook(event('charge.refunded', charge))).json().outcome).toBe('ignored');
      expect(await paymentOf(booked.json().session.id)).toMatchObject({ status: 'held', refundedCents: 0 });
      expect(await eventsOf(payment.id)).toEqual([['hold', 8500]]);
    });

    it('freezes a payment on charge.dispute.created, tells the team, and never releases it', async () => {
      const s = (await book(client.cookie, slotIn(52), 'pm_card_visa')).json().session;
      const payment = await paymentOf(s.id);
      const dispute = {
        id: 'dp_1',
        object: 'dispute',
        amount: 9000,
        currency: 'usd',
        reason: 'fraudulent',
        status: 'needs_response',
        charge: 'ch_x',
        payment_intent: payment.providerRef,
      };
      const e = event('charge.dispute.created', dispute);
      expect((await webhook(e)).json().outcome).toBe('applied');
      expect((await paymentOf(s.id)).status).toBe('disputed');
      expect(await eventsOf(payment.id)).toEqual([
        ['hold', 9000],
        ['dispute', 9000],
      ]);
      const [mail] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'Card dispute opened on a session payment'));
      expect(mail).toMatchObject({ to: 'admin@example.com' });
      expect(mail!.text).toContain('$90.00');
      expect((await webhook(e)).json().outcome).toBe('duplicate');
      expect((await webhook(event('charge.dispute.created', dispute))).json().outcome).toBe('ignored');

      await shift(ctx, s.id, -60);
      expect((await post(`/api/sessions/${s.id}/confirm`, client.cookie)).statusCode).toBe(200);
      expect(fake.calls('POST', `/v1/payment_intents/${payment.providerRef}/capture`)).toHaveLength(0);
      expect(await eventsOf(payment.id)).toEqual([
        ['hold', 9000],
        ['dispute', 9000],
      ]);
    });

    it('books a reservation once when the browser and the webhook settle it at the same moment', async () => {
      const key = randomUUID();
      const s = (await book(client.cookie, slotIn(56), 'pm_card_threeDSecure2Required', key)).json().session;
      // Paying again with the same key answers the reservation, not a second intent nor a booking.
      const again = await book(client.cookie, slotIn(56), 'pm_card_threeDSecure2Required', key);
      expect([again.statusCode, again.json().session.status]).toEqual([200, 'pending_payment']);
      const payment = await paymentOf(s.id);
      fake.completeAction(payment.providerRef, true);
      const before = (await tally()).mails;
      const [browser, hook] = await Promise.all([
        post(`/api/sessions/${s.id}/payment`, client.cookie),
        webhook(event('payment_intent.amount_capturable_updated', { id: payment.providerRef, object: 'payment_intent' })),
      ]);
      expect([browser.statusCode, hook.statusCode]).toEqual([200, 200]);
      expect((await sessionRow(s.id)).status).toBe('booked');
      expect(await eventsOf(payment.id)).toEqual([['hold', 9000]]);
      expect((await tally()).mails).toBe(before + 3); // both confirmations and one receipt
    });

    it('acknowledges event types it does not use', async () => {
      expect((await webhook(event('customer.created', { id: 'cus_1', object: 'customer' }))).json()).toEqual({ received: true, outcome: 'ignored' });
    });
  });
});
