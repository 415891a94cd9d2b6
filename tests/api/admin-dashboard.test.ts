/**
 * The console's dashboard (docs/product.md "Team console", "Dashboard"): per UTC day, aggregated on the server.
 * Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputes } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, shift, slotIn } from '../helpers/marketplace.js';

describe('team console dashboard', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  const dashboard = async (qs = '') => ctx.app.inject({ method: 'GET', url: `/api/admin/dashboard${qs}`, headers: { cookie: admin.cookie } });

  beforeAll(async () => {
    ctx = await createTestApp({ PLATFORM_FEE_PERCENT: '10' });
    admin = await createUser(ctx, { email: 'dash-admin@example.com', role: 'admin' });
  });
  afterAll(() => ctx?.close());

  const post = (url: string, cookie: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: { origin, cookie, 'content-type': 'application/json' }, payload });

  it("counts today's bookings, gross volume, commission, refunds, disputes, new clients and experts per UTC day over 7, 30 or 90 days", async () => {
    const expert = await createExpert(ctx, { email: 'dash-expert@example.com', rateCents: 6000 });
    const client = await createUser(ctx, { email: 'dash-client@example.com', firstName: 'Dee', lastName: 'Client' });
    for (const hours of [30, 40]) expect((await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(hours) })).statusCode).toBe(201);
    const id = (await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(50) })).json().session.id as string;
    const refund = await post(`/api/admin/sessions/${id}/refund`, admin.cookie, { refundCents: 2000, reason: 'Late start' });
    expect(refund.statusCode).toBe(200);
    // Two sessions that took place are reported today; the team decides one for the expert (released, net of the fee).
    const reported: string[] = [];
    for (const hours of [60, 70]) {
      const session = (await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(hours) })).json().session.id as string;
      await shift(ctx, session, -2 * hours - 2);
      expect((await post(`/api/sessions/${session}/dispute`, client.cookie, { description: 'The expert never joined.' })).statusCode).toBe(200);
      reported.push(session);
    }
    const [dispute] = await ctx.database.db.select({ id: disputes.id }).from(disputes).where(eq(disputes.sessionId, reported[0]!));
    expect(
      (await post(`/api/admin/disputes/${dispute!.id}/resolve`, admin.cookie, { decision: 'expert', note: 'The expert joined on time.' })).statusCode,
    ).toBe(200);

    for (const days of [7, 30, 90]) {
      const res = await dashboard(`?days=${days}`);
      expect(res.statusCode, res.body).toBe(200);
      const { series } = res.json();
      expect(series).toHaveLength(days);
      expect(series.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    }
    const today = (await dashboard()).json().series.at(-1);
    // Commission: 10% of the 4000 cents released after the refund and of the 6000 released by the decision.
    expect(today).toMatchObject({
      bookings: 5,
      grossCents: 30000,
      refundsCents: 2000,
      commissionCents: 1000,
      disputesOpened: 2,
      disputesDecided: 1,
      newExperts: 1,
    });
    // The admin and the client signed up today; only clients count.
    expect(today.newClients).toBe(1);
    expect((await dashboard()).json().series).toHaveLength(30);
    expect((await dashboard('?days=14')).statusCode).toBe(400);
  });
});
