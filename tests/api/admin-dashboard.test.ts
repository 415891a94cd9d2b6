/**
 * The console's dashboard (docs/product.md "Team console", "Dashboard"): per UTC day, aggregated on the server.
 * Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, slotIn } from '../helpers/marketplace.js';

describe('team console dashboard', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  const dashboard = async (qs = '') => ctx.app.inject({ method: 'GET', url: `/api/admin/dashboard${qs}`, headers: { cookie: admin.cookie } });

  beforeAll(async () => {
    ctx = await createTestApp({ PLATFORM_FEE_PERCENT: '10' });
    admin = await createUser(ctx, { email: 'dash-admin@example.com', role: 'admin' });
  });
  afterAll(() => ctx?.close());

  it("counts today's bookings, gross volume, refunds, new clients and experts per UTC day over 7, 30 or 90 days", async () => {
    const expert = await createExpert(ctx, { email: 'dash-expert@example.com', rateCents: 6000 });
    const client = await createUser(ctx, { email: 'dash-client@example.com', firstName: 'Dee', lastName: 'Client' });
    for (const hours of [30, 40]) expect((await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(hours) })).statusCode).toBe(201);
    const id = (await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(50) })).json().session.id as string;
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sessions/${id}/refund`,
      headers: { origin, cookie: admin.cookie, 'content-type': 'application/json' },
      payload: { refundCents: 2000, reason: 'Late start' },
    });
    expect(refund.statusCode).toBe(200);

    for (const days of [7, 30, 90]) {
      const res = await dashboard(`?days=${days}`);
      expect(res.statusCode, res.body).toBe(200);
      const { series } = res.json();
      expect(series).toHaveLength(days);
      expect(series.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    }
    const today = (await dashboard()).json().series.at(-1);
    expect(today).toMatchObject({ bookings: 3, grossCents: 18000, refundsCents: 2000, commissionCents: 400, newExperts: 1 });
    // The admin and the client signed up today; only clients count.
    expect(today.newClients).toBe(1);
    expect((await dashboard()).json().series).toHaveLength(30);
    expect((await dashboard('?days=14')).statusCode).toBe(400);
  });
});
