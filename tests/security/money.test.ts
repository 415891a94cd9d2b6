/**
 * Money (docs/security.md): amounts are computed on the server from the expert's stored rate, never taken from the
 * client. A tampered amount, rate, duration or expert in the request cannot change what is charged or refunded:
 * extra price fields are ignored, an invalid duration is refused (400, nothing written), and the price is
 * always round(rate × minutes / 60) of the expert the session is for (src/shared/pricing.ts). Refunds
 * follow the policy, and even the team cannot refund more than is held.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments, sessions } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, shift, slotIn } from '../helpers/marketplace.js';
import { fingerprint } from './db-fingerprint.js';

/** Fields a tampering client might add to a booking; none of them may reach the price. */
const tampered = {
  totalAmountCents: 1,
  amountCents: 1,
  hourlyRateCents: 1,
  price: 1,
  currency: 'JPY',
  status: 'confirmed',
  clientId: randomUUID(),
  expertName: 'Someone Else',
  refundCents: 1,
};

describe('money is computed on the server', () => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof createUser>>;
  let cheap: Awaited<ReturnType<typeof createExpert>>;
  let dear: Awaited<ReturnType<typeof createExpert>>;
  let hour = 30;
  const nextSlot = () => slotIn((hour += 3));

  /** The stored session, its payment and the amounts of its payment events. */
  const money = async (id: string) => {
    const [s] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, id));
    const [p] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, id));
    const events = p ? await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, p.id)) : [];
    return { session: s!, payment: p, events: events.map((e) => [e.type, e.amountCents]) };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    client = await createUser(ctx, { email: 'casey@example.com', firstName: 'Casey', lastName: 'Client' });
    // An odd rate, so rounding is exercised: 12 345 cents an hour.
    cheap = await createExpert(ctx, { email: 'cheap@example.com', rateCents: 12_345, policy: 'strict' });
    dear = await createExpert(ctx, { email: 'dear@example.com', rateCents: 40_000 });
  });
  afterAll(async () => ctx?.close());

  it.each([15, 30, 45, 60, 90, 120])('a %i-minute booking costs rate × minutes / 60, whatever price fields the body carries', async (minutes) => {
    const res = await book(ctx, client.cookie, { expertId: cheap.expert.id, startsAt: nextSlot(), durationMinutes: minutes, ...tampered } as Parameters<
      typeof book
    >[2]);
    expect(res.statusCode, res.body).toBe(201);
    const expected = Math.round((12_345 * minutes) / 60);
    const { session, payment, events } = await money(res.json().session.id);
    expect(res.json().session).toMatchObject({ totalAmountCents: expected, hourlyRateCents: 12_345, durationMinutes: minutes, status: 'booked' });
    expect(session).toMatchObject({
      totalAmountCents: expected,
      hourlyRateCents: 12_345,
      currency: 'USD',
      clientId: client.id,
      expertId: cheap.expert.id,
      expertName: 'Erin Expert',
    });
    expect(session.endsAt.getTime() - session.startsAt.getTime()).toBe(minutes * 60_000);
    expect(payment).toMatchObject({ amountCents: expected, currency: 'USD', refundedCents: 0 });
    expect(events).toEqual([['hold', expected]]);
  });

  it('the price follows the expert the session is for, not a rate sent for another', async () => {
    const res = await book(ctx, client.cookie, {
      expertId: dear.expert.id,
      startsAt: nextSlot(),
      durationMinutes: 30,
      hourlyRateCents: 12_345,
      totalAmountCents: 6172,
    } as Parameters<typeof book>[2]);
    expect(res.statusCode, res.body).toBe(201);
    const { session, payment } = await money(res.json().session.id);
    expect(session).toMatchObject({ expertId: dear.expert.id, hourlyRateCents: 40_000, totalAmountCents: 20_000 });
    expect(payment!.amountCents).toBe(20_000);
  });

  it.each([
    ['zero', 0],
    ['negative', -60],
    ['not on the list', 59],
    ['a fraction', 60.5],
    ['too long', 600],
    ['huge', 1e12],
    ['a string', '60'],
    ['null', null],
  ])('an invalid duration (%s) is refused and writes nothing', async (_label, durationMinutes) => {
    const before = await fingerprint(ctx.database);
    const res = await book(ctx, client.cookie, { expertId: cheap.expert.id, startsAt: nextSlot(), durationMinutes } as unknown as Parameters<typeof book>[2]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(await fingerprint(ctx.database)).toEqual(before);
  });

  it('the free intro is 15 minutes and free; a longer "intro" is refused', async () => {
    const long = await book(ctx, client.cookie, { expertId: dear.expert.id, startsAt: nextSlot(), durationMinutes: 60, kind: 'intro', card: undefined });
    expect(long.statusCode, long.body).toBe(400);
    const intro = await book(ctx, client.cookie, {
      expertId: dear.expert.id,
      startsAt: nextSlot(),
      durationMinutes: 15,
      kind: 'intro',
      card: undefined,
      totalAmountCents: 500,
    } as Parameters<typeof book>[2]);
    expect(intro.statusCode, intro.body).toBe(201);
    const { session, payment } = await money(intro.json().session.id);
    expect(session.totalAmountCents).toBe(0);
    expect(payment).toBeUndefined();
  });

  it('a replayed Idempotency-Key returns the first booking; a changed duration or expert cannot re-price it', async () => {
    const key = randomUUID();
    const startsAt = nextSlot();
    const first = await book(ctx, client.cookie, { expertId: cheap.expert.id, startsAt, durationMinutes: 30 }, key);
    expect(first.statusCode, first.body).toBe(201);
    const before = await fingerprint(ctx.database);
    // Price fields are not part of a booking, so the request is the same one: the first booking answers.
    const again = await book(ctx, client.cookie, { expertId: cheap.expert.id, startsAt, durationMinutes: 30, ...tampered } as Parameters<typeof book>[2], key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().session).toMatchObject({ id: first.json().session.id, totalAmountCents: Math.round(12_345 / 2), durationMinutes: 30 });
    // Another expert or duration is another request: refused, nothing written.
    const other = await book(ctx, client.cookie, { expertId: dear.expert.id, startsAt: nextSlot(), durationMinutes: 120 }, key);
    expect(other.statusCode, other.body).toBe(422);
    expect(await fingerprint(ctx.database)).toEqual(before);
  });

  it('a cancellation refunds what the policy says, not an amount in the request', async () => {
    // Strict policy, less than 7 days ahead: the client gets nothing back, whatever the body asks for.
    const res = await book(ctx, client.cookie, { expertId: cheap.expert.id, startsAt: nextSlot(), durationMinutes: 60 });
    const id = res.json().session.id as string;
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/cancel`,
      headers: { origin, cookie: client.cookie, 'content-type': 'application/json' },
      payload: { reason: 'Plans changed', refundCents: 12_345, amountCents: 12_345, cancelledBy: 'expert' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const { session, payment, events } = await money(id);
    expect(session).toMatchObject({ status: 'cancelled', cancelledBy: 'client' });
    expect(payment!.refundedCents).toBe(0);
    expect(events.filter(([type]) => type === 'refund')).toEqual([]);
  });

  it("another client's Idempotency-Key books a session of their own and never returns someone else's", async () => {
    const key = randomUUID();
    const first = await book(ctx, client.cookie, { expertId: cheap.expert.id, startsAt: nextSlot(), durationMinutes: 30 }, key);
    expect(first.statusCode, first.body).toBe(201);
    const other = await createUser(ctx, { email: 'blake@example.com', firstName: 'Blake', lastName: 'Other' });
    const theirs = await book(ctx, other.cookie, { expertId: dear.expert.id, startsAt: nextSlot(), durationMinutes: 60 }, key);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().session.id).not.toBe(first.json().session.id);
    expect((await money(theirs.json().session.id)).session).toMatchObject({ clientId: other.id, totalAmountCents: 40_000 });
  });

  it('a dispute refund can never exceed the held amount', async () => {
    const admin = await createUser(ctx, { email: 'admin@example.com', role: 'admin' });
    const res = await book(ctx, client.cookie, { expertId: dear.expert.id, startsAt: nextSlot(), durationMinutes: 30 });
    const id = res.json().session.id as string;
    await shift(ctx, id, -200);
    const post = (url: string, cookie: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, headers: { origin, cookie, 'content-type': 'application/json' }, payload });
    expect((await post(`/api/sessions/${id}/dispute`, client.cookie, { description: 'The expert did not show up.' })).statusCode).toBe(200);
    const disputeId = (await ctx.app.inject({ url: '/api/admin/disputes', headers: { cookie: admin.cookie } }))
      .json()
      .items.find((d: { session: { id: string } }) => d.session.id === id).id as string;
    for (const refundCents of [20_001, 1e9, 0, -5]) {
      const before = await fingerprint(ctx.database);
      const over = await post(`/api/admin/disputes/${disputeId}/resolve`, admin.cookie, { decision: 'client', refundCents, note: 'Refund' });
      expect(over.statusCode, over.body).toBe(400);
      expect(await fingerprint(ctx.database)).toEqual(before);
    }
    const ok = await post(`/api/admin/disputes/${disputeId}/resolve`, admin.cookie, { decision: 'client', refundCents: 20_000, note: 'Refund' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await money(id)).payment).toMatchObject({ amountCents: 20_000, refundedCents: 20_000 });
  });
});
