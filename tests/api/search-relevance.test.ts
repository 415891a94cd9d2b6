/**
 * The expert search's relevance set (docs/product.md "Search and catalogue"): tests/fixtures/search-relevance.json
 * names experts and, for each query, the experts that must rank in the first five results. The experts are seeded
 * here among more than 1 000 better-rated filler experts whose about text holds the same words, so a query only
 * passes when stems, typo correction, word counts and where the words are (name, title, expertise vs. about)
 * decide the order, not the rating. Also covers the bounded count ("1,000+ experts").
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpertList } from '../../src/shared/schemas/experts.js';
import { experts, user } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';

type SeededExpert = { key: string; name: string; role: string; about: string; expertise: string[]; rating: string };
type RelevanceSet = {
  experts: SeededExpert[];
  fillers: Omit<SeededExpert, 'key' | 'name'> & { count: number };
  queries: { query: string; mustRankTop5: string[]; why: string }[];
};

const set = JSON.parse(readFileSync(new URL('../fixtures/search-relevance.json', import.meta.url), 'utf8')) as RelevanceSet;

describe('search relevance (docs/product.md "Search and catalogue")', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    const fillers = Array.from({ length: set.fillers.count }, (_, n) => ({ ...set.fillers, key: `filler-${n}`, name: `Filler Mentor ${n}` }));
    const all: SeededExpert[] = [...set.experts, ...fillers];
    const owners = all.map((e) => ({ id: randomUUID(), name: e.name, email: `${e.key}@test.example`, role: 'expert' }));
    await ctx.database.db.insert(user).values(owners);
    await ctx.database.db.insert(experts).values(
      all.map((e, i) => ({
        slug: e.key,
        userId: owners[i]!.id,
        name: e.name,
        role: e.role,
        about: e.about,
        expertise: e.expertise,
        languages: ['English'],
        hourlyRateCents: 10_000,
        timezone: 'UTC',
        ratingAvg: e.rating,
        reviewCount: 10,
      })),
    );
    // Written straight into the database: searchable once the server has heard it (at once on PGlite).
    await ctx.app.changeFeed.sync();
  }, 180_000); // over a thousand experts on a busy machine
  afterAll(() => ctx.close());

  const search = async (qs: string): Promise<ExpertList> => {
    const res = await ctx.app.inject(`/api/experts?${qs}`);
    expect(res.statusCode).toBe(200);
    return res.json() as ExpertList;
  };

  it.each(set.queries)('"$query" ranks $mustRankTop5 in the top 5 ($why)', async ({ query, mustRankTop5 }) => {
    const body = await search(`query=${encodeURIComponent(query)}&pageSize=5`);
    expect(body.matched).toBe(true);
    expect(body.experts.map((e) => e.slug)).toEqual(expect.arrayContaining(mustRankTop5));
  });

  it('counts exactly up to 1 000 and says "at least" beyond, for every sort', async () => {
    for (const sort of ['relevance', 'rating', 'price_asc', 'price_desc'])
      expect(await search(`query=data&sort=${sort}`)).toMatchObject({ matched: true, total: 1000, totalIsLowerBound: true });
    expect(await search('query=kubernetes')).toMatchObject({ total: 1, totalIsLowerBound: false });
    expect(await search('')).toMatchObject({ matched: false, total: 1000, totalIsLowerBound: true });
  });

  it('pages through the relevance order without repeating or skipping anyone', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => search(`query=leadership%20interviews&pageSize=4&page=${page}`)));
    const whole = await search('query=leadership%20interviews&pageSize=12');
    expect(pages.flatMap((p) => p.experts.map((e) => e.slug))).toEqual(whole.experts.map((e) => e.slug));
  });
});
