/**
 * No kept answer is ever read stale (docs/decisions/017-one-cache-owner.md), with the production cache settings:
 * for every kept read — search, languages, intro videos, profile, bookable times, available days, the session list
 * and the session check — a write through a route shows on the server that took it at once, and on a second server
 * on the same database as soon as the database's notification arrives; a change made straight in the database
 * (a job, a script, an admin) shows on both as soon as it is notified.
 * Two servers: two apps on one database (PGlite: in one process; PostgreSQL with TEST_DATABASE_URL: each with its
 * own listening connection).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app.js';
import { availabilityExceptions, experts } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, excellentFeedback, shift, slotIn } from '../helpers/marketplace.js';

const zone = 'America/Vancouver';
/** The date `days` from now in the expert's zone, YYYY-MM-DD. */
const dayIn = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(Date.now() + days * 86_400_000));

describe('kept answers are never stale (production cache settings)', () => {
  let ctx: TestContext;
  let a: App;
  let b: App;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let client: Awaited<ReturnType<typeof createUser>>;

  const read = async (app: App, url: string, cookie?: string) => {
    const res = await app.inject({ url, headers: cookie ? { cookie } : {} });
    return res.statusCode === 200 ? res.json() : { status: res.statusCode };
  };
  const write = (app: App, method: 'POST' | 'PUT', url: string, cookie: string, payload: object = {}) =>
    app.inject({ method, url, headers: { origin, cookie, 'content-type': 'application/json' }, payload });
  /** An answer's parsed JSON, as the test client reads it. */
  type Answer = Awaited<ReturnType<typeof read>>;
  /** Reads `url` on both servers twice, so that both keep it. */
  const warm = async (url: string, cookie?: string) => {
    for (const app of [a, b, a, b]) await read(app, url, cookie);
  };
  /** `pick` of the answer to `url` is `expected` on server A at once, and on server B within the notification latency. */
  const seenAtOnceHereAndSoonThere = async (url: string, pick: (answer: Answer) => unknown, expected: unknown, cookie?: string) => {
    expect(pick(await read(a, url, cookie))).toEqual(expected);
    await expect.poll(async () => pick(await read(b, url, cookie)), { timeout: 2000, interval: 10 }).toEqual(expected);
  };
  /** `pick` of the answer to `url` is `expected` on both servers within the notification latency. */
  const seenSoonEverywhere = async (url: string, pick: (answer: Answer) => unknown, expected: unknown, cookie?: string) => {
    for (const app of [a, b]) await expect.poll(async () => pick(await read(app, url, cookie)), { timeout: 2000, interval: 10 }).toEqual(expected);
  };

  beforeAll(async () => {
    ctx = await createTestApp({}, { caches: 'production' });
    a = ctx.app;
    b = await buildApp({ config: ctx.config, database: ctx.database });
    await b.ready();
    expert = await createExpert(ctx, { email: 'stale-expert@example.com', slug: 'stale-expert' });
    client = await createUser(ctx, { email: 'stale-client@example.com', firstName: 'Casey', lastName: 'Client' });
  });
  afterAll(async () => {
    await b?.close();
    await ctx?.close();
  });

  it("a client's feedback shows in the expert's rating and review count: profile by slug and by id, and search", async () => {
    const id = (await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(300) })).json().session.id as string;
    await shift(ctx, id, -305);
    expect((await write(a, 'POST', `/api/sessions/${id}/confirm`, client.cookie)).statusCode).toBe(200);
    const reads = [`/api/experts/stale-expert`, `/api/experts/${expert.expert.id}`, `/api/experts/${expert.expert.id.toUpperCase()}`];
    const search = '/api/experts?query=Staff';
    const card = (answer: { experts: { id: string; ratingAvg: number | null; reviewCount: number }[] }) =>
      answer.experts.filter((e) => e.id === expert.expert.id).map((e) => ({ ratingAvg: e.ratingAvg, reviewCount: e.reviewCount }));
    for (const url of [...reads, search]) await warm(url);
    expect((await read(b, reads[0]!)).reviewCount).toBe(0);

    expect((await write(a, 'POST', `/api/sessions/${id}/feedback`, client.cookie, excellentFeedback)).statusCode).toBe(201);
    for (const url of reads)
      await seenAtOnceHereAndSoonThere(url, (p) => ({ ratingAvg: p.ratingAvg, reviewCount: p.reviewCount }), { ratingAvg: 5, reviewCount: 1 });
    await seenAtOnceHereAndSoonThere(search, card, [{ ratingAvg: 5, reviewCount: 1 }]);
  });

  it("an expert's profile edit shows in search, the languages filter and the profile", async () => {
    const urls = { search: '/api/experts?query=Cartographer', languages: '/api/expert-languages', profile: '/api/experts/stale-expert' };
    for (const url of Object.values(urls)) await warm(url);
    expect((await read(b, urls.search)).matched).toBe(false);
    const res = await write(a, 'PUT', '/api/me/expert-profile', expert.cookie, {
      headline: 'Principal Cartographer',
      about: 'Maps careers.',
      experience: '',
      courses: [],
      languages: ['English', 'Icelandic'],
      hobbies: [],
      expertise: ['Programming & Tech'],
      hourlyRate: 120,
      cancellationPolicy: 'moderate',
    });
    expect(res.statusCode).toBe(200);
    await seenAtOnceHereAndSoonThere(urls.search, (r) => r.experts.map((e: { id: string }) => e.id), [expert.expert.id]);
    await seenAtOnceHereAndSoonThere(urls.languages, (r) => r.languages.includes('Icelandic'), true);
    await seenAtOnceHereAndSoonThere(urls.profile, (p) => [p.role, p.hourlyRateCents, p.cancellationPolicy], ['Principal Cartographer', 12000, 'moderate']);
  });

  it('saved availability shows in bookable times and available days', async () => {
    const date = dayIn(6);
    const slots = `/api/experts/stale-expert/slots?date=${date}&duration=60&tz=${encodeURIComponent(zone)}`;
    const days = `/api/experts/${expert.expert.id}/availability-days?from=${dayIn(5)}&to=${dayIn(7)}&duration=60&tz=${encodeURIComponent(zone)}`;
    await warm(slots);
    await warm(days);
    expect((await read(b, slots)).slots.length).toBeGreaterThan(0);
    expect((await read(b, days)).days).toContain(date);
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
    const res = await write(a, 'PUT', '/api/me/availability', expert.cookie, { timezone: zone, rules: everyDay, exceptions: [{ date, kind: 'blocked' }] });
    expect(res.statusCode).toBe(200);
    await seenAtOnceHereAndSoonThere(slots, (r) => r.slots, []);
    await seenAtOnceHereAndSoonThere(days, (r) => r.days.includes(date), false);
  });

  it("a booking takes its time out of the expert's bookable times and shows in both parties' session lists", async () => {
    const startsAt = slotIn(24 * 9);
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date(startsAt));
    const slots = `/api/experts/${expert.expert.id}/slots?date=${date}&duration=60&tz=UTC`;
    await warm(slots);
    const upcoming = '/api/sessions?when=upcoming';
    for (const url of ['/api/sessions', upcoming, '/api/sessions/summary']) {
      await warm(url, client.cookie);
      await warm(url, expert.cookie);
    }
    expect((await read(b, slots)).slots).toContain(startsAt);
    const before = {
      client: (await read(b, '/api/sessions', client.cookie)).sessions.length,
      expert: (await read(b, '/api/sessions', expert.cookie)).sessions.length,
      clientUpcoming: (await read(b, upcoming, client.cookie)).total,
      expertCounted: (await read(b, '/api/sessions/summary', expert.cookie)).upcoming,
    };

    const booked = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt });
    expect(booked.statusCode).toBe(201);
    await seenAtOnceHereAndSoonThere(slots, (r) => r.slots.includes(startsAt), false);
    await seenAtOnceHereAndSoonThere('/api/sessions', (r) => r.sessions.length, before.client + 1, client.cookie);
    await seenAtOnceHereAndSoonThere('/api/sessions', (r) => r.sessions.length, before.expert + 1, expert.cookie);
    await seenAtOnceHereAndSoonThere(upcoming, (r) => r.total, before.clientUpcoming + 1, client.cookie);
    await seenAtOnceHereAndSoonThere('/api/sessions/summary', (r) => r.upcoming, before.expertCounted + 1, expert.cookie);

    // Cancelled by the expert on server B: the time is bookable again and both lists say so, on B at once.
    const id = booked.json().session.id as string;
    expect((await write(b, 'POST', `/api/sessions/${id}/cancel`, expert.cookie, { reason: 'Travelling' })).statusCode).toBe(200);
    const status = (r: { sessions: { id: string; status: string }[] }) => r.sessions.find((s) => s.id === id)?.status;
    for (const cookie of [client.cookie, expert.cookie]) {
      expect(status(await read(b, '/api/sessions', cookie))).toBe('cancelled');
      await expect.poll(async () => status(await read(a, '/api/sessions', cookie)), { timeout: 2000, interval: 10 }).toBe('cancelled');
    }
    expect((await read(b, upcoming, client.cookie)).total).toBe(before.clientUpcoming);
    expect((await read(b, '/api/sessions/summary', expert.cookie)).upcoming).toBe(before.expertCounted);
    expect((await read(b, slots)).slots).toContain(startsAt);
  });

  it('a sign-out ends the session at once on the server that took it, and soon on the other', async () => {
    const user = await createUser(ctx, { email: 'stale-signout@example.com' });
    await warm('/api/sessions', user.cookie);
    expect((await write(a, 'POST', '/api/auth/sign-out', user.cookie)).statusCode).toBe(200);
    await seenAtOnceHereAndSoonThere('/api/sessions', (r) => r.status ?? 200, 401, user.cookie);
  });

  it('changes made straight in the database show on every server: expert row, availability, sessions, account', async () => {
    const other = await createExpert(ctx, { email: 'stale-direct@example.com', slug: 'stale-direct' });
    const date = dayIn(8);
    const urls = {
      profile: '/api/experts/stale-direct',
      search: '/api/experts?query=Staff&sort=price_asc',
      videos: '/api/experts/videos',
      slots: `/api/experts/stale-direct/slots?date=${date}&duration=60&tz=${encodeURIComponent(zone)}`,
    };
    for (const url of Object.values(urls)) await warm(url);
    const user = await createUser(ctx, { email: 'stale-role@example.com', firstName: 'Before' });
    await warm('/api/me', user.cookie);

    await ctx.database.db.execute(sql`update ${experts} set hourly_rate_cents = 1500, intro_video_url = '/videos/direct.mp4' where id = ${other.expert.id}`);
    await seenSoonEverywhere(urls.profile, (p) => p.hourlyRateCents, 1500);
    await seenSoonEverywhere(urls.search, (r) => r.experts[0]?.id, other.expert.id);
    await seenSoonEverywhere(urls.videos, (r) => r.videos.some((v: { url: string }) => v.url === '/videos/direct.mp4'), true);

    await ctx.database.db.insert(availabilityExceptions).values({ expertId: other.expert.id, date, kind: 'blocked' });
    await seenSoonEverywhere(urls.slots, (r) => r.slots, []);

    await ctx.database.db.execute(sql`update "user" set first_name = 'After' where id = ${user.id}`);
    await seenSoonEverywhere('/api/me', (r) => r.user.firstName, 'After', user.cookie);

    const id = (await book(ctx, client.cookie, { expertId: other.expert.id, startsAt: slotIn(24 * 12) })).json().session.id as string;
    await warm('/api/sessions', client.cookie);
    await ctx.database.db.execute(sql`update sessions set topic = 'Changed by a script' where id = ${id}`);
    await seenSoonEverywhere('/api/sessions', (r) => r.sessions.find((s: { id: string }) => s.id === id)?.topic, 'Changed by a script', client.cookie);
  });
});
