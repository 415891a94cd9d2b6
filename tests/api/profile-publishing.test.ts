/**
 * Experts go live deliberately (docs/product.md "Expert onboarding and publishing"): an approved expert's profile is
 * a draft — not in search, its page and bookable times 404 to everyone, not bookable — until the expert has set a
 * rate, time zone and weekly hours, and a photo, and publishes it; publishing and hiding show in the kept search
 * answer at once (production cache settings). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experts } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { approvedDraftExpert, book, slotIn } from '../helpers/marketplace.js';
import { tinyPng, upload } from '../helpers/uploads.js';

const title = 'Glaciologist Mentor';
const search = `/api/experts?query=${encodeURIComponent('Glaciologist')}`;
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));

describe('profile publishing', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let client: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof approvedDraftExpert>>;

  const get = (url: string, cookie?: string) => ctx.app.inject({ url, headers: cookie ? { cookie } : {} });
  const put = (url: string, cookie: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url, headers: { origin, cookie, 'content-type': 'application/json' }, payload });
  const publish = (published: boolean, cookie = expert.cookie) => put('/api/me/profile-publishing', cookie, { published });
  const searchIds = async () => ((await get(search)).json().experts as { id: string }[]).map((e) => e.id);
  const profileBody = (o: { hourlyRate: number; photoFileId?: string }) => ({
    headline: title,
    about: 'Helps people into polar research.',
    experience: '',
    courses: [],
    languages: ['English'],
    hobbies: [],
    expertise: ['Programming & Tech'],
    cancellationPolicy: 'moderate',
    ...o,
  });

  beforeAll(async () => {
    ctx = await createTestApp({}, { caches: 'production' });
    admin = await createUser(ctx, { email: 'admin@example.com', role: 'admin', firstName: 'Alex', lastName: 'Admin' });
    client = await createUser(ctx, { email: 'client@example.com', firstName: 'Casey', lastName: 'Client' });
    expert = await approvedDraftExpert(ctx, admin.cookie, { email: 'gale@example.com', firstName: 'Gale', lastName: 'Ice', title });
  });
  afterAll(() => ctx?.close());

  it('an approved expert is a draft: not in search, profile and times 404 to visitors, clients and the expert, not bookable', async () => {
    // Kept answers warmed first: the draft must not appear in them either.
    for (let i = 0; i < 2; i++) expect(await searchIds()).toEqual([]);
    for (const cookie of [undefined, client.cookie, expert.cookie]) {
      for (const key of [expert.slug, expert.expertId]) {
        expect((await get(`/api/experts/${key}`, cookie)).statusCode).toBe(404);
        expect((await get(`/api/experts/${key}/slots?date=2030-01-07&duration=60&tz=UTC`, cookie)).statusCode).toBe(404);
      }
    }
    const booking = await book(ctx, client.cookie, { expertId: expert.expertId, startsAt: slotIn(48) });
    expect(booking.statusCode).toBe(404);
    expect((await get('/api/me/profile-publishing', expert.cookie)).json()).toEqual({
      slug: expert.slug,
      published: false,
      publishedAt: null,
      suspended: false,
      steps: { rate: false, hours: false, photo: false },
    });
  });

  it('publishing needs rate, time zone and weekly hours, and photo; each refusal names what is missing and changes nothing', async () => {
    const refused = async (message: string) => {
      const res = await publish(true);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
      const [row] = await ctx.database.db.select().from(experts).where(eq(experts.id, expert.expertId));
      expect([row!.status, row!.publishedAt]).toEqual(['draft', null]);
    };
    await refused('Before publishing, please set your hourly rate, your time zone and weekly hours, your photo.');
    expect((await put('/api/me/expert-profile', expert.cookie, profileBody({ hourlyRate: 85 }))).statusCode).toBe(200);
    await refused('Before publishing, please set your time zone and weekly hours, your photo.');
    expect((await put('/api/me/availability', expert.cookie, { timezone: 'Europe/Oslo', rules: everyDay, exceptions: [] })).statusCode).toBe(200);
    await refused('Before publishing, please set your photo.');
    expect(await searchIds()).toEqual([]);
  });

  it('publishing shows the expert in the kept search answer at once, bookable; hiding takes them out at once', async () => {
    const photo = (await upload(ctx, expert.cookie, 'photo', 'me.png', tinyPng)).json().file.id as string;
    expect((await put('/api/me/expert-profile', expert.cookie, profileBody({ hourlyRate: 85, photoFileId: photo }))).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect(await searchIds()).toEqual([]);
    expect((await get(`/api/experts/${expert.slug}`)).statusCode).toBe(404);

    const res = await publish(true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ published: true, suspended: false, steps: { rate: true, hours: true, photo: true } });
    const publishedAt = res.json().publishedAt as string;
    expect(Date.now() - Date.parse(publishedAt)).toBeLessThan(60_000);
    expect(await searchIds()).toEqual([expert.expertId]);
    expect((await get(`/api/experts/${expert.slug}`)).json()).toMatchObject({ hourlyRateCents: 8500, timezone: 'Europe/Oslo' });
    expect((await book(ctx, client.cookie, { expertId: expert.expertId, startsAt: slotIn(48) })).statusCode).toBe(201);
    // Publishing again changes nothing.
    expect((await publish(true)).json().publishedAt).toBe(publishedAt);

    const hidden = await publish(false);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ published: false, publishedAt: null });
    expect(await searchIds()).toEqual([]);
    expect((await get(`/api/experts/${expert.slug}`)).statusCode).toBe(404);
    expect((await book(ctx, client.cookie, { expertId: expert.expertId, startsAt: slotIn(72) })).statusCode).toBe(404);
    expect((await publish(true)).statusCode).toBe(200);
    expect(await searchIds()).toEqual([expert.expertId]);
  });

  it('the database refuses a published profile without a rate', async () => {
    await expect(ctx.database.db.update(experts).set({ hourlyRateCents: null }).where(eq(experts.id, expert.expertId))).rejects.toMatchObject({
      cause: { code: '23514' },
    });
  });

  it('answers 401 signed out, 403 to clients, 400 to a bad body, 409 when suspended', async () => {
    expect((await get('/api/me/profile-publishing')).statusCode).toBe(401);
    expect((await get('/api/me/profile-publishing', client.cookie)).statusCode).toBe(403);
    expect((await publish(true, client.cookie)).statusCode).toBe(403);
    for (const body of [{}, { published: 'yes' }, { published: true, status: 'published' }])
      expect((await put('/api/me/profile-publishing', expert.cookie, body)).statusCode).toBe(400);
    await ctx.database.db.update(experts).set({ status: 'suspended' }).where(eq(experts.id, expert.expertId));
    const res = await publish(true);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Your profile is suspended. Please contact support.');
  });
});
