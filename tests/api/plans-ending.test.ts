/**
 * An expert who can no longer be booked ends their plans (docs/product.md "Plans and packages"): the team suspending
 * the expert's account, the team unpublishing the profile, or the expert hiding it — each ends every live subscriber's
 * plan now with the unused share of the month refunded (sessions booked keep their own escrow; a free trial refunds
 * nothing), both sides e-mailed, the team's action audited with the plans ended. After each the ledger is summed
 * against the payments. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, emailOutbox } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert, slotIn, visa } from '../helpers/marketplace.js';
import { expectPrepaidLedgerBalanced } from '../helpers/prepaid-ledger.js';

const json = { origin, 'content-type': 'application/json' };

describe('plans ended with their expert', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let n = 0;
  const send = (method: 'POST' | 'PUT', url: string, payload: object, cookie: string, key?: string) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: `127.11.0.${(++n % 250) + 1}`,
      headers: { ...json, cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const mails = async (to: string, text: string) =>
    (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter((m) => m.subject.includes(text) || m.text.includes(text));

  /** An expert offering one plan of two 60-minute sessions at $200 a month (`trialDays` free), and a subscriber who booked `booked` of them. */
  async function subscribed(name: string, booked: number, trialDays = 0) {
    const expert = await createExpert(ctx, { email: `${name}-expert@example.com`, rateCents: 12000 });
    const plan = await send(
      'POST',
      '/api/me/plans',
      { name: 'Monthly mentoring', priceCents: 20000, sessionCount: 2, durationMinutes: 60, chatPromise: 'Replies within 2 working days', trialDays },
      expert.cookie,
    );
    expect(plan.statusCode, plan.body).toBe(201);
    const client = await createUser(ctx, { email: `${name}-client@example.com`, firstName: 'Sam', lastName: 'Subscriber' });
    const sub = await send('POST', `/api/plans/${plan.json().id}/subscriptions`, { card: visa }, client.cookie, randomUUID());
    expect(sub.statusCode, sub.body).toBe(201);
    const id = sub.json().subscription.id as string;
    for (let i = 0; i < booked; i++) {
      const res = await send('POST', `/api/subscriptions/${id}/sessions`, { startsAt: slotIn(50 + 3 * i), topic: 'Career plan' }, client.cookie, randomUUID());
      expect(res.statusCode, res.body).toBe(201);
    }
    const view = async () => (await get('/api/me/subscriptions', client.cookie)).json().subscriptions.find((s: { id: string }) => s.id === id);
    return { expert, client, id, view };
  }
  const audited = async (targetId: string, action: string) =>
    (
      await ctx.database.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetId, targetId), eq(adminAuditLog.action, action)))
    )[0];

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createUser(ctx, { email: 'team-endings@example.com', role: 'admin' });
  }, 60_000);
  afterAll(() => ctx.close());

  it('ends the plans of a suspended expert, refunding the month’s unbooked share; the booked session keeps its escrow', async () => {
    const { expert, client, view } = await subscribed('suspended', 1);
    const res = await send('POST', `/api/admin/users/${expert.id}/suspend`, { reason: 'Fake credentials' }, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const after = await view();
    // The subscriber's plan says the team ended it, never the team's reason.
    expect(after).toMatchObject({ status: 'ended', endedBy: 'team', endReason: 'ended by the team', nextRenewalAt: null, sessionsLeft: 0 });
    expect(after.periods[0]).toMatchObject({ refundedCents: 10000, sessionsBooked: 1 });
    expect(await mails(client.email, 'Receipt: $100.00 refunded')).toHaveLength(1);
    expect(await mails(expert.email, "Sam Subscriber's plan has ended")).toHaveLength(1);
    // The subscribers are not told the team's reason.
    expect(await mails(client.email, 'Fake credentials')).toHaveLength(0);
    expect((await audited(expert.id, 'user.suspend'))?.detail).toMatchObject({ plansEnded: 1 });
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('ends the plans of an expert the team unpublishes, refunding the whole unbooked month', async () => {
    const { expert, client, view } = await subscribed('unpublished', 0);
    const res = await send('POST', `/api/admin/experts/${expert.expert.id}/visibility`, { published: false, reason: 'Reported' }, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await view()).periods[0]).toMatchObject({ refundedCents: 20000 });
    expect(await view()).toMatchObject({ status: 'ended', endedBy: 'team' });
    expect(await mails(client.email, 'Receipt: $200.00 refunded')).toHaveLength(1);
    expect((await audited(expert.expert.id, 'expert.unpublish'))?.detail).toMatchObject({ plansEnded: 1 });
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('ends the plans of an expert who hides their own profile; a free trial ends with nothing to refund', async () => {
    const paid = await subscribed('hidden', 1);
    const res = await send('PUT', '/api/me/profile-publishing', { published: false }, paid.expert.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await paid.view()).toMatchObject({ status: 'ended', endedBy: 'expert' });
    expect((await paid.view()).periods[0]).toMatchObject({ refundedCents: 10000 });
    expect(await mails(paid.client.email, 'Erin Expert ended Monthly mentoring')).toHaveLength(1);

    const trial = await subscribed('hidden-trial', 1, 14);
    expect((await send('PUT', '/api/me/profile-publishing', { published: false }, trial.expert.cookie)).statusCode).toBe(200);
    expect(await trial.view()).toMatchObject({ status: 'ended' });
    expect((await trial.view()).periods[0]).toMatchObject({ kind: 'trial', refundedCents: 0 });
    expect(await mails(trial.client.email, 'Your plan with Erin Expert is cancelled')).toHaveLength(1);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });
});
