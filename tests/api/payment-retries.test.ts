/**
 * Money the payment processor fails to give back is never forgotten (docs/product.md "Payments",
 * docs/decisions/029-answers-after-commit.md): when Stripe cannot void the hold of a booking the database refused, or
 * the authorisation of a reservation that expires, the give-back is logged with the request id, counted in /metrics
 * and queued; the payment retries job asks again with the same key until Stripe confirms. Stripe is the local fake
 * (tests/helpers/fake-stripe.ts), made unreachable for the calls under test. Runs on PGlite, or PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRetries, payments } from '../../src/server/db/schema.js';
import { paymentProvider } from '../../src/server/infra/payments/select.js';
import { retryDueGiveBacks } from '../../src/server/modules/payments/payment-retry-service.js';
import { messages } from '../../src/shared/messages.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { FakeStripe } from '../helpers/fake-stripe.js';
import { createExpert, slotIn } from '../helpers/marketplace.js';
import { handledFailures, logLines } from '../helpers/unready-app.js';

const secretKey = 'sk_test_mentora';

describe('payment give-backs the processor failed to make', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  const log = logLines();
  let client: Awaited<ReturnType<typeof createUser>>;
  let experts: Awaited<ReturnType<typeof createExpert>>[];
  let addr = 0;

  const book = (expertId: string, startsAt: string, paymentMethodId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/sessions',
      remoteAddress: `127.3.0.${++addr}`,
      headers: { origin, 'content-type': 'application/json', cookie: client.cookie, 'idempotency-key': randomUUID() },
      payload: { expertId, startsAt, durationMinutes: 60, topic: 'Leading a team for the first time', paymentMethodId },
    });
  const retryRow = async (providerRef: string) => (await ctx.database.db.select().from(paymentRetries).where(eq(paymentRetries.providerRef, providerRef)))[0];
  /** The payment retries job as it runs at `minutes` from now. */
  const runJob = (minutes: number) =>
    retryDueGiveBacks({ db: ctx.database.db, provider: paymentProvider(ctx.config) }, new Date(Date.now() + minutes * 60_000)).catch((err: Error) => err);

  beforeAll(async () => {
    fake = await new FakeStripe(secretKey).start();
    ctx = await createTestApp(
      { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_mentora', STRIPE_API_URL: fake.url },
      { logger: { level: 'error', stream: log.stream } },
    );
    client = await createUser(ctx, { email: 'retry-client@example.com' });
    experts = [await createExpert(ctx, { email: 'retry-expert-a@example.com' }), await createExpert(ctx, { email: 'retry-expert-b@example.com' })];
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.stop();
  });

  it('voids the hold of a booking the database refused by a job, until Stripe answers; logged with the request id and counted', async () => {
    const startsAt = slotIn(50);
    expect((await book(experts[0]!.expert.id, startsAt, 'pm_card_visa')).statusCode).toBe(201);
    // The same client at the same time with another expert: the card is held, then the database refuses the clash.
    fake.failNext('POST', /\/cancel$/, 2);
    const clash = await book(experts[1]!.expert.id, startsAt, 'pm_card_visa');
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json().error.message).toBe(messages.booking.clientClash);
    const intent = [...fake.intents.values()].at(-1)!;
    expect(intent.status).toBe('requires_capture');
    expect(await retryRow(intent.id)).toMatchObject({ why: 'booking refused by the database', amountCents: intent.amount, attempts: 1, doneAt: null });
    expect(log.lines.find((l) => l.providerRef === intent.id)).toMatchObject({ reqId: clash.headers['x-request-id'], idempotencyKey: `void:${intent.id}` });
    expect(await handledFailures(ctx.app, 'payment_action')).toBe(1);

    // Not due yet; then due and failing again (the job's run fails, so its metrics show it); then done.
    expect(await runJob(0)).toEqual({ done: 0, failing: 0 });
    expect(await runJob(1)).toBeInstanceOf(Error);
    expect(await retryRow(intent.id)).toMatchObject({ attempts: 2, doneAt: null });
    expect(await runJob(3)).toEqual({ done: 1, failing: 0 });
    expect(intent.status).toBe('canceled');
    expect((await retryRow(intent.id))?.doneAt).not.toBeNull();
    expect(await runJob(60)).toEqual({ done: 0, failing: 0 });
  });

  it('voids the authorisation of a reservation whose 3-D Secure failed, by the job when Stripe cannot be reached', async () => {
    const res = await book(experts[0]!.expert.id, slotIn(60), 'pm_card_threeDSecure2Required');
    expect(res.statusCode, res.body).toBe(202);
    const sessionId = res.json().session.id as string;
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, sessionId));
    fake.completeAction(payment!.providerRef, false);
    fake.failNext('POST', /\/cancel$/, 1);
    const settled = await ctx.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/payment`,
      headers: { origin, 'content-type': 'application/json', cookie: client.cookie },
      payload: {},
    });
    expect(settled.statusCode).toBe(402);
    expect(fake.intents.get(payment!.providerRef)!.status).toBe('requires_payment_method');
    expect(await retryRow(payment!.providerRef)).toMatchObject({ why: 'reservation expired', idempotencyKey: `expire:${payment!.id}`, doneAt: null });
    expect(log.lines.find((l) => l.providerRef === payment!.providerRef)).toMatchObject({ reqId: settled.headers['x-request-id'] });

    expect(await runJob(1)).toEqual({ done: 1, failing: 0 });
    expect(fake.intents.get(payment!.providerRef)!.status).toBe('canceled');
  });
  it('puts money still owed in front of the team: listed with its attempts and last error, asked for again at once, or marked given back by hand; audited', async () => {
    const admin = await createUser(ctx, { email: 'retry-admin@example.com', role: 'admin' });
    const team = (method: 'GET' | 'POST', url: string, payload?: object, cookie = admin.cookie) =>
      ctx.app.inject({ method, url, headers: { origin, cookie, ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload } : {}) });
    // Two clashing bookings whose holds Stripe fails to void: the first attempt, and one more each.
    const owed: string[] = [];
    for (const hours of [80, 90]) {
      expect((await book(experts[0]!.expert.id, slotIn(hours), 'pm_card_visa')).statusCode).toBe(201);
      fake.failNext('POST', /\/cancel$/, 1);
      expect((await book(experts[1]!.expert.id, slotIn(hours), 'pm_card_visa')).statusCode).toBe(409);
      owed.push([...fake.intents.values()].at(-1)!.id);
    }
    const open = await team('GET', '/api/admin/payment-retries?status=open');
    expect(open.statusCode, open.body).toBe(200);
    const rows = open.json().items.filter((r: { providerRef: string }) => owed.includes(r.providerRef));
    expect(rows).toEqual(
      owed.map((ref) =>
        expect.objectContaining({
          providerRef: ref,
          kind: 'give-back',
          provider: 'stripe',
          attempts: 1,
          doneAt: null,
          why: 'booking refused by the database',
          lastError: expect.any(String),
        }),
      ),
    );
    const [first, second] = rows as { id: string; amountCents: number }[];

    // Asked again while Stripe still fails: refused again, counted, the row stays owed; then given back.
    fake.failNext('POST', /\/cancel$/, 1);
    const refused = await team('POST', `/api/admin/payment-retries/${first!.id}/retry`);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ done: false, retry: { attempts: 2, doneAt: null } });
    const retried = await team('POST', `/api/admin/payment-retries/${first!.id}/retry`);
    expect(retried.json()).toMatchObject({ done: true, retry: { attempts: 3, doneAt: expect.any(String) } });
    expect(fake.intents.get(owed[0]!)!.status).toBe('canceled');
    expect((await team('POST', `/api/admin/payment-retries/${first!.id}/retry`)).json().error.message).toBe(messages.admin.paymentRetryDone['give-back']);

    // Given back outside Mentora: marked by hand with how; the job no longer asks for it.
    expect((await team('POST', `/api/admin/payment-retries/${second!.id}/resolve`, { reason: ' ' })).json().error.message).toBe(
      messages.admin.paymentRetryNote,
    );
    const resolved = await team('POST', `/api/admin/payment-retries/${second!.id}/resolve`, { reason: 'Voided in the Stripe dashboard' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().doneAt).not.toBeNull();
    expect((await team('POST', `/api/admin/payment-retries/${second!.id}/resolve`, { reason: 'Again' })).statusCode).toBe(409);
    expect(await runJob(600)).toEqual({ done: 0, failing: 0 });
    expect(fake.intents.get(owed[1]!)!.status).toBe('requires_capture');

    const done = (await team('GET', '/api/admin/payment-retries?status=done')).json().items.map((r: { id: string }) => r.id);
    expect(done).toEqual(expect.arrayContaining([first!.id, second!.id]));
    expect(
      (await team('GET', '/api/admin/payment-retries?status=open')).json().items.filter((r: { id: string }) => [first!.id, second!.id].includes(r.id)),
    ).toEqual([]);
    const audit = (await team('GET', '/api/admin/audit')).json().items.map((e: { action: string; targetId: string }) => `${e.action} ${e.targetId}`);
    expect(audit).toEqual(expect.arrayContaining([`payment-retry.retry ${first!.id}`, `payment-retry.resolve ${second!.id}`]));
    expect((await team('POST', `/api/admin/payment-retries/${randomUUID()}/retry`)).statusCode).toBe(404);
    expect((await team('GET', '/api/admin/payment-retries', undefined, client.cookie)).statusCode).toBe(403);
  });
});
