import { sessionDeps } from '../../src/server/modules/sessions/deps.js';
/**
 * No-shows (docs/product.md "No-shows"): either party reports within 48 hours of the end, only the other party
 * contests within 48 hours of the report, an uncontested report refunds the client or releases to the expert, a
 * contested one becomes a dispute with both statements, and the 72-hour auto-release never touches an open report.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { noShowMessages } from '../../src/shared/no-shows.js';
import { disputes, emailOutbox, noShowReports, paymentEvents, payments, sessions } from '../../src/server/db/schema.js';
import { simulatedProvider } from '../../src/server/infra/payments/simulated.js';
import { autoReleaseDue } from '../../src/server/modules/sessions/use-cases/auto-release-sessions.js';
import { settleDueNoShows } from '../../src/server/modules/sessions/use-cases/settle-no-shows.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, shift, slotIn } from '../helpers/marketplace.js';

const hour = 3_600_000;

describe('no-shows', () => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof createUser>>;
  let outsider: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let nextSlot = 100;
  const deps = () => sessionDeps(ctx.config, ctx.database.db, simulatedProvider());
  const post = (url: string, cookie: string, payload: object = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: { origin, 'content-type': 'application/json', cookie }, payload });
  const get = (url: string, cookie: string) => ctx.app.inject({ url, headers: { cookie } });
  const sessionOf = async (id: string) => (await get(`/api/sessions/${id}`, client.cookie)).json();
  const mailsTo = (to: string, like: string) =>
    ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, to), sql`${emailOutbox.subject} like ${like}`));

  /** A paid 60-minute session (9000 cents) that ended `hoursAgo` hours ago (negative: ends in the future). */
  async function ended(hoursAgo: number): Promise<string> {
    const ahead = (nextSlot += 5);
    const res = await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(ahead) });
    expect(res.statusCode).toBe(201);
    const id = res.json().session.id as string;
    const s = res.json().session;
    const endsIn = (new Date(s.endsAt).getTime() - Date.now()) / hour;
    await shift(ctx, id, -endsIn - hoursAgo);
    return id;
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createUser(ctx, { email: 'admin@example.com', role: 'admin', firstName: 'Alex', lastName: 'Admin' });
    client = await createUser(ctx, { email: 'client@example.com', firstName: 'Casey', lastName: 'Client' });
    outsider = await createUser(ctx, { email: 'outsider@example.com', firstName: 'Otto', lastName: 'Outsider' });
    expert = await createExpert(ctx, { email: 'erin@example.com', rateCents: 9000 });
  });
  afterAll(() => ctx.close());

  it('the client reports the expert absent: the expert is e-mailed, nobody can confirm, and uncontested after 48 h the client is refunded in full', async () => {
    const id = await ended(1);
    const res = await post(`/api/sessions/${id}/no-show`, client.cookie, { statement: 'Waited 30 minutes, nobody came.' });
    expect(res.statusCode).toBe(201);
    const report = res.json();
    expect(report).toMatchObject({ reportedBy: 'client', status: 'open', statement: 'Waited 30 minutes, nobody came.', contestStatement: null });
    expect(new Date(report.respondBy).getTime() - new Date(report.createdAt).getTime()).toBe(48 * hour);
    expect(await mailsTo(expert.email, 'No-show reported%')).toHaveLength(1);
    // Both parties see it; confirming waits while it is open.
    expect((await get(`/api/sessions/${id}/no-show`, expert.cookie)).json().report).toMatchObject({ id: report.id, status: 'open' });
    const confirm = await post(`/api/sessions/${id}/confirm`, client.cookie);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.message).toBe(noShowMessages.reportOpen);
    expect((await post(`/api/sessions/${id}/dispute`, client.cookie, { description: 'The expert never joined.' })).statusCode).toBe(409);

    // Not yet due: nothing moves.
    await settleDueNoShows(deps(), new Date(Date.now() + 47 * hour));
    expect(await sessionOf(id)).toMatchObject({ status: 'booked', payment: { status: 'held' } });

    // Two servers' jobs at once: the report is settled once.
    const later = new Date(Date.now() + 49 * hour);
    await Promise.all([settleDueNoShows(deps(), later), settleDueNoShows(deps(), later)]);
    expect(await sessionOf(id)).toMatchObject({ status: 'cancelled', cancelledBy: 'team', payment: { status: 'refunded', refundedCents: 9000 } });
    const [p] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, id));
    expect(
      await ctx.database.db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.paymentId, p!.id), eq(paymentEvents.type, 'refund'))),
    ).toHaveLength(1);
    expect((await get(`/api/sessions/${id}/no-show`, client.cookie)).json().report).toMatchObject({ status: 'upheld' });
    // One e-mail each: the cancellation, which names the no-show and the refund and carries the invite's CANCEL.
    for (const party of [client, expert]) {
      const [cancelled, ...more] = (await mailsTo(party.email, 'Session cancelled%')).filter((m) => m.text.includes(id));
      expect(more).toHaveLength(0);
      expect(cancelled!.attachments?.map((a) => a.content).join()).toContain('METHOD:CANCEL');
      expect(cancelled!.text).toContain('The expert did not attend (no-show report not contested within 48 hours)');
      expect(cancelled!.text).toContain('Refund to the client: $90.00 of $90.00.');
      expect((await mailsTo(party.email, 'No-show report settled%')).filter((m) => m.text.includes(id))).toHaveLength(0);
    }
    // Settled once: a second run finds nothing for this session, and contesting is closed.
    await settleDueNoShows(deps(), new Date(Date.now() + 50 * hour));
    expect(await sessionOf(id)).toMatchObject({ payment: { refundedCents: 9000 } });
    expect((await post(`/api/sessions/${id}/no-show/contest`, expert.cookie, { statement: 'I was there.' })).statusCode).toBe(409);
  });

  it('the expert reports the client absent: uncontested after 48 h the payment is released to the expert', async () => {
    const id = await ended(10);
    expect((await post(`/api/sessions/${id}/no-show`, expert.cookie, {})).json()).toMatchObject({ reportedBy: 'expert', statement: '' });
    expect(await mailsTo(client.email, 'No-show reported%')).not.toHaveLength(0);
    await settleDueNoShows(deps(), new Date(Date.now() + 49 * hour));
    expect(await sessionOf(id)).toMatchObject({ status: 'completed', payment: { status: 'released', refundedCents: 0 } });
    for (const party of [client, expert]) expect((await mailsTo(party.email, 'No-show report settled%')).filter((m) => m.text.includes(id))).toHaveLength(1);
    await expectNoPublicReview(id);
  });

  /** The client found absent from session `id` cannot rate it publicly: the view says so, the profile offers nothing, the review is refused. */
  async function expectNoPublicReview(id: string) {
    expect(await sessionOf(id)).toMatchObject({ status: 'completed', clientAbsent: true, clientFeedbackSubmitted: false });
    const listed = (await get('/api/sessions?when=past&pageSize=100', client.cookie)).json().sessions.find((s: { id: string }) => s.id === id);
    expect(listed).toMatchObject({ clientAbsent: true });
    expect((await get(`/api/experts/${expert.expert.slug}/feedback-eligibility`, client.cookie)).json().sessionId).not.toBe(id);
    const refused = await post(`/api/sessions/${id}/feedback`, client.cookie, {
      expertiseRating: 'Poor',
      communicationRating: 'Very Unclear',
      punctualityRating: 'Did Not Show',
      valueRating: 'Overpriced',
      recommendationRating: 'Definitely Not',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(messages.feedback.clientAbsent);
    expect((await get(`/api/experts/${expert.expert.slug}/reviews`, client.cookie)).json().reviews).toEqual([]);
  }

  it('contested by the reported party, the report becomes a dispute with both statements; the job and the auto-release leave it', async () => {
    const id = await ended(2.5);
    expect((await post(`/api/sessions/${id}/no-show`, expert.cookie, { statement: 'The client never joined.' })).statusCode).toBe(201);
    // Only the party reported absent contests, with a statement.
    const byReporter = await post(`/api/sessions/${id}/no-show/contest`, expert.cookie, { statement: 'x' });
    expect(byReporter.statusCode).toBe(403);
    expect(byReporter.json().error.message).toBe(noShowMessages.contestNotYours);
    expect((await post(`/api/sessions/${id}/no-show/contest`, client.cookie, { statement: '  ' })).statusCode).toBe(400);
    const res = await post(`/api/sessions/${id}/no-show/contest`, client.cookie, { statement: 'I was in the call; the expert was not.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'contested', contestStatement: 'I was in the call; the expert was not.' });
    expect(await sessionOf(id)).toMatchObject({ status: 'disputed', payment: { status: 'held' } });
    expect(await mailsTo(admin.email, 'No-show contested%')).toHaveLength(1);

    const [d] = await ctx.database.db.select().from(disputes).where(eq(disputes.sessionId, id));
    const view = (await get(`/api/admin/disputes/${d!.id}`, admin.cookie)).json();
    expect(view).toMatchObject({
      status: 'open',
      noShow: { reportedBy: 'expert', statement: 'The client never joined.', contestStatement: 'I was in the call; the expert was not.' },
    });
    await settleDueNoShows(deps(), new Date(Date.now() + 100 * hour));
    await autoReleaseDue(deps(), new Date(Date.now() + 100 * hour));
    expect(await sessionOf(id)).toMatchObject({ status: 'disputed', payment: { status: 'held' } });
    // The team decides it with the existing dispute flow.
    const decided = await post(`/api/admin/disputes/${d!.id}/resolve`, admin.cookie, { decision: 'client', note: 'The expert did not attend.' });
    expect(decided.statusCode).toBe(200);
    expect(await sessionOf(id)).toMatchObject({ status: 'cancelled', payment: { status: 'refunded', refundedCents: 9000 } });
  });

  it('contested by the client and decided by the team for the expert: the session is completed and the client cannot rate it publicly', async () => {
    const id = await ended(30);
    expect((await post(`/api/sessions/${id}/no-show`, expert.cookie, { statement: 'The client never joined.' })).statusCode).toBe(201);
    expect((await post(`/api/sessions/${id}/no-show/contest`, client.cookie, { statement: 'I was there.' })).statusCode).toBe(200);
    const [d] = await ctx.database.db.select().from(disputes).where(eq(disputes.sessionId, id));
    const decided = await post(`/api/admin/disputes/${d!.id}/resolve`, admin.cookie, {
      decision: 'expert',
      note: 'The call log shows the client never joined.',
    });
    expect(decided.statusCode).toBe(200);
    await expectNoPublicReview(id);
  });

  it('the 72-hour auto-release skips a session with an open report, and the database refuses to release it', async () => {
    const id = await ended(47);
    expect((await post(`/api/sessions/${id}/no-show`, client.cookie, {})).statusCode).toBe(201);
    // 73 hours after the end, the report (made at 47 h) is still open.
    await autoReleaseDue(deps(), new Date(Date.now() + 26 * hour));
    expect(await sessionOf(id)).toMatchObject({ status: 'booked', payment: { status: 'held' } });
    await expect(ctx.database.db.update(sessions).set({ status: 'confirmed' }).where(eq(sessions.id, id))).rejects.toThrow();
    expect(await sessionOf(id)).toMatchObject({ status: 'booked' });
  });

  it('reports only from the end until 48 hours after it, once per session, and contests only until 48 hours after the report', async () => {
    const notEnded = await ended(-0.5);
    const early = await post(`/api/sessions/${notEnded}/no-show`, client.cookie, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(noShowMessages.notNow);
    const late = await ended(48.2);
    expect((await post(`/api/sessions/${late}/no-show`, expert.cookie, {})).statusCode).toBe(409);
    expect((await get(`/api/sessions/${late}/no-show`, client.cookie)).json()).toEqual({ report: null });

    const id = await ended(4);
    expect((await post(`/api/sessions/${id}/no-show`, client.cookie, {})).statusCode).toBe(201);
    const again = await post(`/api/sessions/${id}/no-show`, expert.cookie, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(noShowMessages.already);
    // One report per session is the database's rule too.
    await expect(
      ctx.database.db.insert(noShowReports).values({ sessionId: id, reportedBy: 'expert', reporterId: expert.id, respondBy: new Date(Date.now() + hour) }),
    ).rejects.toThrow();

    // 48 hours after the report the contest is closed.
    await ctx.database.db
      .update(noShowReports)
      .set({ createdAt: sql`${noShowReports.createdAt} - interval '49 hours'`, respondBy: sql`${noShowReports.respondBy} - interval '49 hours'` })
      .where(eq(noShowReports.sessionId, id));
    const closed = await post(`/api/sessions/${id}/no-show/contest`, expert.cookie, { statement: 'I was there.' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(noShowMessages.contestClosed);
    const [p] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, id));
    expect(p!.status).toBe('held');
  });

  it('refuses outsiders and visitors, changing nothing', async () => {
    const id = await ended(6.5);
    for (const [url, payload] of [
      [`/api/sessions/${id}/no-show`, {}],
      [`/api/sessions/${id}/no-show/contest`, { statement: 'x' }],
    ] as const) {
      expect((await post(url, outsider.cookie, payload)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'POST', url, headers: { origin, 'content-type': 'application/json' }, payload })).statusCode).toBe(401);
    }
    expect((await get(`/api/sessions/${id}/no-show`, outsider.cookie)).statusCode).toBe(403);
    expect((await post(`/api/sessions/${id}/no-show`, client.cookie, { statement: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect(await ctx.database.db.select().from(noShowReports).where(eq(noShowReports.sessionId, id))).toHaveLength(0);
  });
});
