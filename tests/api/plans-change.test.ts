/**
 * Changing plan (docs/product.md "Plans and packages"): a client moves to another open plan of the same expert,
 * prorated as Stripe prorates it — a credit for the old price's unused time (at most the month's unbooked shares)
 * refunded, a charge for the new price's remaining time — the month split at the change, the new plan's sessions for
 * the rest of it, its price from the renewal; a quote first that moves nothing; a free trial changes with no money; a
 * refused card changes nothing. The clock is moved per request with X-Test-Now (TEST_HOOKS). After each step the
 * ledger is summed against the payments. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prorateChange } from '../../src/shared/plans.js';
import { emailOutbox } from '../../src/server/db/schema.js';
import { simulatedProvider } from '../../src/server/infra/payments/simulated.js';
import type { CurrentUser } from '../../src/server/auth/plugin.js';
import { changePlan } from '../../src/server/modules/plans/use-cases/change-plan.js';
import { renewDueSubscriptions } from '../../src/server/modules/plans/use-cases/renew-subscriptions.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser } from '../helpers/auth.js';
import { clockedRequests } from '../helpers/clocked-requests.js';
import { createExpert, slotIn, visa } from '../helpers/marketplace.js';
import { offerPlan } from '../helpers/plans.js';
import { expectPrepaidLedgerBalanced } from '../helpers/prepaid-ledger.js';

const dayMs = 86_400_000;

describe('changing plan', () => {
  let ctx: TestContext;
  const { send, get } = clockedRequests(() => ctx, '127.12.0');
  const mails = async (to: string, text: string) =>
    (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter((m) => m.subject.includes(text));

  /** An expert with plans A ($180, 2 sessions; `trialDays`) and B ($300, 4 sessions), and a client subscribed to A. */
  async function setUp(name: string, o: { trialDays?: number } = {}) {
    const expert = await createExpert(ctx, { email: `${name}-expert@example.com`, rateCents: 12000 });
    const offer = (changes: object) => offerPlan(ctx, expert.cookie, changes);
    const a = await offer({ name: 'Starter', priceCents: 18000, sessionCount: 2, trialDays: o.trialDays ?? 0 });
    const b = await offer({ name: 'Intensive', priceCents: 30000, sessionCount: 4 });
    const client = await createUser(ctx, { email: `${name}-client@example.com`, firstName: 'Sam', lastName: 'Subscriber' });
    const res = await send(`/api/plans/${a}/subscriptions`, { card: visa }, client.cookie, undefined, randomUUID());
    expect(res.statusCode, res.body).toBe(201);
    const sub = res.json().subscription;
    const view = async (at?: Date) => (await get('/api/me/subscriptions', client.cookie, at)).json().subscriptions.find((s: { id: string }) => s.id === sub.id);
    return { expert, client, a, b, sub, view, offer };
  }

  beforeAll(async () => {
    ctx = await createTestApp({ TEST_HOOKS: '1' });
  });
  afterAll(() => ctx.close());

  it('upgrades mid-month with Stripe’s proration, the credit capped by what is still unbooked, then downgrades and renews at the new price', async () => {
    const { client, a, b, sub, view } = await setUp('upgrade');
    const booked = await send(`/api/subscriptions/${sub.id}/sessions`, { startsAt: slotIn(50), topic: 'Career plan' }, client.cookie, undefined, randomUUID());
    expect(booked.statusCode, booked.body).toBe(201);
    const month = { startsAt: new Date(sub.currentPeriodStart), endsAt: new Date(sub.currentPeriodEnd) };
    const at = new Date(month.startsAt.getTime() + 10 * dayMs);
    const lines = prorateChange(month, 18000, 30000, at);
    // Two thirds of the month are left, but one of the two sessions is booked: the credit is at most the other's $90.
    const expected = { creditCents: Math.min(lines.creditCents, 9000), chargeCents: lines.chargeCents };

    const quoted = await get(`/api/subscriptions/${sub.id}/change?planId=${b}`, client.cookie, at);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toEqual(expected);
    expect((await view(at)).name).toBe('Starter');

    const changed = await send(`/api/subscriptions/${sub.id}/change`, { planId: b }, client.cookie, at);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().proration).toEqual(expected);
    const after = await view(at);
    expect(after).toMatchObject({ name: 'Intensive', priceCents: 30000, sessionCount: 4, sessionsLeft: 4, currentPeriodEnd: sub.currentPeriodEnd });
    expect(after.periods[0]).toMatchObject({ number: 2, kind: 'paid', amountCents: expected.chargeCents, endsAt: sub.currentPeriodEnd });
    expect(after.periods[1]).toMatchObject({ refundedCents: expected.creditCents, releasedCents: 9000 - expected.creditCents, sessionsBooked: 1 });
    const [changedMail] = await mails(client.email, 'Your plan with Erin Expert is now Intensive');
    // The new part's receipt, and the credit named as a refund of the first part's.
    expect(changedMail!.text).toContain(`Receipt number: ${after.periods[0].receiptNumber}`);
    expect(changedMail!.text).toContain(`refund of receipt ${after.periods[1].receiptNumber}`);
    await expectPrepaidLedgerBalanced(ctx.database.db);

    // Again: already on it. Back down later in the month: the credit is the new part's unused time, all unbooked.
    expect((await send(`/api/subscriptions/${sub.id}/change`, { planId: b }, client.cookie, at)).json().error.message).toBe('You are already on this plan.');
    const later = new Date(at.getTime() + 5 * dayMs);
    const down = await send(`/api/subscriptions/${sub.id}/change`, { planId: a }, client.cookie, later);
    expect(down.statusCode, down.body).toBe(200);
    const rest = prorateChange({ startsAt: at, endsAt: month.endsAt }, expected.chargeCents, 18000, later);
    expect(down.json().proration).toEqual({ creditCents: rest.creditCents, chargeCents: rest.chargeCents });
    expect(down.json().subscription).toMatchObject({ name: 'Starter', priceCents: 18000, sessionsLeft: 2 });
    await expectPrepaidLedgerBalanced(ctx.database.db);

    // The renewal charges the plan changed to.
    const due = new Date(month.endsAt.getTime() + 60_000);
    await renewDueSubscriptions({ db: ctx.database.db, provider: simulatedProvider(), baseUrl: ctx.config.baseUrl }, due);
    expect((await view(due)).periods[0]).toMatchObject({ number: 4, amountCents: 18000 });
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('refuses another client, another expert’s plan, a closed plan and a cancelled subscription; changes at the very start of the month', async () => {
    const { client, b, sub, offer } = await setUp('refusals');
    const stranger = await createUser(ctx, { email: 'change-stranger@example.com' });
    expect((await send(`/api/subscriptions/${sub.id}/change`, { planId: b }, stranger.cookie)).statusCode).toBe(404);
    const other = await createExpert(ctx, { email: 'change-other@example.com' });
    const elsewhere = await send(
      '/api/me/plans',
      { name: 'Other', priceCents: 20000, sessionCount: 2, durationMinutes: 60, chatPromise: 'Chat' },
      other.cookie,
    );
    expect((await send(`/api/subscriptions/${sub.id}/change`, { planId: elsewhere.json().id }, client.cookie)).statusCode).toBe(404);
    const closed = await offer({ name: 'Closed', priceCents: 25000, sessionCount: 3, open: false });
    const refused = await send(`/api/subscriptions/${sub.id}/change`, { planId: closed }, client.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This plan is closed to new subscribers.');
    // At the very start of the month: the whole old price credited, the whole new one charged.
    const atStart = await send(`/api/subscriptions/${sub.id}/change`, { planId: b }, client.cookie, new Date(sub.currentPeriodStart));
    expect(atStart.statusCode, atStart.body).toBe(200);
    expect(atStart.json().proration).toEqual({ creditCents: 18000, chargeCents: 30000 });
    await expectPrepaidLedgerBalanced(ctx.database.db);
    expect((await send(`/api/subscriptions/${sub.id}/cancel`, {}, client.cookie)).statusCode).toBe(200);
    expect((await get(`/api/subscriptions/${sub.id}/change?planId=${b}`, client.cookie)).statusCode).toBe(409);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('changes a free trial with no money, and changes nothing when the saved card is refused', async () => {
    const trial = await setUp('trial-change', { trialDays: 14 });
    const changed = await send(`/api/subscriptions/${trial.sub.id}/change`, { planId: trial.b }, trial.client.cookie);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().proration).toEqual({ creditCents: 0, chargeCents: 0 });
    expect(changed.json().subscription).toMatchObject({ status: 'trialing', name: 'Intensive', sessionsLeft: 4, trialEndsAt: trial.sub.trialEndsAt });

    // The saved card refuses the charge (a processor that declines every charge of a saved card): nothing changes.
    const failing = await setUp('refused-change');
    const declining = {
      ...simulatedProvider(),
      chargeSaved: async () => ({ ok: false as const, reason: 'declined' as const, message: 'Your card was declined.' }),
    };
    const refused = changePlan(
      { db: ctx.database.db, provider: declining, baseUrl: ctx.config.baseUrl },
      { id: failing.client.id } as CurrentUser,
      failing.sub.id,
      failing.b,
    );
    await expect(refused).rejects.toMatchObject({ code: 'PAYMENT_DECLINED', message: 'Your card was declined.' });
    expect(await failing.view()).toMatchObject({ name: 'Starter', sessionsLeft: 2 });
    expect((await failing.view()).periods).toHaveLength(1);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });
});
