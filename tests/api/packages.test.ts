/**
 * Session packages (docs/product.md "Plans and packages"): an expert offers a package, a client buys it by card with
 * the terms frozen, books its sessions with no card step, a cancellation refunded in full returns the session, a
 * confirmation releases the session's share, expiry refunds (or releases) the unused shares once, the team refunds
 * unused sessions; after each step the ledger is summed against the card payments. Runs on PGlite, and on PostgreSQL
 * with TEST_DATABASE_URL (where the race for the last session is a real one).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, packageEvents, packagePurchases } from '../../src/server/db/schema.js';
import { simulatedProvider } from '../../src/server/infra/payments/simulated.js';
import { settleExpiredPackages, warnExpiringPackages } from '../../src/server/modules/packages/use-cases/expire-packages.js';
import { sessionDeps } from '../../src/server/modules/sessions/deps.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { expectPrepaidLedgerBalanced } from '../helpers/prepaid-ledger.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert, shift, slotIn, visa } from '../helpers/marketplace.js';

const json = { origin, 'content-type': 'application/json' };
const dayMs = 86_400_000;

describe('session packages', () => {
  let ctx: TestContext;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let client: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let n = 0;
  const send = (method: 'POST' | 'PUT', url: string, payload: object, cookie?: string, key?: string) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: `127.9.0.${(++n % 250) + 1}`,
      headers: { ...json, ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const deps = () => sessionDeps(ctx.config, ctx.database.db, simulatedProvider());
  const offer = async (body: object) => {
    const res = await send('POST', '/api/me/packages', { sessionCount: 4, durationMinutes: 60, priceCents: 34000, validityMonths: 3, ...body }, expert.cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const buy = async (packageId: string, cookie = client.cookie, key = randomUUID()) =>
    send('POST', `/api/packages/${packageId}/purchases`, { card: visa }, cookie, key);
  const bookFrom = (purchaseId: string, hours: number, cookie = client.cookie, key = randomUUID()) =>
    send('POST', `/api/package-purchases/${purchaseId}/sessions`, { startsAt: slotIn(hours), topic: 'Roadmap review' }, cookie, key);
  const purchase = async (id: string) => (await get('/api/me/package-purchases', client.cookie)).json().purchases.find((p: { id: string }) => p.id === id);

  beforeAll(async () => {
    ctx = await createTestApp();
    expert = await createExpert(ctx, { email: 'packager@example.com', rateCents: 9000, policy: 'flexible' });
    client = await createUser(ctx, { email: 'bundle@example.com', firstName: 'Casey', lastName: 'Client' });
    other = await createUser(ctx, { email: 'other-buyer@example.com' });
    admin = await createUser(ctx, { email: 'team-packages@example.com', role: 'admin' });
  });
  afterAll(() => ctx.close());

  it('shows an open package on the profile with its saving, and not a closed one', async () => {
    const open = await offer({});
    const closed = await offer({ sessionCount: 2, priceCents: 17000, open: false });
    const listed = (await get(`/api/experts/${expert.expert.slug}/packages`)).json().packages;
    expect(listed.map((p: { id: string }) => p.id)).toContain(open);
    expect(listed.map((p: { id: string }) => p.id)).not.toContain(closed);
    expect(listed.find((p: { id: string }) => p.id === open)).toMatchObject({ priceCents: 34000, savingCents: 4 * 9000 - 34000, expiryRule: 'refund' });
    expect((await buy(closed)).statusCode).toBe(409);
    // Too cheap for its sessions, and not an expert's to offer.
    expect(
      (await send('POST', '/api/me/packages', { sessionCount: 20, durationMinutes: 60, priceCents: 1000, validityMonths: 3 }, expert.cookie)).statusCode,
    ).toBe(400);
    expect(
      (await send('POST', '/api/me/packages', { sessionCount: 4, durationMinutes: 60, priceCents: 34000, validityMonths: 3 }, client.cookie)).statusCode,
    ).toBe(403);
  });

  it('sells a package by card with frozen terms and a receipt, and a replay charges nothing', async () => {
    const packageId = await offer({});
    const key = randomUUID();
    const first = await buy(packageId, client.cookie, key);
    expect(first.statusCode, first.body).toBe(201);
    const bought = first.json().purchase;
    expect(bought).toMatchObject({ sessionCount: 4, priceCents: 34000, sessionsLeft: 4, status: 'active', cardLast4: '4242' });
    expect(bought.sessions.map((s: { shareCents: number }) => s.shareCents)).toEqual([8500, 8500, 8500, 8500]);
    const again = await buy(packageId, client.cookie, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().purchase.id).toBe(bought.id);
    expect(await ctx.database.db.select().from(packagePurchases).where(eq(packagePurchases.idempotencyKey, key))).toHaveLength(1);
    const mails = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'bundle@example.com'));
    expect(mails.filter((m) => m.subject === 'Receipt: $340.00 paid for your package with Erin Expert')).toHaveLength(1);
    // A later price change leaves the purchase's terms alone.
    await send('PUT', `/api/me/packages/${packageId}`, { sessionCount: 4, durationMinutes: 60, priceCents: 39000, validityMonths: 3 }, expert.cookie);
    expect((await purchase(bought.id)).priceCents).toBe(34000);
    // Declined cards buy nothing.
    const declined = await send(
      'POST',
      `/api/packages/${packageId}/purchases`,
      { card: { ...visa, number: '4000 0000 0000 0002' } },
      client.cookie,
      randomUUID(),
    );
    expect(declined.statusCode).toBe(402);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('books sessions with no card step, returns a session cancelled with a full refund, and releases a confirmed share', async () => {
    const packageId = await offer({});
    const bought = (await buy(packageId)).json().purchase;
    const booked = await bookFrom(bought.id, 50);
    expect(booked.statusCode, booked.body).toBe(201);
    const session = booked.json().session;
    expect(session.package).toEqual({ number: 1, count: 4, plan: false });
    expect(session.payment).toMatchObject({ status: 'held', amountCents: 8500 });
    expect((await purchase(bought.id)).sessionsLeft).toBe(3);
    await expectPrepaidLedgerBalanced(ctx.database.db);

    // Flexible policy, more than 24 hours ahead: a full refund, so the session goes back to the package.
    const cancelled = await send('POST', `/api/sessions/${session.id}/cancel`, { reason: 'Plans changed' }, client.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().payment.status).toBe('returned');
    expect((await purchase(bought.id)).sessionsLeft).toBe(4);
    await expectPrepaidLedgerBalanced(ctx.database.db);

    const again = (await bookFrom(bought.id, 60)).json().session;
    expect(again.package).toEqual({ number: 1, count: 4, plan: false });
    await shift(ctx, again.id, -64);
    const confirmed = await send('POST', `/api/sessions/${again.id}/confirm`, {}, client.cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().payment.status).toBe('released');
    const ledgerRes = await get('/api/me/earnings/ledger', expert.cookie);
    expect(ledgerRes.statusCode, ledgerRes.body).toBe(200);
    expect(ledgerRes.json().items.some((e: { sessionId: string; type: string }) => e.sessionId === again.id && e.type === 'released')).toBe(true);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('refuses another client, sessions after the expiry, and the wrong account', async () => {
    const packageId = await offer({});
    const bought = (await buy(packageId)).json().purchase;
    expect((await bookFrom(bought.id, 50, other.cookie)).statusCode).toBe(404);
    expect((await send('POST', `/api/package-purchases/${bought.id}/sessions`, { startsAt: slotIn(50), topic: 'x' }, undefined, randomUUID())).statusCode).toBe(
      401,
    );
    expect((await bookFrom(bought.id, 24 * 100)).statusCode).toBe(409);
    expect((await buy(packageId, expert.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/users/' + client.id + '/package-purchases', client.cookie)).statusCode).toBe(403);
  });

  it('lets one of two bookings of the last session win', async () => {
    const packageId = await offer({ sessionCount: 2, priceCents: 17000 });
    const bought = (await buy(packageId)).json().purchase;
    expect((await bookFrom(bought.id, 30)).statusCode).toBe(201);
    const [a, b] = await Promise.all([bookFrom(bought.id, 34), bookFrom(bought.id, 38)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json().error.message).toBe('No sessions are left in this package.');
    expect((await purchase(bought.id)).sessionsLeft).toBe(0);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('warns 14 and 3 days before expiry, then refunds the unused shares once', async () => {
    const packageId = await offer({ sessionCount: 3, priceCents: 1000, validityMonths: 1 });
    const bought = (await buy(packageId)).json().purchase;
    expect(bought.sessions.map((s: { shareCents: number }) => s.shareCents)).toEqual([334, 333, 333]);
    expect((await bookFrom(bought.id, 70)).statusCode).toBe(201);
    const expiresAt = new Date(bought.expiresAt).getTime();
    const warnings = async () =>
      (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'bundle@example.com'))).filter((m) =>
        m.subject.startsWith('Your package with Erin Expert expires'),
      );
    const before = (await warnings()).length;
    await warnExpiringPackages(ctx.database.db, ctx.config.baseUrl, new Date(expiresAt - 10 * dayMs));
    await warnExpiringPackages(ctx.database.db, ctx.config.baseUrl, new Date(expiresAt - 10 * dayMs));
    expect((await warnings()).length).toBe(before + 1);
    await warnExpiringPackages(ctx.database.db, ctx.config.baseUrl, new Date(expiresAt - 2 * dayMs));
    expect((await warnings()).length).toBe(before + 2);

    const after = new Date(expiresAt + 60_000);
    expect(await settleExpiredPackages(deps(), after)).toBeGreaterThanOrEqual(1);
    expect(await settleExpiredPackages(deps(), after)).toBe(0);
    const [view] = (await get('/api/me/package-purchases', client.cookie)).json().purchases.filter((p: { id: string }) => p.id === bought.id);
    expect(view).toMatchObject({ status: 'expired', sessionsLeft: 0, refundedCents: 666, releasedCents: 0 });
    // The refund's e-mail names the receipt it refunds.
    const [refund] = (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'bundle@example.com'))).filter(
      (m) => m.subject === 'Receipt: $6.66 refunded for your package with Erin Expert',
    );
    expect(refund!.text).toContain(`Refund of receipt ${bought.receiptNumber}`);
    // The PDF receipt, read back with an independent parser: the payment, the package and the refund at expiry.
    const pdf = await get(`/api/package-purchases/${bought.id}/receipt.pdf`, client.cookie);
    expect(pdf.statusCode).toBe(200);
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })).text;
    expect(text).toContain('Amount paid: $10.00');
    expect(text).toContain('Package: 3 × 60 min sessions, expires');
    expect(text).toContain('Total refunded: $6.66');
    expect((await get(`/api/package-purchases/${bought.id}/receipt.pdf`, other.cookie)).statusCode).toBe(404);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('releases the unused shares to the expert at expiry when the package says so, net of the frozen commission', async () => {
    const packageId = await offer({ sessionCount: 2, priceCents: 20000, validityMonths: 1, expiryRule: 'release' });
    const bought = (await buy(packageId)).json().purchase;
    await settleExpiredPackages(deps(), new Date(new Date(bought.expiresAt).getTime() + 1000));
    const view = await purchase(bought.id);
    expect(view).toMatchObject({ status: 'expired', refundedCents: 0, releasedCents: 20000 });
    const events = await ctx.database.db.select().from(packageEvents).where(eq(packageEvents.purchaseId, bought.id));
    const fee = events.filter((e) => e.type === 'fee').reduce((s, e) => s + e.amountCents, 0);
    expect(fee).toBe(2 * Math.round((10000 * bought.platformFeeBps) / 10000));
    // The expert's earnings ledger shows the release, net of the commission.
    const ledger = (await get('/api/me/earnings/ledger', expert.cookie)).json();
    const released = ledger.items.filter((e: { packagePurchaseId: string | null }) => e.packagePurchaseId === bought.id);
    expect(released.map((e: { type: string }) => e.type)).toEqual(['released', 'released']);
    expect(released.reduce((sum: number, e: { amountCents: number }) => sum + e.amountCents, 0)).toBe(20000 - fee);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });

  it('lets the team refund the unused sessions once and end the package, audited, with an Idempotency-Key', async () => {
    const packageId = await offer({});
    const bought = (await buy(packageId)).json().purchase;
    const booked = await bookFrom(bought.id, 80);
    expect(booked.statusCode).toBe(201);
    const key = randomUUID();
    const refunded = await send('POST', `/api/admin/package-purchases/${bought.id}/refund`, { reason: 'Expert left' }, admin.cookie, key);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ refundedCents: 25500, sessionsLeft: 0, status: 'ended', endedBy: 'team' });
    const replay = await send('POST', `/api/admin/package-purchases/${bought.id}/refund`, { reason: 'Expert left' }, admin.cookie, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().refundedCents).toBe(25500);
    const again = await send('POST', `/api/admin/package-purchases/${bought.id}/refund`, { reason: 'Again' }, admin.cookie, randomUUID());
    expect([again.statusCode, again.json().error.message]).toEqual([409, 'This package has ended, so its sessions can no longer be booked.']);
    const listed = (await get(`/api/admin/users/${client.id}/package-purchases`, admin.cookie)).json().purchases;
    expect(listed.map((p: { id: string }) => p.id)).toContain(bought.id);
    // The client sees it ended by the team, is e-mailed the refund, and can book nothing more from it.
    const view = await purchase(bought.id);
    expect(view).toMatchObject({ status: 'ended', endedBy: 'team', sessionsLeft: 0 });
    expect(Date.parse(view.endedAt)).toBeLessThan(Date.parse(view.expiresAt));
    const [mail] = (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'bundle@example.com'))).filter(
      (m) => m.subject === 'Receipt: $255.00 refunded for your package with Erin Expert',
    );
    expect(mail!.text).toContain('The Mentora team refunded 3 unused sessions of your package with Erin Expert.');
    expect((await bookFrom(bought.id, 90)).statusCode).toBe(409);
    // Its booked session cancelled in time, refunded in full: the share goes back to the card, not to the ended package.
    const cancelled = await send('POST', `/api/sessions/${booked.json().session.id}/cancel`, { reason: 'Plans changed' }, client.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().payment.status).toBe('refunded');
    expect(await purchase(bought.id)).toMatchObject({ status: 'ended', sessionsLeft: 0 });
    expect((await bookFrom(bought.id, 100)).statusCode).toBe(409);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });
});
