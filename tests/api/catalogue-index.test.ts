/**
 * Search reads the catalogue index in each server's memory (docs/decisions/027-search-index-in-memory.md), with or
 * without kept answers: a write through a route shows in the next search on the server that took it, and a change
 * made straight in the database — a new expert, a new rate, rating or slug, an expert unpublished or deleted —
 * shows in searches on every server as soon as the database's notification arrives, in every order the index keeps.
 * Two servers: two apps on one database (PGlite: in one process; PostgreSQL with TEST_DATABASE_URL: each with its
 * own listening connection). The caches are off here, so every answer below comes from the index.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app.js';
import { experts } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { origin } from '../helpers/auth.js';
import { createExpert } from '../helpers/marketplace.js';

type Card = { id: string; slug: string; role: string; hourlyRateCents: number; ratingAvg: number | null };

describe('the catalogue index is as fresh as the database', () => {
  let ctx: TestContext;
  let a: App;
  let b: App;

  /** The experts a search finds (none when its words match nobody and it lists everyone instead). */
  const search = async (app: App, query: string): Promise<Card[]> => {
    const res = await app.inject({ url: `/api/experts?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().matched ? res.json().experts : [];
  };
  const ids = (cards: Card[]) => cards.map((card) => card.id);
  /** The ids the search finds are `expected` on both servers within the notification latency. */
  const seenEverywhere = async (query: string, expected: string[]) => {
    for (const app of [a, b]) await expect.poll(async () => ids(await search(app, query)), { timeout: 2000, interval: 10 }).toEqual(expected);
  };

  beforeAll(async () => {
    ctx = await createTestApp({}, { caches: 'test' });
    a = ctx.app;
    b = await buildApp({ config: ctx.config, database: ctx.database });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await ctx?.close();
  });

  it('shows experts added, changed, unpublished and deleted straight in the database, in every order', async () => {
    const cheap = await createExpert(ctx, { email: 'index-cheap@example.com', rateCents: 2000 });
    const dear = await createExpert(ctx, { email: 'index-dear@example.com', rateCents: 30000 });
    const words = 'query=Staff%20Engineer';
    await seenEverywhere(`${words}&sort=price_asc`, [cheap.expert.id, dear.expert.id]);
    await seenEverywhere(`${words}&sort=price_desc`, [dear.expert.id, cheap.expert.id]);

    await ctx.database.db.execute(sql`update ${experts} set hourly_rate_cents = 50000 where id = ${cheap.expert.id}`);
    await seenEverywhere(`${words}&sort=price_asc`, [dear.expert.id, cheap.expert.id]);
    await seenEverywhere(`${words}&sort=price_desc`, [cheap.expert.id, dear.expert.id]);

    // Rated experts come before unrated ones, by rating and then review count.
    await ctx.database.db.execute(sql`update ${experts} set rating_avg = 4.5, review_count = 2 where id = ${dear.expert.id}`);
    await seenEverywhere(`${words}&sort=rating`, [dear.expert.id, cheap.expert.id]);
    await ctx.database.db.execute(sql`update ${experts} set rating_avg = 4.9, review_count = 1 where id = ${cheap.expert.id}`);
    await seenEverywhere(`${words}&sort=rating`, [cheap.expert.id, dear.expert.id]);
    await seenEverywhere(words, [cheap.expert.id, dear.expert.id]);

    // New words are found by their stems, and words no longer there are not.
    await ctx.database.db.execute(sql`update ${experts} set role = 'Orchid Botanist', slug = 'index-renamed' where id = ${cheap.expert.id}`);
    await seenEverywhere('query=botanists', [cheap.expert.id]);
    await seenEverywhere(words, [dear.expert.id]);
    for (const app of [a, b]) expect((await search(app, 'query=botanists'))[0]).toMatchObject({ slug: 'index-renamed', role: 'Orchid Botanist' });

    await ctx.database.db.execute(sql`update ${experts} set status = 'suspended' where id = ${dear.expert.id}`);
    await seenEverywhere(words, []);
    await ctx.database.db.execute(sql`update ${experts} set status = 'published' where id = ${dear.expert.id}`);
    await seenEverywhere(words, [dear.expert.id]);

    await ctx.database.db.execute(sql`delete from ${experts} where id = ${cheap.expert.id}`);
    await seenEverywhere('query=botanist', []);
  });

  it("shows an expert's own profile edit in the next search on the server that took it", async () => {
    const expert = await createExpert(ctx, { email: 'index-edit@example.com' });
    await seenEverywhere('query=glaciologist', []);
    const res = await a.inject({
      method: 'PUT',
      url: '/api/me/expert-profile',
      headers: { origin, cookie: expert.cookie, 'content-type': 'application/json' },
      payload: {
        headline: 'Glaciologist',
        about: 'Studies ice.',
        experience: '',
        courses: [],
        languages: ['English'],
        hobbies: [],
        expertise: ['Programming & Tech'],
        hourlyRate: 80,
        cancellationPolicy: 'moderate',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await search(a, 'query=glaciologist')).toEqual([expect.objectContaining({ id: expert.expert.id, role: 'Glaciologist', hourlyRateCents: 8000 })]);
    await seenEverywhere('query=glaciologist', [expert.expert.id]);
  });
});
