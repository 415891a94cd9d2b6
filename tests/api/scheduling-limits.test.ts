import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { expertMessages, type AvailabilitySettings } from '../../src/shared/schemas/experts.js';
import { pgError } from '../../src/server/db/errors.js';
import { experts, sessions } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert } from '../helpers/marketplace.js';

/** Expert scheduling limits (docs/product.md "Availability"): buffers and a daily maximum, in the API and the database. */
describe('scheduling limits', () => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  const minute = 60_000;
  // Four days ahead, 18:00 UTC (10:00 or 11:00 in Vancouver): the expert's date is that UTC date all afternoon.
  const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
  const at = (utcTime: string, plusMinutes = 0) => new Date(Date.parse(`${day}T${utcTime}:00Z`) + plusMinutes * minute).toISOString();
  const first = at('18:00');

  const put = (payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/me/availability', headers: { cookie: expert.cookie, origin, 'content-type': 'application/json' }, payload });
  const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
  const limits = (bufferBeforeMinutes: number, bufferAfterMinutes: number, maxSessionsPerDay: number | null = null) =>
    put({ timezone: 'America/Vancouver', rules: allDay, exceptions: [], bufferBeforeMinutes, bufferAfterMinutes, maxSessionsPerDay });
  const offered = async () =>
    new Set(
      (await ctx.app.inject(`/api/experts/${expert.expert.id}/slots?date=${day}&duration=60&tz=UTC`))
        .json<{ slots: string[] }>()
        .slots.map((s) => new Date(s).toISOString()),
    );
  /** Writes a copy of session `id` moved by `minutes`, straight into the database (no API rule in the way). */
  const insertCopy = (id: string, minutes: number, key: string) =>
    ctx.database.db.execute(sql`
      insert into sessions (client_id, expert_id, expert_name, client_name, starts_at, ends_at, duration_minutes, topic, hourly_rate_cents,
        total_amount_cents, meeting_url, idempotency_key, cancellation_policy)
      select client_id, expert_id, expert_name, client_name, starts_at + make_interval(mins => ${minutes}), ends_at + make_interval(mins => ${minutes}),
        duration_minutes, topic, hourly_rate_cents, total_amount_cents, meeting_url, ${key}, cancellation_policy
      from sessions where id = ${id}`);
  const failure = async (write: Promise<unknown>) =>
    pgError(
      await write.then(
        () => null,
        (err: unknown) => err,
      ),
    );

  beforeAll(async () => {
    ctx = await createTestApp();
    client = await createUser(ctx, { email: 'limits-client@example.com', firstName: 'Casey', lastName: 'Client' });
    expert = await createExpert(ctx, { email: 'limits-expert@example.com' });
  });
  afterAll(() => ctx.close());

  it('saves buffers and a daily maximum, shows them, and refuses values out of range without changing anything', async () => {
    expect((await limits(15, 30, 4)).json<AvailabilitySettings>()).toMatchObject({ bufferBeforeMinutes: 15, bufferAfterMinutes: 30, maxSessionsPerDay: 4 });
    const bad = await limits(61, 0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(expertMessages.invalidBuffer);
    const zero = await limits(0, 0, 0);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toBe(expertMessages.invalidMaxPerDay);
    const [row] = await ctx.database.db.select().from(experts).where(eq(experts.id, expert.expert.id));
    expect(row).toMatchObject({ bufferBeforeMinutes: 15, bufferAfterMinutes: 30, maxSessionsPerDay: 4 });
    // Absent limits are none.
    expect((await put({ timezone: 'America/Vancouver', rules: allDay, exceptions: [] })).json()).toMatchObject({
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      maxSessionsPerDay: null,
    });
  });

  let firstId = '';

  it('keeps a session and its neighbours apart by both buffers, in the slots, the API and the database', async () => {
    expect((await limits(30, 30)).statusCode).toBe(200);
    const res = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: first });
    expect(res.statusCode).toBe(201);
    firstId = res.json().session.id;
    // The database copied the expert's buffers onto the session.
    const [stored] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, firstId));
    expect(stored).toMatchObject({ bufferBeforeMinutes: 30, bufferAfterMinutes: 30 });

    // Blocked: [17:30, 19:30). A new hour blocks [t − 30, t + 90), which must not overlap it: t ≤ 16:00 or t ≥ 20:00.
    const slots = await offered();
    expect(slots.has(at('16:00'))).toBe(true);
    expect(slots.has(at('16:15'))).toBe(false);
    expect(slots.has(at('19:45'))).toBe(false);
    expect(slots.has(at('20:00'))).toBe(true);

    const inside = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: at('19:45') });
    expect(inside.statusCode).toBe(409);
    expect(inside.json().error.message).toBe(messages.booking.slotUnavailable);
    // Past the API's check, the exclusion constraint refuses the same time.
    expect(await failure(insertCopy(firstId, 105, 'direct-inside-buffer'))).toEqual({ code: '23P01', constraint: 'expert_busy_no_overlap' });
  });

  it('a booking keeps the buffers it was made under when the expert changes them', async () => {
    expect((await limits(0, 0)).statusCode).toBe(200);
    // The session still blocks [17:30, 19:30); new sessions have no buffers.
    const slots = await offered();
    expect(slots.has(at('16:30'))).toBe(true);
    expect(slots.has(at('16:45'))).toBe(false);
    expect(slots.has(at('19:15'))).toBe(false);
    expect(slots.has(at('19:30'))).toBe(true);
    expect(await failure(insertCopy(firstId, 75, 'direct-kept-buffer'))).toEqual({ code: '23P01', constraint: 'expert_busy_no_overlap' });
    expect(await failure(insertCopy(firstId, 90, 'direct-after-buffer'))).toEqual({});
  });

  it('a day at the maximum offers no more times and refuses another booking, in product words and in the database', async () => {
    // The expert now has two sessions on that date (18:00 and 19:30 UTC); a maximum of 3 leaves one.
    expect((await limits(0, 0, 3)).statusCode).toBe(200);
    expect((await offered()).size).toBeGreaterThan(0);
    const third = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: at('21:00') });
    expect(third.statusCode).toBe(201);

    expect([...(await offered())].filter((s) => s >= at('17:00') && s < at('23:00'))).toEqual([]);
    const fourth = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: at('22:30') });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.message).toBe(messages.booking.dayFull);
    expect(await failure(insertCopy(firstId, 270, 'direct-over-maximum'))).toEqual({ code: '23514', constraint: 'sessions_expert_daily_limit' });

    // Another date of the expert is not affected.
    expect(await failure(insertCopy(firstId, 24 * 60, 'direct-next-day'))).toEqual({});
  });
});
