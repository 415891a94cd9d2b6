import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experts, workshops } from '../../src/server/db/schema.js';
import { messages } from '../../src/shared/messages.js';
import { wallClockToUtc } from '../../src/shared/slots.js';
import { workshopMessages } from '../../src/shared/workshops.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert } from '../helpers/marketplace.js';

/** A workshop is one of the expert's sessions for their daily maximum (docs/product.md "Workshops", "Availability"). */
describe('workshops and the expert’s daily maximum', () => {
  let ctx: TestContext;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let client: Awaited<ReturnType<typeof createUser>>;
  const json = { origin, 'content-type': 'application/json' };
  // The expert works in Los Angeles, not in the helper's Vancouver: the day's bounds are computed by the database and
  // the dates by Node.js, and from 2026-11-01 their time zone databases may disagree about Vancouver (tz 2026c keeps it
  // on daylight time all year; an older one on the database server does not).
  const zone = 'America/Los_Angeles';
  /** The expert's date `days` from today in their zone, YYYY-MM-DD. */
  const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: zone });
  const create = (body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/me/workshops',
      headers: { ...json, cookie: expert.cookie },
      payload: {
        title: 'Salary talks',
        description: 'Practice rounds.',
        topic: 'Job Interview Mastery',
        durationMinutes: 60,
        capacity: 5,
        priceCents: 1000,
        minAttendance: null,
        publish: true,
        ...body,
      },
    });
  const limit = (max: number | null) => ctx.database.db.update(experts).set({ maxSessionsPerDay: max }).where(eq(experts.id, expert.expert.id));
  const countOf = async () => (await ctx.database.db.select().from(workshops).where(eq(workshops.expertId, expert.expert.id))).length;

  beforeAll(async () => {
    ctx = await createTestApp();
    expert = await createExpert(ctx, { email: 'day-max-expert@example.com' });
    await ctx.database.db.update(experts).set({ timezone: zone }).where(eq(experts.id, expert.expert.id));
    await ctx.app.changeFeed.sync();
    client = await createUser(ctx, { email: 'day-max-client@example.com', firstName: 'Dana', lastName: 'Client' });
  });
  afterAll(() => ctx.close());

  it('creating a workshop on a day at the maximum is refused in the product’s words and writes nothing; the next day is fine', async () => {
    await limit(2);
    const day = dayIn(5);
    const session = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: wallClockToUtc(day, 8 * 60, zone).toISOString() });
    expect(session.statusCode).toBe(201);
    expect((await create({ startsAtLocal: `${day}T10:00` })).statusCode).toBe(201);
    const before = await countOf();
    const third = await create({ startsAtLocal: `${day}T14:00` });
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(workshopMessages.dayFull);
    // A draft counts too (it holds the time): refused the same way, nothing written.
    expect((await create({ startsAtLocal: `${day}T16:00`, publish: false })).json().error.message).toBe(workshopMessages.dayFull);
    expect(await countOf()).toBe(before);
    // The day after, in the expert's zone, is another day.
    expect((await create({ startsAtLocal: `${dayIn(6)}T00:30` })).statusCode).toBe(201);
    // And the one-to-one booking sees the workshop as one of the day's sessions.
    const more = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: wallClockToUtc(day, 18 * 60, zone).toISOString() }, randomUUID());
    expect(more.statusCode).toBe(409);
    expect(more.json().error.message).toBe(messages.booking.dayFull);
  });

  it('moving a workshop onto a full day is refused and leaves it where it was', async () => {
    await limit(1);
    const full = dayIn(8);
    expect((await create({ startsAtLocal: `${full}T09:00` })).statusCode).toBe(201);
    const w = (await create({ startsAtLocal: `${dayIn(9)}T09:00` })).json();
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/me/workshops/${w.id}`,
      headers: { ...json, cookie: expert.cookie },
      payload: { startsAtLocal: `${full}T15:00` },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toBe(workshopMessages.dayFull);
    const [row] = await ctx.database.db.select().from(workshops).where(eq(workshops.id, w.id));
    expect(row!.startsAt.toISOString()).toBe(w.startsAt);
    // Moving within its own day is not counted against itself.
    const sameDay = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/me/workshops/${w.id}`,
      headers: { ...json, cookie: expert.cookie },
      payload: { startsAtLocal: `${dayIn(9)}T11:00` },
    });
    expect(sameDay.statusCode).toBe(200);
  });

  it('publishing a draft on a day that reached a lowered maximum is refused; the draft stays a draft', async () => {
    await limit(null);
    const day = dayIn(11);
    const draft = (await create({ startsAtLocal: `${day}T09:00`, publish: false })).json();
    expect((await create({ startsAtLocal: `${day}T13:00` })).statusCode).toBe(201);
    await limit(1);
    const publish = await ctx.app.inject({ method: 'POST', url: `/api/me/workshops/${draft.id}/publish`, headers: { origin, cookie: expert.cookie } });
    expect(publish.statusCode).toBe(409);
    expect(publish.json().error.message).toBe(workshopMessages.dayFull);
    const [row] = await ctx.database.db.select().from(workshops).where(eq(workshops.id, draft.id));
    expect(row!.status).toBe('draft');
    await limit(2);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/me/workshops/${draft.id}/publish`, headers: { origin, cookie: expert.cookie } })).json().status,
    ).toBe('published');
  });
});
