import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertiseCatalogue } from '../../src/shared/constants.js';
import type { AvailabilitySettings, ExpertList, ExpertProfile } from '../../src/shared/schemas/experts.js';
import { availabilityExceptions, experts, user } from '../../src/server/db/schema.js';
import { seedDemo } from '../../src/server/demo/seed.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin, signIn } from '../helpers/auth.js';
import { book, createExpert, slotIn } from '../helpers/marketplace.js';

type Fixture = {
  slug: string;
  name: string;
  role: string;
  about: string;
  expertise: string[];
  languages: string[];
  rate: number;
  rating?: string;
  status?: 'draft' | 'published' | 'suspended';
  timezone?: string;
};

const fixtures: Fixture[] = [
  {
    slug: 'ada-product',
    name: 'Ada Product',
    role: 'Senior Product Manager',
    about: 'I coach new PMs on roadmaps.',
    expertise: ['Project Management', 'Business Strategy'],
    languages: ['English', 'Mandarin'],
    rate: 85,
    rating: '4.90',
  },
  {
    slug: 'ben-code',
    name: 'Ben Code',
    role: 'Software Engineering Lead',
    about: 'System design and mock interviews.',
    expertise: ['Programming & Tech', 'Leadership Skills'],
    languages: ['English', 'Spanish'],
    rate: 95,
    rating: '4.80',
  },
  {
    slug: 'cara-brand',
    name: 'Cara Brand',
    role: 'Marketing Director',
    about: 'Campaigns, growth and storytelling.',
    expertise: ['Marketing', 'Personal Branding', 'Public Speaking'],
    languages: ['English', 'Spanish'],
    rate: 120,
    rating: '4.95',
  },
  {
    slug: 'dev-data',
    name: 'Dev Data',
    role: 'Analyst',
    about: 'I love teaching SQL and dashboards to 100% beginners.',
    expertise: ['Data Science & Analytics'],
    languages: ['Hindi', 'English'],
    rate: 60,
  },
  {
    slug: 'eve-law',
    name: 'Eve Law',
    role: 'Employment Lawyer',
    about: 'Careers in law.',
    expertise: ['Legal Advice & Careers'],
    languages: ['French'],
    rate: 180,
    rating: '4.20',
  },
  {
    slug: 'fay-hidden',
    name: 'Fay Hidden',
    role: 'Product Designer',
    about: 'Draft profile, not live yet.',
    expertise: ['Graphics & Design'],
    languages: ['English'],
    rate: 70,
    status: 'draft',
  },
];

/** Inserts an expert profile owned by `userId` (a new bare account when omitted) and returns its id. */
async function insertExpert(ctx: TestContext, f: Fixture, userId?: string): Promise<string> {
  const owner = userId ?? randomUUID();
  if (!userId) await ctx.database.db.insert(user).values({ id: owner, name: f.name, email: `${f.slug}@test.example`, role: 'expert' });
  const [row] = await ctx.database.db
    .insert(experts)
    .values({
      slug: f.slug,
      userId: owner,
      name: f.name,
      role: f.role,
      about: f.about,
      expertise: f.expertise,
      languages: f.languages,
      hourlyRateCents: f.rate * 100,
      timezone: f.timezone ?? 'UTC',
      ratingAvg: f.rating ?? null,
      reviewCount: f.rating ? 10 : 0,
      status: f.status ?? 'published',
    })
    .returning({ id: experts.id });
  // Written straight into the database: searchable once the server has heard it (at once on PGlite).
  await ctx.app.changeFeed.sync();
  return row!.id;
}

const slugs = (body: ExpertList) => body.experts.map((e) => e.slug);

describe('experts API', () => {
  let ctx: TestContext;
  let owner: { id: string; cookie: string };
  let ownerExpertId: string;
  let rival: { id: string; cookie: string };
  const published = fixtures.filter((f) => f.status !== 'draft').length + 2; // + the two signed-in experts' profiles

  beforeAll(async () => {
    ctx = await createTestApp();
    for (const f of fixtures) await insertExpert(ctx, f);
    owner = await createUser(ctx, { email: 'owner@test.example', role: 'expert', firstName: 'Olga', lastName: 'Owner' });
    ownerExpertId = await insertExpert(
      ctx,
      {
        slug: 'olga-owner',
        name: 'Olga Owner',
        role: 'Career Coach',
        about: 'Interview practice.',
        expertise: ['Job Interview Mastery'],
        languages: ['English'],
        rate: 50,
      },
      owner.id,
    );
    rival = await createUser(ctx, { email: 'rival@test.example', role: 'expert' });
    await insertExpert(
      ctx,
      { slug: 'rita-rival', name: 'Rita Rival', role: 'Recruiter', about: 'Hiring.', expertise: ['Human Resources'], languages: ['English'], rate: 55 },
      rival.id,
    );
  });
  afterAll(() => ctx.close());

  const list = async (qs: string) => {
    const res = await ctx.app.inject(`/api/experts${qs}`);
    expect(res.statusCode).toBe(200);
    // The answer is written from cards kept as JSON: its text is exactly its value's JSON.
    expect(res.body).toBe(JSON.stringify(res.json()));
    return res.json() as ExpertList;
  };

  describe('search (docs/product.md "Search and catalogue")', () => {
    it('matches an expertise tag, case-insensitively', async () => {
      const body = await list('?query=DATA%20science');
      expect(body).toMatchObject({ matched: true, total: 1, totalIsLowerBound: false });
      expect(slugs(body)).toEqual(['dev-data']);
    });

    it('matches the about text and the role', async () => {
      expect(slugs(await list('?query=storytelling'))).toEqual(['cara-brand']);
      expect(slugs(await list('?query=lawyer'))).toEqual(['eve-law']);
    });

    it('ranks a match in the name, title or expertise above one in the about text', async () => {
      // Olga has 'Job Interview Mastery' as expertise; Ben, better rated, has interviews only in his about text.
      expect(slugs(await list('?query=interviews'))).toEqual(['olga-owner', 'ben-code']);
      // 'product' is in Ada's role; Fay (Product Designer) is a draft.
      expect(slugs(await list('?query=product'))).toEqual(['ada-product']);
    });

    it('matches words by stem, forgives a small typo and ignores stop words', async () => {
      expect(slugs(await list('?query=lawyers'))).toEqual(['eve-law']);
      expect(slugs(await list('?query=storytellng'))).toEqual(['cara-brand']);
      expect(await list('?query=in%20the')).toMatchObject({ matched: false, total: published });
    });

    it('returns every published expert with matched false when nothing matches', async () => {
      const body = await list('?query=astrophysics');
      expect(body).toMatchObject({ matched: false, total: published });
      expect(slugs(body)).not.toContain('fay-hidden');
    });

    it('returns every published expert with matched false for an empty query', async () => {
      expect(await list('')).toMatchObject({ matched: false, total: published });
      expect(await list('?query=%20%20')).toMatchObject({ matched: false, total: published });
    });

    it('reads words only: punctuation matches nothing', async () => {
      expect(slugs(await list('?query=100%25'))).toEqual(['dev-data']);
      expect(await list('?query=_')).toMatchObject({ matched: false, total: published });
    });

    it('refuses a query longer than 400 characters', async () => {
      const res = await ctx.app.inject(`/api/experts?query=${'a'.repeat(401)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Search text must be 400 characters or fewer');
    });
  });

  describe('filters, sort and pages', () => {
    it('filters by expertise area and language', async () => {
      expect(slugs(await list('?expertise=Marketing'))).toEqual(['cara-brand']);
      expect(slugs(await list('?language=Spanish&sort=price_asc'))).toEqual(['ben-code', 'cara-brand']);
    });

    it('filters by price range in dollars', async () => {
      expect(slugs(await list('?minRate=90&maxRate=150&sort=price_asc'))).toEqual(['ben-code', 'cara-brand']);
      expect(slugs(await list('?maxRate=55&sort=price_asc'))).toEqual(['olga-owner', 'rita-rival']);
    });

    it('keeps filters when the query matches nothing under them', async () => {
      const body = await list('?query=storytelling&language=French');
      expect(body).toMatchObject({ matched: false, total: 1 });
      expect(slugs(body)).toEqual(['eve-law']);
    });

    it('rejects reversed or invalid rates, bad sort and page sizes with clear messages', async () => {
      const message = async (qs: string) => (await ctx.app.inject(`/api/experts${qs}`)).json().error.message;
      expect(await message('?minRate=100&maxRate=50')).toBe('The minimum rate must not be more than the maximum rate');
      expect(await message('?minRate=cheap')).toBe('Rates must be amounts in dollars between 0 and 1000');
      expect(await message('?sort=newest')).toBe('Sort must be one of relevance, rating, price_asc, price_desc');
      expect(await message('?pageSize=51')).toBe('Page size must be a whole number from 1 to 50');
      expect(await message('?page=0')).toBe('Page must be a whole number from 1');
    });

    it('sorts by price both ways and by rating (unrated last)', async () => {
      const asc = slugs(await list('?sort=price_asc'));
      expect(asc[0]).toBe('olga-owner');
      expect(asc.at(-1)).toBe('eve-law');
      expect(slugs(await list('?sort=price_desc'))[0]).toBe('eve-law');
      expect(slugs(await list('?sort=rating')).slice(0, 4)).toEqual(['cara-brand', 'ada-product', 'ben-code', 'eve-law']);
    });

    it('pages through results with a stable total', async () => {
      const first = await list('?sort=price_asc&pageSize=3&page=1');
      const second = await list('?sort=price_asc&pageSize=3&page=2');
      const third = await list('?sort=price_asc&pageSize=3&page=3');
      expect(first).toMatchObject({ total: published, page: 1, pageSize: 3 });
      expect([...slugs(first), ...slugs(second), ...slugs(third)]).toEqual(slugs(await list('?sort=price_asc&pageSize=50')));
      expect((await list('?page=99')).experts).toEqual([]);
    });

    it('lists the languages of published experts for the filter', async () => {
      const res = await ctx.app.inject('/api/expert-languages');
      expect(res.json()).toEqual({ languages: ['English', 'French', 'Hindi', 'Mandarin', 'Spanish'] });
    });
  });

  describe('profile', () => {
    it('is found by slug and by uuid with every profile field', async () => {
      const bySlug = (await ctx.app.inject('/api/experts/olga-owner')).json() as ExpertProfile;
      expect(bySlug).toMatchObject({
        id: ownerExpertId,
        slug: 'olga-owner',
        name: 'Olga Owner',
        role: 'Career Coach',
        hourlyRateCents: 5000,
        timezone: 'UTC',
        cancellationPolicy: 'moderate',
        ratingAvg: null,
        reviewCount: 0,
      });
      for (const key of ['about', 'experience', 'courses', 'languages', 'hobbies', 'expertise', 'imageUrl', 'isAvailable']) expect(bySlug).toHaveProperty(key);
      const byId = await ctx.app.inject(`/api/experts/${ownerExpertId}`);
      expect(byId.json()).toEqual(bySlug);
      expect((await ctx.app.inject('/api/experts/cara-brand')).json().ratingAvg).toBe(4.95);
    });

    it('answers 404 Expert Not Found for unknown, malformed and draft experts', async () => {
      for (const id of ['nobody', randomUUID(), 'not-a-uuid-1234', '00000000-0000-0000-0000-00000000000g', 'fay-hidden']) {
        const res = await ctx.app.inject(`/api/experts/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Expert Not Found' } });
      }
    });
  });

  describe('slots', () => {
    const monday = '2030-06-17';

    it('lists default Monday 09:00–17:00 starts on the 15-minute grid', async () => {
      const res = await ctx.app.inject(`/api/experts/ada-product/slots?date=${monday}&duration=60&tz=UTC`);
      expect(res.statusCode).toBe(200);
      const { slots } = res.json() as { slots: string[] };
      expect(slots).toHaveLength(29);
      expect(slots[0]).toBe('2030-06-17T09:00:00.000Z');
      expect(slots.at(-1)).toBe('2030-06-17T16:00:00.000Z');
      const tokyo = (await ctx.app.inject(`/api/experts/ada-product/slots?date=2030-06-18&duration=60&tz=Asia/Tokyo`)).json();
      expect(tokyo.slots[0]).toBe('2030-06-17T15:00:00.000Z'); // 00:00 Tuesday in Tokyo
    });

    it('validates date, duration and time zone with clear messages', async () => {
      const message = async (qs: string) => {
        const res = await ctx.app.inject(`/api/experts/ada-product/slots?${qs}`);
        expect(res.statusCode).toBe(400);
        return res.json().error.message;
      };
      expect(await message('date=2030-02-30&duration=60&tz=UTC')).toBe('Please choose a valid date (YYYY-MM-DD)');
      expect(await message('date=17/06/2030&duration=60&tz=UTC')).toBe('Please choose a valid date (YYYY-MM-DD)');
      expect(await message(`date=${monday}&duration=50&tz=UTC`)).toBe('Duration must be one of 15, 30, 45, 60, 90, 120 minutes');
      expect(await message(`date=${monday}&duration=60&tz=Mars/Olympus`)).toBe('Please choose a valid time zone (for example Europe/London)');
      expect(await message(`date=${monday}&duration=60`)).toBe('Please choose a valid time zone (for example Europe/London)');
    });

    it('answers 404 for an unknown expert and nothing for a past date', async () => {
      expect((await ctx.app.inject(`/api/experts/nobody/slots?date=${monday}&duration=60&tz=UTC`)).statusCode).toBe(404);
      expect((await ctx.app.inject('/api/experts/ada-product/slots?date=2020-06-15&duration=60&tz=UTC')).json()).toEqual({ slots: [] });
    });

    it('lists the days with slots, at most 62 days at a time', async () => {
      const res = await ctx.app.inject('/api/experts/ada-product/availability-days?from=2030-06-15&to=2030-06-23&duration=60&tz=UTC');
      expect(res.json()).toEqual({ days: ['2030-06-17', '2030-06-18', '2030-06-19', '2030-06-20', '2030-06-21'] });
      const long = await ctx.app.inject('/api/experts/ada-product/availability-days?from=2030-01-01&to=2030-03-05&duration=60&tz=UTC');
      expect(long.statusCode).toBe(400);
      expect(long.json().error.message).toBe('Please ask for at most 62 days at a time');
      const reversed = await ctx.app.inject('/api/experts/ada-product/availability-days?from=2030-01-10&to=2030-01-01&duration=60&tz=UTC');
      expect(reversed.json().error.message).toBe('The end date must not be before the start date');
    });
  });

  describe('own availability', () => {
    const url = '/api/me/availability';
    const put = (cookie: string | undefined, payload: unknown) =>
      ctx.app.inject({ method: 'PUT', url, headers: cookie ? { cookie } : {}, payload: payload as object });
    const get = async (cookie: string) => (await ctx.app.inject({ url, headers: { cookie } })).json() as AvailabilitySettings;

    it('shows the default Monday–Friday 09:00–17:00 before anything is saved', async () => {
      const body = await get(owner.cookie);
      expect(body).toMatchObject({ timezone: 'UTC', usesDefault: true, exceptions: [] });
      expect(body.rules).toHaveLength(5);
    });

    it('lets the owner replace zone, ranges and exceptions, which the slots follow', async () => {
      const payload = {
        timezone: 'Europe/London',
        rules: [
          { weekday: 1, startMinute: 600, endMinute: 720 },
          { weekday: 1, startMinute: 720, endMinute: 780 },
          { weekday: 3, startMinute: 540, endMinute: 600 },
        ],
        exceptions: [
          { date: '2030-06-19', kind: 'blocked' },
          { date: '2030-06-22', kind: 'custom', startMinute: 600, endMinute: 660 },
        ],
      };
      const res = await put(owner.cookie, payload);
      expect(res.statusCode).toBe(200);
      // No scheduling limits sent: none (docs/product.md "Availability").
      const saved = { ...payload, usesDefault: false, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, maxSessionsPerDay: null };
      expect(res.json()).toEqual(saved);
      expect(await get(owner.cookie)).toEqual(saved);
      expect((await ctx.app.inject('/api/experts/olga-owner')).json().timezone).toBe('Europe/London');

      const slots = async (date: string) =>
        (await ctx.app.inject(`/api/experts/olga-owner/slots?date=${date}&duration=60&tz=Europe/London`)).json().slots as string[];
      const monday = await slots('2030-06-17'); // 10:00–13:00 BST = 09:00–12:00 UTC
      expect(monday[0]).toBe('2030-06-17T09:00:00.000Z');
      expect(monday.at(-1)).toBe('2030-06-17T11:00:00.000Z');
      expect(await slots('2030-06-18')).toEqual([]); // no Tuesday range
      expect(await slots('2030-06-19')).toEqual([]); // Wednesday blocked
      expect(await slots('2030-06-26')).toEqual(['2030-06-26T08:00:00.000Z']); // next Wednesday 09:00–10:00 BST
      expect(await slots('2030-06-22')).toEqual(['2030-06-22T09:00:00.000Z']); // custom Saturday hours
      const days = await ctx.app.inject('/api/experts/olga-owner/availability-days?from=2030-06-17&to=2030-06-23&duration=60&tz=Europe/London');
      expect(days.json()).toEqual({ days: ['2030-06-17', '2030-06-22'] });
    });

    it('refuses invalid input with clear messages and changes nothing', async () => {
      const before = await get(owner.cookie);
      const cases: [unknown, string][] = [
        [{ timezone: 'Nowhere/City', rules: [], exceptions: [] }, 'Please choose a valid time zone (for example Europe/London)'],
        [{ timezone: 'UTC', rules: [{ weekday: 2, startMinute: 600, endMinute: 540 }], exceptions: [] }, 'Tuesday: the start time must be before the end time'],
        [
          { timezone: 'UTC', rules: [], exceptions: [{ date: '2030-06-20', kind: 'custom', startMinute: 600, endMinute: 600 }] },
          'Thu, Jun 20, 2030: the start time must be before the end time',
        ],
        [
          { timezone: 'UTC', rules: [], exceptions: [{ date: '2020-01-01', kind: 'blocked' }] },
          'Wed, Jan 1, 2020 is in the past: date exceptions can be for today or later',
        ],
        [
          {
            timezone: 'UTC',
            rules: [
              { weekday: 2, startMinute: 540, endMinute: 720 },
              { weekday: 2, startMinute: 700, endMinute: 800 },
            ],
            exceptions: [],
          },
          'Time ranges on Tuesday must not overlap',
        ],
        [
          { timezone: 'UTC', rules: [{ weekday: 7, startMinute: 540, endMinute: 720 }], exceptions: [] },
          'Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)',
        ],
        [{ timezone: 'UTC', rules: [{ weekday: 1, startMinute: 540, endMinute: 1500 }], exceptions: [] }, 'Times must be whole minutes from 0 to 1440'],
        [
          {
            timezone: 'UTC',
            rules: [],
            exceptions: [
              { date: '2030-06-20', kind: 'blocked' },
              { date: '2030-06-20', kind: 'custom', startMinute: 60, endMinute: 120 },
            ],
          },
          'Thu, Jun 20, 2030 can have one day off or non-overlapping custom hours, not both',
        ],
        [{ timezone: 'UTC', rules: [], exceptions: [{ date: '2030-13-01', kind: 'blocked' }] }, 'Please choose a valid date (YYYY-MM-DD)'],
      ];
      for (const [payload, message] of cases) {
        const res = await put(owner.cookie, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
      expect(await get(owner.cookie)).toEqual(before);
    });

    it('leaves past date exceptions out, so the page can save what it was given', async () => {
      await ctx.database.db.insert(availabilityExceptions).values({ expertId: ownerExpertId, date: '2020-01-01', kind: 'blocked' });
      const settings = await get(owner.cookie);
      expect(settings.exceptions.map((e) => e.date)).not.toContain('2020-01-01');
      const { usesDefault: _, ...input } = settings;
      expect((await put(owner.cookie, input)).statusCode).toBe(200);
    });

    it('answers 401 signed out, 403 for a client and for an expert without a profile', async () => {
      const valid = { timezone: 'UTC', rules: [], exceptions: [] };
      expect((await put(undefined, valid)).statusCode).toBe(401);
      expect((await ctx.app.inject(url)).statusCode).toBe(401);
      const client = await createUser(ctx, { email: 'client@test.example', role: 'client' });
      expect((await put(client.cookie, valid)).statusCode).toBe(403);
      expect((await ctx.app.inject({ url, headers: { cookie: client.cookie } })).statusCode).toBe(403);
      const newcomer = await createUser(ctx, { email: 'newcomer@test.example', role: 'expert' });
      const res = await put(newcomer.cookie, valid);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Only experts with a profile can manage availability');
    });

    it('changes only the signed-in expert’s own availability', async () => {
      const before = await get(owner.cookie);
      const res = await put(rival.cookie, { timezone: 'Asia/Tokyo', rules: [{ weekday: 0, startMinute: 0, endMinute: 1440 }], exceptions: [] });
      expect(res.json().timezone).toBe('Asia/Tokyo');
      expect(await get(owner.cookie)).toEqual(before);
      expect((await ctx.app.inject('/api/experts/rita-rival')).json().timezone).toBe('Asia/Tokyo');
    });

    it('an unavailable expert offers no slots', async () => {
      await ctx.database.db.update(experts).set({ isAvailable: false }).where(eq(experts.slug, 'ben-code'));
      expect((await ctx.app.inject('/api/experts/ben-code/slots?date=2030-06-17&duration=60&tz=UTC')).json()).toEqual({ slots: [] });
      expect((await ctx.app.inject('/api/experts/ben-code')).json().isAvailable).toBe(false);
    });
  });
});

describe('demo expert catalogue', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemo(ctx.database.db, ctx.app.auth);
    await ctx.app.changeFeed.sync();
  });
  afterAll(() => ctx.close());

  it('has the three sample experts and 20 more over all 26 areas', async () => {
    const body = (await ctx.app.inject('/api/experts?pageSize=50')).json() as ExpertList;
    expect(body.total).toBeGreaterThanOrEqual(23);
    const rate = (slug: string) => body.experts.find((e) => e.slug === slug)?.hourlyRateCents;
    expect([rate('sarah-chen'), rate('marcus-johnson'), rate('emily-rodriguez')]).toEqual([8500, 9500, 12000]);
    const areas = new Set(body.experts.flatMap((e) => e.expertise));
    expect(expertiseCatalogue.filter((a) => !areas.has(a))).toEqual([]);
    expect(body.experts.every((e) => e.imageUrl === `/avatars/${e.slug}.svg`)).toBe(true);
  });

  it('computes every rating and review count from the stored feedback', async () => {
    const body = (await ctx.app.inject('/api/experts?pageSize=50')).json() as ExpertList;
    for (const e of body.experts) {
      const reviews = (await ctx.app.inject(`/api/experts/${e.slug}/reviews?pageSize=20`)).json() as { total: number; reviews: { score: number }[] };
      expect(e.reviewCount).toBe(reviews.total);
      expect(reviews.total).toBeGreaterThanOrEqual(2);
      const avg = reviews.reviews.reduce((a, r) => a + r.score, 0) / reviews.reviews.length;
      expect(e.ratingAvg).toBeCloseTo(avg, 2);
    }
  });

  it('gives the demo client an upcoming session, a concluded one awaiting feedback and one its university funds', async () => {
    const cookie = await signIn(ctx, 'client@example.com');
    const { sessions } = (await ctx.app.inject({ url: '/api/sessions', headers: { cookie } })).json() as {
      sessions: { status: string; expertSlug: string; clientFeedbackSubmitted: boolean }[];
    };
    expect(sessions.map((s) => [s.expertSlug, s.status])).toEqual([
      // Funded by the demo university's access programme (demo/seed-partners.ts).
      ['chloe-martin', 'booked'],
      ['sarah-chen', 'booked'],
      ['marcus-johnson', 'confirmed'],
    ]);
  });

  it('gives every demo expert a login; expert@example.com owns Sarah Chen', async () => {
    const sarah = await signIn(ctx, 'expert@example.com');
    const own = (await ctx.app.inject({ url: '/api/me/availability', headers: { cookie: sarah } })).json() as AvailabilitySettings;
    expect(own.timezone).toBe('America/Vancouver');
    const marcus = await signIn(ctx, 'marcus-johnson@example.com');
    expect((await ctx.app.inject({ url: '/api/me/availability', headers: { cookie: marcus } })).json().timezone).toBe('America/New_York');
  });
});

/** Runs `change` on `ctx`'s database with the experts table's notifications off (migration 0016): a change no server hears of. */
async function unnoticed(ctx: TestContext, change: () => Promise<unknown>) {
  await ctx.database.db.execute(sql`alter table ${experts} disable trigger experts_changes`);
  try {
    await change();
  } finally {
    await ctx.database.db.execute(sql`alter table ${experts} enable trigger experts_changes`);
  }
}

describe('catalogue cache (CATALOGUE_CACHE_MS)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CATALOGUE_CACHE_MS: '60000' });
  });
  afterAll(() => ctx.close());

  it('serves public catalogue reads from memory until the database notifies a change of what they read', async () => {
    const erin = await createExpert(ctx, { email: 'cached@example.com', slug: 'cached-expert' });
    const headline = async () => (await ctx.app.inject('/api/experts/cached-expert')).json().role as string;
    const found = async () => (await ctx.app.inject('/api/experts?query=zeppelin')).json().matched as boolean;
    expect(await headline()).toBe('Staff Engineer');
    expect(await found()).toBe(false);
    // A change the database does not notify is not seen: the answers come from memory…
    await unnoticed(ctx, () => ctx.database.db.update(experts).set({ role: 'Zeppelin Pilot' }).where(eq(experts.id, erin.expert.id)));
    expect(await headline()).toBe('Staff Engineer');
    expect(await found()).toBe(false);
    // …a write through the server that changes nothing they read keeps them…
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin, 'content-type': 'application/json' },
      payload: { name: 'A', email: 'a@example.com', subject: '', message: 'Hello' },
    });
    expect(write.statusCode).toBe(201);
    expect(await headline()).toBe('Staff Engineer');
    // …and a notified change of the expert's row drops them once the notification arrives (on PostgreSQL, a moment
    // after the commit: this change is not made through the server, so no write waits for it).
    await ctx.database.db.update(experts).set({ about: 'Flies airships.' }).where(eq(experts.id, erin.expert.id));
    await expect.poll(headline, { timeout: 2000, interval: 10 }).toBe('Zeppelin Pilot');
    expect(await found()).toBe(true);
  });

  it('answers a kept URL before validation only with what that URL was answered; refused URLs are never kept', async () => {
    await createExpert(ctx, { email: 'kept-url@example.com', slug: 'kept-url-expert' });
    const ok = await ctx.app.inject('/api/experts?query=staff&sort=rating');
    expect(ok.statusCode).toBe(200);
    const again = await ctx.app.inject('/api/experts?query=staff&sort=rating');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(ok.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.headers['content-security-policy']).toContain("default-src 'none'");
    // A long URL (unknown parameters are dropped by validation) is answered like the short one, not kept per URL.
    const long = await ctx.app.inject(`/api/experts?query=staff&sort=rating&junk=${'x'.repeat(600)}`);
    expect(long.statusCode).toBe(200);
    expect(long.body).toBe(ok.body);
    // A URL refused once is refused every time (a failed answer is never kept), NUL included.
    for (const url of ['/api/experts?sort=sideways', '/api/experts?query=a%00b', '/api/experts/no-such-expert']) {
      const first = await ctx.app.inject(url);
      expect(first.statusCode, url).toBeGreaterThanOrEqual(400);
      expect((await ctx.app.inject(url)).statusCode, url).toBe(first.statusCode);
    }
  });
});

describe('slot cache (SLOTS_CACHE_MS)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ SLOTS_CACHE_MS: '60000' });
  });
  afterAll(() => ctx.close());

  it('serves slot answers from memory, and forgets the answers of an expert when a session of theirs is booked or cancelled', async () => {
    const erin = await createExpert(ctx, { email: 'slots-cached@example.com', slug: 'slots-cached' });
    const client = await createUser(ctx, { email: 'slots-client@example.com', firstName: 'Casey', lastName: 'Client' });
    const startsAt = slotIn(30);
    const date = startsAt.slice(0, 10);
    const offered = async (idOrSlug: string) =>
      ((await ctx.app.inject(`/api/experts/${idOrSlug}/slots?date=${date}&duration=60&tz=UTC`)).json().slots as string[]).includes(startsAt);
    const daysOffered = async () =>
      (await ctx.app.inject(`/api/experts/slots-cached/availability-days?from=${date}&to=${date}&duration=60&tz=UTC`)).json().days as string[];
    expect(await offered('slots-cached')).toBe(true);
    expect(await offered(erin.expert.id.toUpperCase())).toBe(true);
    expect(await daysOffered()).toEqual([date]);

    // A change the database does not notify is not seen: the answers come from memory…
    await unnoticed(ctx, () => ctx.database.db.update(experts).set({ isAvailable: false }).where(eq(experts.id, erin.expert.id)));
    expect(await offered('slots-cached')).toBe(true);
    expect(await daysOffered()).toEqual([date]);
    await unnoticed(ctx, () => ctx.database.db.update(experts).set({ isAvailable: true }).where(eq(experts.id, erin.expert.id)));

    // …a booking drops the expert's answers at once, by slug and by uuid…
    const booked = await book(ctx, client.cookie, { expertId: 'slots-cached', startsAt });
    expect(booked.statusCode).toBe(201);
    expect(await offered('slots-cached')).toBe(false);
    expect(await offered(erin.expert.id.toUpperCase())).toBe(false);

    // …and so does its cancellation.
    const id = booked.json().session.id as string;
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/cancel`,
      headers: { cookie: client.cookie, origin, 'content-type': 'application/json' },
      payload: { reason: 'Plans changed' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await offered('slots-cached')).toBe(true);

    // Saving the expert's availability drops them too.
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/availability',
      headers: { cookie: erin.cookie, origin, 'content-type': 'application/json' },
      payload: { timezone: 'UTC', rules: [], exceptions: [{ date, kind: 'blocked' }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(await offered('slots-cached')).toBe(false);
    expect(await daysOffered()).toEqual([]);
  });
});
