/**
 * An expert who can no longer be booked ends their plans and packages (docs/product.md "Plans and packages"): the team
 * suspending the expert's account, the team unpublishing the profile, or the expert hiding it — each ends every live
 * subscriber's plan now with the unused share of the month refunded (sessions booked keep their own escrow; a free
 * trial refunds nothing), and every live package bought from them with its unused sessions' shares refunded whatever
 * its expiry rule; the clients e-mailed (the refund naming its receipt), the team's action audited with the plans
 * ended and packages refunded. After each the ledger is summed against the payments. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, emailOutbox } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert, slotIn, visa } from '../helpers/marketplace.js';
import { offerPlan } from '../helpers/plans.js';
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
    const planId = await offerPlan(ctx, expert.cookie, { priceCents: 20000, trialDays });
    const client = await createUser(ctx, { email: `${name}-client@example.com`, firstName: 'Sam', lastName: 'Subscriber' });
    const sub = await send('POST', `/api/plans/${planId}/subscriptions`, { card: visa }, client.cookie, randomUUID());
    expect(sub.statusCode, sub.body).toBe(201);
    const id = sub.json().subscription.id as string;
    for (let i = 0; i < booked; i++) {
      const res = await send('POST', `/api/subscriptions/${id}/sessions`, { startsAt: slotIn(50 + 3 * i), topic: 'Career plan' }, client.cookie, randomUUID());
      expect(res.statusCode, res.body).toBe(201);
    }
    const view = async () => (await get('/api/me/subscriptions', client.cookie)).json().subscriptions.find((s: { id: string }) => s.id === id);
    return { expert, client, id, view };
  }
  /** `client` buys a package of three 60-minute sessions at $300 from `expert` (`expiryRule`) and books `booked` of them. */
  async function boughtPackage(expert: { cookie: string }, client: { cookie: string }, booked: number, expiryRule: 'refund' | 'release' = 'refund') {
    const offer = await send(
      'POST',
      '/api/me/packages',
      { sessionCount: 3, durationMinutes: 60, priceCents: 30000, validityMonths: 3, expiryRule },
      expert.cookie,
    );
    expect(offer.statusCode, offer.body).toBe(201);
    const bought = await send('POST', `/api/packages/${offer.json().id}/purchases`, { card: visa }, client.cookie, randomUUID());
    expect(bought.statusCode, bought.body).toBe(201);
    const { id, receiptNumber } = bought.json().purchase as { id: string; receiptNumber: string };
    for (let i = 0; i < booked; i++) {
      const res = await send(
        'POST',
        `/api/package-purchases/${id}/sessions`,
        { startsAt: slotIn(80 + 3 * i), topic: 'Career plan' },
        client.cookie,
        randomUUID(),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const view = async () => (await get('/api/me/package-purchases', client.cookie)).json().purchases.find((p: { id: string }) => p.id === id);
    return { id, receiptNumber, view };
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
  });
  afterAll(() => ctx.close());

  it('ends the plans and packages of a suspended expert, refunding the unbooked shares; the booked sessions keep their escrow', async () => {
    const { expert, client, view } = await subscribed('suspended', 1);
    const pack = await boughtPackage(expert, client, 1);
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
    // The package: its two unbooked sessions' shares back to the card, its receipt named; it can no longer be booked.
    const ended = await pack.view();
    expect(ended).toMatchObject({ status: 'ended', sessionsLeft: 0, refundedCents: 20000, releasedCents: 0 });
    expect(Date.parse(ended.endedAt)).toBeLessThan(Date.parse(ended.expiresAt));
    expect(ended.sessions.map((s: { status: string }) => s.status)).toEqual(['booked', 'refunded', 'refunded']);
    const [refund] = await mails(client.email, 'Receipt: $200.00 refunded for your package with Erin Expert');
    expect(refund!.text).toContain(`Refund of receipt ${pack.receiptNumber}`);
    expect(refund!.text).toContain('The Mentora team refunded 2 unused sessions');
    expect(
      (await send('POST', `/api/package-purchases/${pack.id}/sessions`, { startsAt: slotIn(95), topic: 'Again' }, client.cookie, randomUUID())).statusCode,
    ).toBe(409);
    expect((await audited(expert.id, 'user.suspend'))?.detail).toMatchObject({ plansEnded: 1, packagesRefunded: 1 });
    // The client then cancels the booked session in time, refunded in full: it goes back to the card, not to the ended package.
    const sessionId = ended.sessions[0].sessionId as string;
    const cancelled = await send('POST', `/api/sessions/${sessionId}/cancel`, { reason: 'Expert suspended' }, client.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().payment).toMatchObject({ status: 'refunded', refundedCents: 10000 });
    expect((await pack.view()).sessionsLeft).toBe(0);
    await expectPrepaidLedgerBalanced(ctx.database.db);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('ends the plans and packages of an expert the team unpublishes, refunding the whole unbooked month and package', async () => {
    const { expert, client, view } = await subscribed('unpublished', 0);
    const pack = await boughtPackage(expert, client, 0);
    const res = await send('POST', `/api/admin/experts/${expert.expert.id}/visibility`, { published: false, reason: 'Reported' }, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await view()).periods[0]).toMatchObject({ refundedCents: 20000 });
    expect(await view()).toMatchObject({ status: 'ended', endedBy: 'team' });
    expect(await mails(client.email, 'Receipt: $200.00 refunded')).toHaveLength(1);
    expect(await pack.view()).toMatchObject({ sessionsLeft: 0, refundedCents: 30000 });
    expect((await audited(expert.expert.id, 'expert.unpublish'))?.detail).toMatchObject({ plansEnded: 1, packagesRefunded: 1 });
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('ends the plans and packages of an expert who hides their own profile (a package releasing at expiry is refunded); a free trial ends with nothing to refund', async () => {
    const paid = await subscribed('hidden', 1);
    // A package whose unused sessions would go to the expert at expiry is refunded all the same: they cannot be booked.
    const pack = await boughtPackage(paid.expert, paid.client, 0, 'release');
    const res = await send('PUT', '/api/me/profile-publishing', { published: false }, paid.expert.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await paid.view()).toMatchObject({ status: 'ended', endedBy: 'expert' });
    expect((await paid.view()).periods[0]).toMatchObject({ refundedCents: 10000 });
    expect(await mails(paid.client.email, 'Erin Expert ended Monthly mentoring')).toHaveLength(1);
    expect(await pack.view()).toMatchObject({ sessionsLeft: 0, refundedCents: 30000, releasedCents: 0 });
    expect(await mails(paid.client.email, 'Erin Expert is no longer taking bookings, so we refunded 3 unused sessions')).toHaveLength(1);

    const trial = await subscribed('hidden-trial', 1, 14);
    expect((await send('PUT', '/api/me/profile-publishing', { published: false }, trial.expert.cookie)).statusCode).toBe(200);
    expect(await trial.view()).toMatchObject({ status: 'ended' });
    expect((await trial.view()).periods[0]).toMatchObject({ kind: 'trial', refundedCents: 0 });
    expect(await mails(trial.client.email, 'Your plan with Erin Expert is cancelled')).toHaveLength(1);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });
});
