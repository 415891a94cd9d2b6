/**
 * Monthly plans (docs/product.md "Plans and packages"): an expert offers up to three plans, a client subscribes by
 * card (a free trial once per expert), books the month's sessions with no card step, the renewal job charges the next
 * month (or retries a failed charge 1, 3 and 7 days later, then lapses), a cancellation within 48 hours of a renewal
 * with nothing booked refunds the month, otherwise the plan runs to the month's end; the expert ending a plan refunds
 * the unused share; ended months' unused shares are released once; the team ends a plan with a refund, audited. After
 * each step the ledger is summed against the payments. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL
 * (where the race for the month's last session is a real one).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, planPeriods, subscriptions } from '../../src/server/db/schema.js';
import { simulatedProvider } from '../../src/server/infra/payments/simulated.js';
import { renewDueSubscriptions } from '../../src/server/modules/plans/use-cases/renew-subscriptions.js';
import { settleEndedPeriods } from '../../src/server/modules/plans/use-cases/settle-periods.js';
import { sessionDeps } from '../../src/server/modules/sessions/deps.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { expectPrepaidLedgerBalanced } from '../helpers/prepaid-ledger.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert, slotIn, visa } from '../helpers/marketplace.js';

const json = { origin, 'content-type': 'application/json' };
const dayMs = 86_400_000;
const failingCard = { ...visa, number: '4000 0000 0000 0341' };

describe('monthly plans', () => {
  let ctx: TestContext;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let n = 0;
  const send = (method: 'POST' | 'PUT', url: string, payload: object, cookie?: string, key?: string) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: `127.10.0.${(++n % 250) + 1}`,
      headers: { ...json, ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const deps = () => sessionDeps(ctx.config, ctx.database.db, simulatedProvider());
  const client = (email: string) => createUser(ctx, { email, firstName: 'Sam', lastName: 'Subscriber' });
  const offer = async (body: object = {}, cookie = expert.cookie) => {
    const res = await send(
      'POST',
      '/api/me/plans',
      { name: 'Monthly mentoring', priceCents: 18000, sessionCount: 2, durationMinutes: 60, chatPromise: 'Replies within 2 working days', ...body },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const subscribe = (planId: string, cookie: string, card = visa, key = randomUUID()) =>
    send('POST', `/api/plans/${planId}/subscriptions`, { card }, cookie, key);
  const bookFrom = (subscriptionId: string, hours: number, cookie: string, key = randomUUID()) =>
    send('POST', `/api/subscriptions/${subscriptionId}/sessions`, { startsAt: slotIn(hours), topic: 'Career plan' }, cookie, key);
  const mine = async (id: string, cookie: string) => (await get('/api/me/subscriptions', cookie)).json().subscriptions.find((s: { id: string }) => s.id === id);
  const subject = async (to: string, text: string) =>
    (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter((m) => m.subject.includes(text));

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createUser(ctx, { email: 'team-plans@example.com', role: 'admin' });
  });
  afterAll(() => ctx.close());
  // Each test offers its plans as its own expert: an expert offers at most three.
  let experts = 0;
  beforeEach(async () => {
    expert = await createExpert(ctx, { email: `planner${++experts}@example.com`, rateCents: 10000, policy: 'flexible' });
  });

  it('offers at most three plans, shows the open ones with the price of their sessions one by one', async () => {
    const other = await createExpert(ctx, { email: 'three-plans@example.com', rateCents: 9000 });
    const open = await offer({}, other.cookie);
    const closed = await offer({ name: 'Closed', open: false }, other.cookie);
    await offer({ name: 'Third', trialDays: 14 }, other.cookie);
    const fourth = await send(
      'POST',
      '/api/me/plans',
      { name: 'Fourth', priceCents: 5000, sessionCount: 1, durationMinutes: 30, chatPromise: 'Chat' },
      other.cookie,
    );
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.message).toBe('You can offer at most 3 plans.');
    const listed = (await get(`/api/experts/${other.expert.slug}/plans`)).json().plans;
    expect(listed.map((p: { id: string }) => p.id)).toContain(open);
    expect(listed.map((p: { id: string }) => p.id)).not.toContain(closed);
    expect(listed.find((p: { id: string }) => p.id === open)).toMatchObject({ priceCents: 18000, singleCents: 2 * 9000, trialDays: 0 });
    // Out of limits, and not an expert's to offer.
    expect(
      (await send('POST', '/api/me/plans', { name: 'x', priceCents: 500, sessionCount: 8, durationMinutes: 60, chatPromise: 'c' }, other.cookie)).statusCode,
    ).toBe(400);
    expect(
      (
        await send(
          'POST',
          '/api/me/plans',
          { name: 'x', priceCents: 5000, sessionCount: 2, durationMinutes: 60, chatPromise: 'c', trialDays: 10 },
          other.cookie,
        )
      ).statusCode,
    ).toBe(400);
    const someone = await client('not-an-expert@example.com');
    expect(
      (await send('POST', '/api/me/plans', { name: 'x', priceCents: 5000, sessionCount: 2, durationMinutes: 60, chatPromise: 'c' }, someone.cookie)).statusCode,
    ).toBe(403);
    expect((await subscribe(closed, someone.cookie)).statusCode).toBe(409);
    expect((await subscribe(open, other.cookie)).statusCode).toBe(403);
  });

  it('starts a free trial once, books its two sessions with no card step, renews by the job once, and keeps terms after a price change', async () => {
    const planId = await offer({ trialDays: 14 });
    const sam = await client('trial@example.com');
    const key = randomUUID();
    const first = await subscribe(planId, sam.cookie, visa, key);
    expect(first.statusCode, first.body).toBe(201);
    const sub = first.json().subscription;
    expect(sub).toMatchObject({ status: 'trialing', sessionsLeft: 2, priceCents: 18000, cardLast4: '4242' });
    expect(sub.periods[0]).toMatchObject({ kind: 'trial', amountCents: 0 });
    // Nothing was charged: no receipt.
    const trialReceipt = await get(`/api/plan-periods/${sub.periods[0].id}/receipt.pdf`, sam.cookie);
    expect(trialReceipt.statusCode).toBe(404);
    expect(trialReceipt.json().error.message).toBe('A free trial has no receipt: nothing was charged.');
    expect((await subscribe(planId, sam.cookie, visa, key)).statusCode).toBe(200);
    expect((await subscribe(planId, sam.cookie)).statusCode).toBe(409);
    expect(await subject('trial@example.com', 'free trial of Monthly mentoring')).toHaveLength(1);
    expect(await subject(expert.email, 'New subscriber: Sam Subscriber')).not.toHaveLength(0);

    const one = await bookFrom(sub.id, 30, sam.cookie);
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().session).toMatchObject({ totalAmountCents: 0, package: { number: 1, count: 2, plan: true } });
    expect((await bookFrom(sub.id, 34, sam.cookie)).statusCode).toBe(201);
    const none = await bookFrom(sub.id, 38, sam.cookie);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('No sessions are left in this plan this month.');
    // After the trial: beyond its end is refused.
    expect((await bookFrom(sub.id, 24 * 20, sam.cookie)).statusCode).toBe(409);

    // A price change applies to new subscribers only.
    await send(
      'PUT',
      `/api/me/plans/${planId}`,
      { name: 'Monthly mentoring', priceCents: 25000, sessionCount: 2, durationMinutes: 60, chatPromise: 'Replies within 2 working days', trialDays: 14 },
      expert.cookie,
    );
    const due = new Date(new Date(sub.currentPeriodEnd).getTime() + 60_000);
    const [a, b] = await Promise.all([renewDueSubscriptions(deps(), due), renewDueSubscriptions(deps(), due)]);
    expect(a + b).toBe(1);
    expect(await renewDueSubscriptions(deps(), due)).toBe(0);
    const renewed = await mine(sub.id, sam.cookie);
    expect(renewed).toMatchObject({ status: 'active', priceCents: 18000 });
    expect(renewed.periods[0]).toMatchObject({ number: 2, kind: 'paid', amountCents: 18000, startsAt: sub.currentPeriodEnd });
    expect(await subject('trial@example.com', 'Receipt: $180.00 paid for your plan')).toHaveLength(1);
    const booked = await bookFrom(sub.id, 40, sam.cookie);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().session.payment).toMatchObject({ status: 'held', amountCents: 9000 });
    await expectPrepaidLedgerBalanced(ctx.database.db);

    // Cancelling with a session of the month booked: the plan runs to the month's end, then ends.
    const cancelled = await send('POST', `/api/subscriptions/${sub.id}/cancel`, {}, sam.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextRenewalAt: null });
    expect((await send('POST', `/api/subscriptions/${sub.id}/cancel`, {}, sam.cookie)).statusCode).toBe(409);
    await renewDueSubscriptions(deps(), new Date(new Date(renewed.currentPeriodEnd).getTime() + 1000));
    expect(await mine(sub.id, sam.cookie)).toMatchObject({ status: 'cancelled', endedBy: 'client' });
    // A second subscription to the same expert: no second trial, the month is charged now.
    const again = await subscribe(planId, sam.cookie);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().subscription).toMatchObject({ status: 'active', priceCents: 25000, trialEndsAt: null });
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('refunds the month in full when cancelled within 48 hours of a renewal with nothing booked', async () => {
    const planId = await offer({ name: 'Refundable', priceCents: 30000, sessionCount: 3 });
    const kim = await client('refund@example.com');
    const sub = (await subscribe(planId, kim.cookie)).json().subscription;
    expect(sub.periods[0]).toMatchObject({ kind: 'paid', amountCents: 30000 });
    const res = await send('POST', `/api/subscriptions/${sub.id}/cancel`, {}, kim.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', sessionsLeft: 0 });
    expect(res.json().periods[0]).toMatchObject({ refundedCents: 30000 });
    const [refunded] = await subject('refund@example.com', 'Receipt: $300.00 refunded for your plan');
    expect(refunded!.text).toContain(`Refund of receipt ${sub.periods[0].receiptNumber}`);
    expect((await bookFrom(sub.id, 30, kim.cookie)).statusCode).toBe(409);
    // The month's PDF receipt, read back with an independent parser: its number, the payment, the month and the refund.
    const pdf = await get(`/api/plan-periods/${sub.periods[0].id}/receipt.pdf`, kim.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })).text;
    expect(text).toContain(`Receipt number: ${sub.periods[0].receiptNumber}`);
    expect(text).toContain('Amount paid: $300.00');
    expect(text).toMatch(/Plan month: .+ to .+, 3 sessions/);
    expect(text).toContain('Total refunded: $300.00');
    expect((await get(`/api/plan-periods/${sub.periods[0].id}/receipt.pdf`, expert.cookie)).statusCode).toBe(404);
    expect((await get(`/api/plan-periods/${sub.periods[0].id}/receipt.pdf`)).statusCode).toBe(401);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('retries a failed renewal 1, 3 and 7 days later, then lapses, e-mailing both sides', async () => {
    const planId = await offer({ name: 'Retried', trialDays: 7 });
    const lee = await client('retry@example.com');
    const sub = (await subscribe(planId, lee.cookie, failingCard)).json().subscription;
    expect(sub.status).toBe('trialing');
    const due = new Date(sub.currentPeriodEnd).getTime();
    await renewDueSubscriptions(deps(), new Date(due + 1000));
    let view = await mine(sub.id, lee.cookie);
    expect(view).toMatchObject({ status: 'past_due', nextAttemptAt: new Date(due + dayMs).toISOString() });
    expect((await bookFrom(sub.id, 30, lee.cookie)).statusCode).toBe(409);
    // Not due yet: nothing happens.
    expect(await renewDueSubscriptions(deps(), new Date(due + dayMs - 1000))).toBe(0);
    await renewDueSubscriptions(deps(), new Date(due + dayMs + 1000));
    await renewDueSubscriptions(deps(), new Date(due + 3 * dayMs + 1000));
    view = await mine(sub.id, lee.cookie);
    expect(view).toMatchObject({ status: 'past_due', nextAttemptAt: new Date(due + 7 * dayMs).toISOString() });
    await renewDueSubscriptions(deps(), new Date(due + 7 * dayMs + 1000));
    expect(await mine(sub.id, lee.cookie)).toMatchObject({ status: 'lapsed', endedBy: 'payment', nextRenewalAt: null });
    expect(await subject('retry@example.com', 'Payment for your plan with Erin Expert failed')).toHaveLength(3);
    expect(await subject('retry@example.com', 'has ended: payment failed')).toHaveLength(1);
    expect((await ctx.database.db.select().from(planPeriods).where(eq(planPeriods.subscriptionId, sub.id))).length).toBe(1);
    // A card whose charges fail is refused at once when the first month is charged now.
    const pat = await client('declined@example.com');
    expect((await subscribe(await offer({ name: 'Paid now' }), pat.cookie, failingCard)).statusCode).toBe(402);
  });

  it('lets one of two bookings of the month’s last session win', async () => {
    const planId = await offer({ name: 'Race', priceCents: 10000, sessionCount: 1 });
    const ray = await client('race@example.com');
    const sub = (await subscribe(planId, ray.cookie)).json().subscription;
    const [a, b] = await Promise.all([bookFrom(sub.id, 44, ray.cookie), bookFrom(sub.id, 48, ray.cookie)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json().error.message).toBe('No sessions are left in this plan this month.');
    expect((await mine(sub.id, ray.cookie)).sessionsLeft).toBe(0);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('books two of the month’s sessions at once, each answered as the session drawn: its place, its share held, its e-mail', async () => {
    // $100.01 over two sessions: shares of $50.01 and $50.00, so each answer and e-mail must name the share it drew.
    const planId = await offer({ name: 'Pair', priceCents: 10001, sessionCount: 2 });
    const ivy = await client('pair@example.com');
    const sub = (await subscribe(planId, ivy.cookie)).json().subscription;
    const both = await Promise.all([bookFrom(sub.id, 44, ivy.cookie), bookFrom(sub.id, 48, ivy.cookie)]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    const sessions = both.map((r) => r.json().session).sort((x, y) => x.package.number - y.package.number);
    expect(sessions.map((s) => [s.package.number, s.totalAmountCents, s.payment.amountCents])).toEqual([
      [1, 5001, 5001],
      [2, 5000, 5000],
    ]);
    // The answer is the session as stored.
    for (const s of sessions) expect((await get(`/api/sessions/${s.id}`, ivy.cookie)).json()).toEqual(s);
    const mails = await subject('pair@example.com', 'Session booked');
    expect(mails.filter((m) => m.text.includes('$50.01')).length).toBe(1);
    expect(mails.filter((m) => m.text.includes('$50.00')).length).toBe(1);
    expect((await mine(sub.id, ivy.cookie)).sessionsLeft).toBe(0);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('refunds the unused share when the expert ends a plan, and releases ended months’ unused shares once', async () => {
    const planId = await offer({ name: 'Ended', priceCents: 20000, sessionCount: 2 });
    const eve = await client('ended@example.com');
    const ada = await client('settled@example.com');
    const sub = (await subscribe(planId, eve.cookie)).json().subscription;
    expect((await bookFrom(sub.id, 52, eve.cookie)).statusCode).toBe(201);
    const kept = (await subscribe(await offer({ name: 'Kept', priceCents: 20000, sessionCount: 2 }), ada.cookie)).json().subscription;

    const ended = await send('POST', `/api/me/plans/${planId}/end`, {}, expert.cookie);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    const view = await mine(sub.id, eve.cookie);
    expect(view).toMatchObject({ status: 'ended', endedBy: 'expert' });
    expect(view.periods[0]).toMatchObject({ refundedCents: 10000 });
    const [refund] = await subject('ended@example.com', 'Receipt: $100.00 refunded');
    expect(refund!.text).toContain(`Refund of receipt ${sub.periods[0].receiptNumber}`);
    expect((await send('POST', `/api/me/plans/${planId}/end`, {}, eve.cookie)).statusCode).toBe(403);
    await expectPrepaidLedgerBalanced(ctx.database.db);

    // The other plan's month ends unused: after the dispute window its shares go to the expert, net of the commission.
    const after = new Date(new Date(kept.currentPeriodEnd).getTime() + 73 * 3_600_000);
    const settled = await Promise.all([settleEndedPeriods(deps(), after), settleEndedPeriods(deps(), after)]);
    expect(settled.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    const released = await mine(kept.id, ada.cookie);
    expect(released.periods[0]).toMatchObject({ releasedCents: 20000, refundedCents: 0 });
    const ledger = (await get('/api/me/earnings/ledger', expert.cookie)).json();
    expect(ledger.items.some((e: { planPeriodId?: string | null }) => e.planPeriodId === released.periods[0].id)).toBe(true);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('lets the team see a person’s plans and end one with a refund once, audited, with an Idempotency-Key', async () => {
    const planId = await offer({ name: 'Team', priceCents: 12000, sessionCount: 2 });
    const tia = await client('team-refund@example.com');
    const sub = (await subscribe(planId, tia.cookie)).json().subscription;
    const key = randomUUID();
    const res = await send('POST', `/api/admin/subscriptions/${sub.id}/refund`, { reason: 'Expert unavailable' }, admin.cookie, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ended' });
    expect(res.json().periods[0]).toMatchObject({ refundedCents: 12000 });
    expect((await send('POST', `/api/admin/subscriptions/${sub.id}/refund`, { reason: 'Expert unavailable' }, admin.cookie, key)).statusCode).toBe(200);
    expect((await send('POST', `/api/admin/subscriptions/${sub.id}/refund`, { reason: 'Again' }, admin.cookie, randomUUID())).statusCode).toBe(409);
    const listed = (await get(`/api/admin/users/${tia.id}/subscriptions`, admin.cookie)).json().subscriptions;
    expect(listed.find((s: { id: string }) => s.id === sub.id)).toMatchObject({ endedBy: 'team', endReason: 'Expert unavailable' });
    // The client reads who ended it, not the team's reason.
    expect(await mine(sub.id, tia.cookie)).toMatchObject({ status: 'ended', endedBy: 'team', endReason: 'ended by the team' });
    expect((await get(`/api/admin/users/${tia.id}/subscriptions`, tia.cookie)).statusCode).toBe(403);
    expect((await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0]!.endReason).toContain('Expert unavailable');
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });
});
