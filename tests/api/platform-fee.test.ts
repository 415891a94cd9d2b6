/**
 * The platform's commission (docs/product.md "Earnings"): PLATFORM_FEE_PERCENT is frozen on each session at booking;
 * what is released to the expert — their earnings, ledger and payouts — is net of it, the fee its own ledger event;
 * a later change of the setting leaves existing bookings as they were. Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { paymentEvents, payments, sessions } from '../../src/server/db/schema.js';
import { simulatedProvider } from '../../src/server/infra/payments/simulated.js';
import { sessionDeps } from '../../src/server/modules/sessions/deps.js';
import { autoReleaseDue } from '../../src/server/modules/sessions/use-cases/auto-release-sessions.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, shift, slotIn } from '../helpers/marketplace.js';

const json = { origin, 'content-type': 'application/json' };

describe('platform commission', () => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  const ledgerOf = async (sessionId: string) =>
    (
      await ctx.database.db
        .select({ type: paymentEvents.type, cents: paymentEvents.amountCents })
        .from(paymentEvents)
        .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
        .where(eq(payments.sessionId, sessionId))
        .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.type))
    ).map((e) => [e.type, e.cents]);
  const booked = async (hours: number) => {
    const res = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(hours) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().session.id as string;
  };
  const earnings = async () => (await ctx.app.inject({ method: 'GET', url: '/api/me/earnings', headers: { cookie: expert.cookie } })).json();

  beforeAll(async () => {
    ctx = await createTestApp({ PLATFORM_FEE_PERCENT: '10' });
    client = await createUser(ctx, { email: 'fee-client@example.com', firstName: 'Fran', lastName: 'Client' });
    expert = await createExpert(ctx, { email: 'fee-expert@example.com', rateCents: 9000 });
    admin = await createUser(ctx, { email: 'fee-admin@example.com', role: 'admin' });
  });
  afterAll(() => ctx?.close());

  it('releases the price less the commission frozen at booking: the expert earns the net, the fee is its own ledger event', async () => {
    const id = await booked(40);
    const [row] = await ctx.database.db.select({ fee: sessions.platformFeeBps }).from(sessions).where(eq(sessions.id, id));
    expect(row!.fee).toBe(1000);
    expect((await earnings()).heldCents).toBe(8100);

    await shift(ctx, id, -42);
    const confirm = await ctx.app.inject({ method: 'POST', url: `/api/sessions/${id}/confirm`, headers: { ...json, cookie: client.cookie }, payload: {} });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await ledgerOf(id)).toEqual([
      ['hold', 9000],
      ['fee', 900],
      ['release', 8100],
    ]);
    expect((await earnings()).totalEarnedCents).toBe(8100);
    const { items } = (await ctx.app.inject({ method: 'GET', url: '/api/me/earnings/ledger', headers: { cookie: expert.cookie } })).json();
    expect(items.map((x: { type: string }) => x.type)).toEqual(['released', 'held']);
  });

  it('keeps the commission a session was booked under when the setting changes later', async () => {
    const id = await booked(60);
    await shift(ctx, id, -150);
    // The servers now run with no commission: the session booked under 10 % still pays it.
    await autoReleaseDue(sessionDeps({ ...ctx.config, platformFeeBasisPoints: 0 }, ctx.database.db, simulatedProvider()));
    expect(await ledgerOf(id)).toEqual([
      ['hold', 9000],
      ['fee', 900],
      ['release', 8100],
    ]);
  });

  it('takes the commission only on what a partial refund leaves the expert', async () => {
    const id = await booked(80);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sessions/${id}/refund`,
      headers: { ...json, cookie: admin.cookie },
      payload: { refundCents: 3000, reason: 'Started 20 minutes late' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerOf(id)).toEqual([
      ['hold', 9000],
      ['fee', 600],
      ['refund', 3000],
      ['release', 5400],
    ]);
    // The client's receipt shows the commission included in what they paid.
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/sessions/${id}/receipt.pdf`, headers: { cookie: client.cookie } });
    expect(pdf.statusCode).toBe(200);
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })).text;
    expect(text).toContain('Net paid: $60.00');
    expect(text).toContain("Of which Mentora's commission: $6.00");
  });

  it('stops start-up naming PLATFORM_FEE_PERCENT when it is not a percentage from 0 to 50 with at most 2 decimals', () => {
    for (const bad of ['-1', '50.5', '12.345', 'ten']) expect(() => loadConfig({ PLATFORM_FEE_PERCENT: bad }), bad).toThrow(ConfigError);
    expect(() => loadConfig({ PLATFORM_FEE_PERCENT: '60' })).toThrow(/^Invalid configuration: PLATFORM_FEE_PERCENT /);
    expect(loadConfig({ PLATFORM_FEE_PERCENT: '12.5' }).platformFeeBasisPoints).toBe(1250);
    expect(loadConfig({}).platformFeeBasisPoints).toBe(0);
  });
});
