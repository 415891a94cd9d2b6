/**
 * A person's audit trail in the team console (docs/product.md "People"): the team's actions on everything that
 * belongs to the person — a session refunded (on the client's and the expert's page), a plan ended, a package's
 * unused sessions refunded — newest first, with the reason and the subject; another person's page shows none of them.
 * Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, slotIn, visa } from '../helpers/marketplace.js';

const json = { origin, 'content-type': 'application/json' };

describe("a person's audit trail in the team console", () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let n = 0;
  const get = (url: string, cookie = admin.cookie) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = async (url: string, payload: object, cookie = admin.cookie) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: `127.11.0.${(++n % 250) + 1}`,
      headers: { ...json, cookie, 'idempotency-key': randomUUID() },
      payload,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const trail = async (userId: string) => {
    const res = await get(`/api/admin/users/${userId}/audit`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { action: string; actor: { name: string }; targetType: string; targetId: string; detail: { reason?: string } }[]).map(
      ({ actor, ...a }) => ({ ...a, actorName: actor.name }),
    );
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createUser(ctx, { email: 'trail-admin@example.com', role: 'admin', firstName: 'Alex', lastName: 'Admin' });
  });
  afterAll(() => ctx?.close());

  it("lists the team's refund of a session, ending of a plan and refund of a package on the client's page, newest first, and the session's on the expert's", async () => {
    const expert = await createExpert(ctx, { email: 'trail-expert@example.com', rateCents: 10000 });
    const client = await createUser(ctx, { email: 'trail-client@example.com', firstName: 'Casey', lastName: 'Client' });
    const stranger = await createUser(ctx, { email: 'trail-stranger@example.com' });
    expect(await trail(client.id)).toEqual([]);

    const booked = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(50) });
    expect(booked.statusCode, booked.body).toBe(201);
    const sessionId = booked.json().session.id as string;
    await post(`/api/admin/sessions/${sessionId}/refund`, { refundCents: 5000, reason: 'Audio problems' });

    const plan = await post(
      '/api/me/plans',
      { name: 'Monthly', priceCents: 18000, sessionCount: 2, durationMinutes: 60, chatPromise: 'Replies weekly' },
      expert.cookie,
    );
    const subscription = (await post(`/api/plans/${plan.id}/subscriptions`, { card: visa }, client.cookie)).subscription;
    await post(`/api/admin/subscriptions/${subscription.id}/refund`, { reason: 'Expert unavailable' });

    const offered = await post('/api/me/packages', { sessionCount: 4, durationMinutes: 60, priceCents: 34000, validityMonths: 3 }, expert.cookie);
    const purchase = (await post(`/api/packages/${offered.id}/purchases`, { card: visa }, client.cookie)).purchase;
    await post(`/api/admin/package-purchases/${purchase.id}/refund`, { reason: 'Expert left' });

    const clientTrail = await trail(client.id);
    expect(clientTrail.map((a) => [a.action, a.actorName, a.targetType, a.targetId, a.detail.reason])).toEqual([
      ['package.refund', 'Alex Admin', 'package_purchase', purchase.id, 'Expert left'],
      ['subscription.refund', 'Alex Admin', 'subscription', subscription.id, 'Expert unavailable'],
      ['session.refund', 'Alex Admin', 'session', sessionId, 'Audio problems'],
    ]);
    const expertTrail = await trail(expert.id);
    expect(expertTrail.map((a) => [a.action, a.targetId])).toContainEqual(['session.refund', sessionId]);
    expect(await trail(stranger.id)).toEqual([]);
    // Only the team reads it.
    expect((await get(`/api/admin/users/${client.id}/audit`, client.cookie)).statusCode).toBe(403);
  });
});
