import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionView } from '../../src/shared/schemas/sessions.js';
import { isPendingConfirmation, isUpcoming } from '../../src/shared/sessions.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, shift, slotIn } from '../helpers/marketplace.js';

type Page = { sessions: SessionView[]; total: number; page: number; pageSize: number };
const timed = (s: SessionView) => ({ status: s.status, startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) });

/**
 * The session list comes in pages, upcoming first and past by pages, with counters over all sessions
 * (docs/product.md "Sessions"). 23 sessions: 20 moved into the past (2 of them confirmed), 3 ahead (1 cancelled).
 */
describe('session list pages and counters', () => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof createUser>>;
  let stranger: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  const ids: string[] = [];
  const get = async (url: string, cookie: string) => {
    const res = await ctx.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const post = (url: string, cookie: string, payload: object = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: { origin, 'content-type': 'application/json', cookie }, payload });

  beforeAll(async () => {
    ctx = await createTestApp();
    client = await createUser(ctx, { email: 'pages-client@example.com' });
    stranger = await createUser(ctx, { email: 'pages-stranger@example.com' });
    expert = await createExpert(ctx, { email: 'pages-expert@example.com', rateCents: 6000 });
    for (let i = 0; i < 23; i++) {
      const res = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(48 + 2 * i) });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().session.id);
    }
    for (const id of ids.slice(0, 20)) await shift(ctx, id, -24 * 20);
    for (const id of ids.slice(0, 2)) expect((await post(`/api/sessions/${id}/confirm`, client.cookie)).statusCode).toBe(200);
    expect((await post(`/api/sessions/${ids[22]}/cancel`, client.cookie, { reason: 'Plans changed' })).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  it('pages all sessions newest first, 20 a page, with the total; a page past the last is empty', async () => {
    const first: Page = await get('/api/sessions', client.cookie);
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(first.sessions).toHaveLength(20);
    const second: Page = await get('/api/sessions?page=2', client.cookie);
    expect(second.sessions).toHaveLength(3);
    const starts = [...first.sessions, ...second.sessions].map((s) => s.startsAt);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(new Set([...first.sessions, ...second.sessions].map((s) => s.id))).toEqual(new Set(ids));
    expect(await get('/api/sessions?page=3', client.cookie)).toEqual({ sessions: [], total: 23, page: 3, pageSize: 20 });
  });

  it('upcoming holds the booked sessions not yet ended, soonest first; past holds the rest, newest first', async () => {
    const upcoming: Page = await get('/api/sessions?when=upcoming&pageSize=1', client.cookie);
    expect(upcoming.total).toBe(2);
    expect(upcoming.sessions.map((s) => s.id)).toEqual([ids[20]]);
    expect((await get('/api/sessions?when=upcoming&pageSize=1&page=2', client.cookie)).sessions.map((s: SessionView) => s.id)).toEqual([ids[21]]);

    const past: Page = await get('/api/sessions?when=past&pageSize=100', client.cookie);
    expect(past.total).toBe(21);
    expect(past.sessions.map((s) => s.id)).toEqual([ids[22], ...ids.slice(0, 20).reverse()]);
    expect(past.sessions[0]!.status).toBe('cancelled');

    // The expert's list holds the same sessions, seen from their side; nobody else's holds any.
    const theirs: Page = await get('/api/sessions?when=upcoming', expert.cookie);
    expect(theirs.sessions.map((s) => [s.id, s.viewerRole])).toEqual([
      [ids[20], 'expert'],
      [ids[21], 'expert'],
    ]);
    expect(await get('/api/sessions?when=past', stranger.cookie)).toEqual({ sessions: [], total: 0, page: 1, pageSize: 20 });
  });

  it('counts every session, not only a page, by the shared rules of upcoming and pending confirmation', async () => {
    const all: SessionView[] = (await get('/api/sessions?pageSize=100', client.cookie)).sessions;
    const now = new Date();
    const spent = all.reduce((sum, s) => sum + (s.payment ? s.payment.amountCents - s.payment.refundedCents : 0), 0);
    const expected = {
      upcoming: all.filter((s) => isUpcoming(timed(s), now)).length,
      awaitingConfirmation: all.filter((s) => isPendingConfirmation(timed(s), now)).length,
      concluded: all.filter((s) => s.status === 'confirmed' || s.status === 'completed').length,
      completed: 0,
      spentCents: spent,
      proposalsToAnswer: 0,
      proposalSessionId: null,
    };
    expect(expected).toEqual({
      upcoming: 2,
      awaitingConfirmation: 18,
      concluded: 2,
      completed: 0,
      spentCents: 22 * 6000,
      proposalsToAnswer: 0,
      proposalSessionId: null,
    });
    expect(await get('/api/sessions/summary', client.cookie)).toEqual(expected);
    // The expert's counters count the same sessions; money spent is the client's only.
    expect(await get('/api/sessions/summary', expert.cookie)).toEqual({ ...expected, spentCents: 0 });
    expect(await get('/api/sessions/summary', stranger.cookie)).toEqual({
      upcoming: 0,
      awaitingConfirmation: 0,
      concluded: 0,
      completed: 0,
      spentCents: 0,
      proposalsToAnswer: 0,
      proposalSessionId: null,
    });
  });

  it('refuses a malformed query in plain words, and a visitor', async () => {
    for (const [query, message] of [
      ['when=soon', 'when must be upcoming, past or all'],
      ['page=0', 'Page must be a whole number from 1'],
      ['page=two', 'Page must be a whole number from 1'],
      ['pageSize=101', 'Page size must be a whole number from 1 to 100'],
    ]) {
      const res = await ctx.app.inject({ url: `/api/sessions?${query}`, headers: { cookie: client.cookie } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect((await ctx.app.inject({ url: '/api/sessions?when=past' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/sessions/summary' })).statusCode).toBe(401);
  });
});
