import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workshops } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert, excellentFeedback, shift, visa } from '../helpers/marketplace.js';

/** A good review: the second answer of every question, scoring 4. */
const goodFeedback = {
  expertiseRating: 'Very Good',
  communicationRating: 'Clear',
  punctualityRating: 'Slightly Late',
  valueRating: 'Good Value',
  recommendationRating: 'Probably',
};

/** A workshop's own rating and its expert's workshop rating, from the public reviews of paid seats (docs/product.md "Workshops"). */
describe('workshop ratings', () => {
  let ctx: TestContext;
  let host: Awaited<ReturnType<typeof createExpert>>;
  const json = { origin, 'content-type': 'application/json' };
  let n = 0;
  const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });
  const create = async (body: object) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/workshops',
      headers: { ...json, cookie: host.cookie },
      payload: {
        title: 'Portfolio review',
        description: 'Bring your work.',
        topic: 'Graphics & Design',
        durationMinutes: 60,
        capacity: 5,
        priceCents: 2500,
        minAttendance: null,
        publish: true,
        ...body,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  /** A new client with a seat in `workshopId`, the seat moved 20 days back and confirmed; answers the client's cookie and the seat's id. */
  const attended = async (workshopId: string, card: object | undefined = visa) => {
    const c = await createUser(ctx, { email: `rated-${++n}@example.com`, firstName: 'Ria', lastName: `Rater${n}` });
    const booked = await ctx.app.inject({
      method: 'POST',
      url: `/api/workshops/${workshopId}/seats`,
      remoteAddress: `127.7.0.${n}`,
      headers: { ...json, cookie: c.cookie, 'idempotency-key': randomUUID() },
      payload: card ? { card } : {},
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const seat = booked.json().session.id as string;
    await shift(ctx, seat, -24 * 20);
    const post = (url: string, payload: object = {}) => ctx.app.inject({ method: 'POST', url, headers: { ...json, cookie: c.cookie }, payload });
    expect((await post(`/api/sessions/${seat}/confirm`)).statusCode).toBe(200);
    return { post, seat };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    host = await createExpert(ctx, { email: 'workshop-rating-host@example.com', slug: 'workshop-rating-host' });
  });
  afterAll(() => ctx.close());

  it('a workshop that took place shows its own rating; the expert’s upcoming workshops show the rating of their workshops', async () => {
    const past = await create({ startsAtLocal: `${dayIn(3)}T09:00` });
    const upcoming = await create({ startsAtLocal: `${dayIn(9)}T09:00`, title: 'Portfolio review, round two' });
    const free = await create({ startsAtLocal: `${dayIn(4)}T09:00`, priceCents: 0, title: 'Free portfolio clinic' });
    // Nobody has reviewed yet: no rating anywhere.
    expect((await ctx.app.inject(`/api/workshops/${upcoming.id}`)).json()).toMatchObject({ rating: null, expertWorkshopRating: null });

    const one = await attended(past.id);
    const two = await attended(past.id);
    const freeSeat = await attended(free.id, undefined);
    // The workshop itself took place 20 days ago, like its seats.
    await ctx.database.db
      .update(workshops)
      .set({ startsAt: sql`${workshops.startsAt} - interval '20 days'`, endsAt: sql`${workshops.endsAt} - interval '20 days'` })
      .where(eq(workshops.id, past.id));
    expect((await one.post(`/api/sessions/${one.seat}/feedback`, excellentFeedback)).statusCode).toBe(201);
    expect((await two.post(`/api/sessions/${two.seat}/feedback`, goodFeedback)).statusCode).toBe(201);
    // A free seat is never rated publicly, so it adds nothing.
    expect((await freeSeat.post(`/api/sessions/${freeSeat.seat}/feedback`, goodFeedback)).statusCode).toBe(409);

    const pastPage = (await ctx.app.inject(`/api/workshops/${past.id}`)).json();
    expect(pastPage).toMatchObject({ rating: { average: 4.5, count: 2 }, expertWorkshopRating: { average: 4.5, count: 2 } });
    const upcomingPage = (await ctx.app.inject(`/api/workshops/${upcoming.id}`)).json();
    expect(upcomingPage).toMatchObject({ rating: null, expertWorkshopRating: { average: 4.5, count: 2 } });
    const list = (await ctx.app.inject('/api/workshops?topic=Graphics%20%26%20Design')).json().workshops as { id: string; expertWorkshopRating: unknown }[];
    expect(list.find((w) => w.id === upcoming.id)).toMatchObject({ expertWorkshopRating: { average: 4.5, count: 2 } });
    // Another expert's workshops do not borrow it.
    const other = await createExpert(ctx, { email: 'workshop-rating-other@example.com', slug: 'workshop-rating-other' });
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/workshops',
      headers: { ...json, cookie: other.cookie },
      payload: {
        title: 'Other',
        description: 'Other.',
        topic: 'Graphics & Design',
        startsAtLocal: `${dayIn(9)}T12:00`,
        durationMinutes: 60,
        capacity: 5,
        priceCents: 2500,
        minAttendance: null,
        publish: true,
      },
    });
    expect((await ctx.app.inject(`/api/workshops/${theirs.json().id}`)).json()).toMatchObject({ rating: null, expertWorkshopRating: null });
  });
});
