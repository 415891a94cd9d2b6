/**
 * Ratings from sessions that cost nothing and may not have happened (docs/security.md, "Ratings from sessions that
 * cost nothing"). Public ratings — the average and count on profiles and in search (and so the rating order), and
 * the review list — count only reviews of PAID sessions that took place: confirmed, or completed, without a dispute
 * decided for the client. A free intro confirmed by the client cannot post a public 1-star review (it may send
 * private feedback to the team). Run with the catalogue cache and the per-user cache on: every answer is read
 * after a warm-up, so a stale cached rating would show.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { disputes, sessionFeedback } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, shift, slotIn } from '../helpers/marketplace.js';

const excellent = {
  expertiseRating: 'Excellent',
  communicationRating: 'Very Clear',
  punctualityRating: 'On Time',
  valueRating: 'Excellent Value',
  recommendationRating: 'Definitely',
}; // 5.0
const didNotShow = {
  expertiseRating: 'Poor',
  communicationRating: 'Very Unclear',
  punctualityRating: 'Did Not Show',
  valueRating: 'Overpriced',
  recommendationRating: 'Definitely Not',
  additionalComments: 'Did not show.',
}; // 1.2
const middling = {
  expertiseRating: 'Good',
  communicationRating: 'Adequate',
  punctualityRating: 'On Time',
  valueRating: 'Fair Value',
  recommendationRating: 'Maybe',
}; // 3.4

type Rating = { ratingAvg: number | null; reviewCount: number };

describe('public ratings count only paid sessions that took place', () => {
  let ctx: TestContext;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let hours = 30;

  beforeAll(async () => {
    ctx = await createTestApp({ CATALOGUE_CACHE_MS: '60000', SIGNED_IN_CACHE_MS: '60000' });
    expert = await createExpert(ctx, { email: 'erin@example.com', slug: 'erin-expert' });
    admin = await createUser(ctx, { email: 'admin@example.com', role: 'admin', firstName: 'Alex', lastName: 'Admin' });
  });
  afterAll(async () => ctx?.close());

  const post = (url: string, cookie: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: { origin, cookie, 'content-type': 'application/json', ...headers }, payload: payload as object });

  /** What the public sees (through the catalogue cache): the profile, the search card and the review list. */
  async function publicRating(): Promise<{ profile: Rating; card: Rating; reviews: { total: number; reviews: { verified: boolean; score: number }[] } }> {
    const profile = (await ctx.app.inject('/api/experts/erin-expert')).json() as Rating;
    const search = (await ctx.app.inject('/api/experts?query=staff%20engineer&sort=rating')).json() as { experts: (Rating & { slug: string })[] };
    const card = search.experts.find((e) => e.slug === 'erin-expert')!;
    const reviews = (await ctx.app.inject('/api/experts/erin-expert/reviews?pageSize=20')).json();
    return {
      profile: { ratingAvg: profile.ratingAvg, reviewCount: profile.reviewCount },
      card: { ratingAvg: card.ratingAvg, reviewCount: card.reviewCount },
      reviews,
    };
  }

  /** Asserts the profile, the search card and the review list all show `rating` (and the list `rating.reviewCount` verified reviews). */
  async function expectPublic(rating: Rating) {
    const seen = await publicRating();
    expect(seen.profile).toEqual(rating);
    expect(seen.card).toEqual(rating);
    expect(seen.reviews.total).toBe(rating.reviewCount);
    expect(seen.reviews.reviews).toHaveLength(rating.reviewCount);
    for (const r of seen.reviews.reviews) expect(r.verified).toBe(true);
  }

  /** A new client's session with the expert, moved into the past so it has started and ended. */
  async function pastSession(email: string, kind: 'paid' | 'intro') {
    const client = await createUser(ctx, { email, firstName: email.split('@')[0]!, lastName: 'Client' });
    const res = await book(ctx, client.cookie, {
      expertId: expert.expert.id,
      startsAt: slotIn((hours += 4)),
      ...(kind === 'intro' ? { kind, durationMinutes: 15, card: undefined } : { durationMinutes: 60 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().session.id as string;
    await shift(ctx, id, -2 * hours); // now − hours: distinct past times, no two sessions of the expert overlap
    return { client, id };
  }

  it('a paid, confirmed session is reviewed publicly and counts at once, marked verified', async () => {
    await expectPublic({ ratingAvg: null, reviewCount: 0 }); // warms the caches
    const { client, id } = await pastSession('paula@example.com', 'paid');
    expect((await post(`/api/sessions/${id}/confirm`, client.cookie)).statusCode).toBe(200);
    const res = await post(`/api/sessions/${id}/feedback`, client.cookie, excellent);
    expect(res.statusCode, res.body).toBe(201);
    await expectPublic({ ratingAvg: 5, reviewCount: 1 });
  });

  it('the attack: a free intro confirmed by the client cannot post a public 1-star review, and the average does not move', async () => {
    const { client, id } = await pastSession('mallory@example.com', 'intro');
    expect((await post(`/api/sessions/${id}/confirm`, client.cookie)).statusCode).toBe(200);
    const eligibility = await ctx.app.inject({ url: '/api/experts/erin-expert/feedback-eligibility', headers: { cookie: client.cookie } });
    expect(eligibility.json()).toMatchObject({ sessionId: null, introOnly: true });

    const res = await post(`/api/sessions/${id}/feedback`, client.cookie, didNotShow);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(messages.feedback.introNotRated);
    expect(await ctx.database.db.select().from(sessionFeedback).where(eq(sessionFeedback.sessionId, id))).toEqual([]);
    await expectPublic({ ratingAvg: 5, reviewCount: 1 });

    // The database refuses it too, whatever code writes it.
    await expect(
      ctx.database.db.insert(sessionFeedback).values({ sessionId: id, clientId: client.id, expertId: expert.expert.id, ...didNotShow, score: 1.2 }),
    ).rejects.toThrow();

    // Private feedback to the team stays open to them.
    const privately = await post('/api/experts/erin-expert/private-feedback', client.cookie, { comments: 'The expert did not join our intro call.' });
    expect(privately.statusCode).toBe(201);
  });

  it('a dispute decided for the client never counts; one decided for the expert (the session took place) does', async () => {
    const lost = await pastSession('dora@example.com', 'paid');
    const won = await pastSession('ed@example.com', 'paid');
    for (const s of [lost, won])
      expect((await post(`/api/sessions/${s.id}/dispute`, s.client.cookie, { description: 'The expert never joined.' })).statusCode).toBe(200);
    const disputeOf = async (sessionId: string) => (await ctx.database.db.select().from(disputes).where(eq(disputes.sessionId, sessionId)))[0]!.id;

    await expectPublic({ ratingAvg: 5, reviewCount: 1 });
    const forClient = await post(`/api/admin/disputes/${await disputeOf(lost.id)}/resolve`, admin.cookie, {
      decision: 'client',
      note: 'The expert did not attend.',
    });
    expect(forClient.statusCode, forClient.body).toBe(200);
    // The client's own list (kept per user) shows the decision.
    const list = (await ctx.app.inject({ url: '/api/sessions', headers: { cookie: lost.client.cookie } })).json() as {
      sessions: { id: string; status: string }[];
    };
    expect(list.sessions.find((s) => s.id === lost.id)?.status).toBe('cancelled');
    const refused = await post(`/api/sessions/${lost.id}/feedback`, lost.client.cookie, didNotShow);
    expect(refused.statusCode, refused.body).toBe(409);
    await expectPublic({ ratingAvg: 5, reviewCount: 1 });

    const forExpert = await post(`/api/admin/disputes/${await disputeOf(won.id)}/resolve`, admin.cookie, {
      decision: 'expert',
      note: 'The recording shows a full session.',
    });
    expect(forExpert.statusCode, forExpert.body).toBe(200);
    const eligibility = await ctx.app.inject({ url: '/api/experts/erin-expert/feedback-eligibility', headers: { cookie: won.client.cookie } });
    expect(eligibility.json()).toMatchObject({ sessionId: won.id, feedbackSubmitted: false, introOnly: false });
    const reviewed = await post(`/api/sessions/${won.id}/feedback`, won.client.cookie, middling);
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    await expectPublic({ ratingAvg: 4.2, reviewCount: 2 });
  });
});
