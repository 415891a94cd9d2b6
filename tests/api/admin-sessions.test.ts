/**
 * Sessions and money in the team console (docs/product.md "Team console", "Sessions and money"): finding a session by
 * id, party or date, its ledger, refunds in full or in part (idempotent, audited, both parties e-mailed, the ledger and
 * the expert's earnings follow), and hiding or republishing an expert without touching their sessions.
 * Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, emailOutbox, paymentEvents, payments, sessions } from '../../src/server/db/schema.js';
import { messages } from '../../src/shared/messages.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, shift, slotIn, visa } from '../helpers/marketplace.js';

const json = { origin, 'content-type': 'application/json' };

describe('sessions and money in the team console', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let client: Awaited<ReturnType<typeof createUser>>;
  const get = (url: string, cookie = admin.cookie) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: object, headers: Record<string, string> = {}, cookie = admin.cookie) =>
    ctx.app.inject({ method: 'POST', url, headers: { ...json, cookie, ...headers }, payload });
  const booked = async (hours: number) => {
    const res = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(hours) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().session.id as string;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createUser(ctx, { email: 'money-admin@example.com', role: 'admin', firstName: 'Alex', lastName: 'Admin' });
    expert = await createExpert(ctx, { email: 'money-expert@example.com', slug: 'money-expert', rateCents: 10000 });
    client = await createUser(ctx, { email: 'money-client@example.com', firstName: 'Morgan', lastName: 'Payer' });
  });
  afterAll(() => ctx?.close());

  it('finds a session by its id, by a part of either party’s name or e-mail, and by the UTC dates of its start', async () => {
    const soon = await booked(30);
    const later = await booked(24 * 9);
    const ids = async (qs: string) => (await get(`/api/admin/sessions?${qs}`)).json().items.map((s: { id: string }) => s.id);

    expect(await ids(`q=${soon}`)).toEqual([soon]);
    expect(await ids('q=morgan')).toEqual(expect.arrayContaining([soon, later]));
    expect(await ids('q=MONEY-EXPERT@')).toEqual(expect.arrayContaining([soon, later]));
    expect(await ids('q=nobody-like-this')).toEqual([]);
    const day = slotIn(24 * 9).slice(0, 10);
    expect(await ids(`from=${day}&to=${day}&q=morgan`)).toEqual([later]);
    const page = (await get(`/api/admin/sessions?q=${later}`)).json().items[0];
    expect(page).toMatchObject({ status: 'booked', totalAmountCents: 10000, client: { name: 'Morgan Payer', email: 'money-client@example.com' } });
    expect(page.expert).toMatchObject({ expertId: expert.expert.id, slug: 'money-expert', email: 'money-expert@example.com' });
    expect((await get('/api/admin/sessions?from=2030-02-30')).statusCode).toBe(400);
    expect((await get('/api/admin/sessions/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refunds half a session: the ledger, the payment, the expert’s earnings and the client’s total follow; both parties e-mailed; audited; a replay changes nothing', async () => {
    const id = await booked(50);
    const spent = async () => (await get('/api/sessions/summary', client.cookie)).json().spentCents as number;
    const spentBefore = await spent();
    const detail = (await get(`/api/admin/sessions/${id}`)).json();
    expect(detail).toMatchObject({ refundableCents: 10000, ledger: [{ type: 'hold', amountCents: 10000 }] });

    const tooMuch = await post(`/api/admin/sessions/${id}/refund`, { refundCents: 10001, reason: 'Audio problems' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe(messages.admin.refundRange);
    const noReason = await post(`/api/admin/sessions/${id}/refund`, { refundCents: 5000, reason: '' });
    expect(noReason.statusCode).toBe(400);
    const [untouched] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, id));
    expect(untouched).toMatchObject({ status: 'held', refundedCents: 0 });

    const key = { 'idempotency-key': `refund-${id}` };
    const res = await post(`/api/admin/sessions/${id}/refund`, { refundCents: 5000, reason: 'Audio problems for half the session' }, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'booked', refundableCents: 0, payment: { status: 'partially_refunded', refundedCents: 5000 } });
    // One transaction writes the refund and the release: same time, in either order.
    const ledger = res.json().ledger.map((e: { type: string; amountCents: number; actorName: string | null }) => [e.type, e.amountCents, e.actorName]);
    expect(ledger[0]).toEqual(['hold', 10000, 'Morgan Payer']);
    expect(ledger.slice(1).sort()).toEqual(
      [
        ['refund', 5000, 'Alex Admin'],
        ['release', 5000, 'Alex Admin'],
      ].sort(),
    );

    // A replay answers the same and moves nothing; the key with another body is refused.
    const replay = await post(`/api/admin/sessions/${id}/refund`, { refundCents: 5000, reason: 'Audio problems for half the session' }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().ledger).toHaveLength(3);
    expect((await post(`/api/admin/sessions/${id}/refund`, { refundCents: 4000, reason: 'Other' }, key)).statusCode).toBe(422);
    const events = await ctx.database.db
      .select()
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(eq(payments.sessionId, id));
    expect(events).toHaveLength(3);
    // Nothing is held any more.
    const again = await post(`/api/admin/sessions/${id}/refund`, { refundCents: 100, reason: 'More' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(messages.admin.nothingHeld);

    expect(await spent()).toBe(spentBefore - 5000);
    const earnings = (await get('/api/me/earnings/ledger', expert.cookie)).json();
    expect(earnings.items.filter((e: { sessionId: string }) => e.sessionId === id).map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['released', 'refunded']),
    );
    const audit = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, id), eq(adminAuditLog.action, 'session.refund')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ refundCents: 5000, reason: 'Audio problems for half the session' });
    for (const to of ['money-client@example.com', 'money-expert@example.com']) {
      const mails = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
      expect(mails.filter((m) => m.subject === 'Refund: Morgan Payer with Erin Expert')).toHaveLength(1);
    }
  });

  it('lists and refunds every kind of session — a free intro, a paid session, a workshop seat — and answers each write as committed', async () => {
    const intro = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(100), durationMinutes: 15, kind: 'intro', card: undefined });
    expect(intro.statusCode, intro.body).toBe(201);
    const paid = await booked(110);
    const day = new Date(Date.now() + 6 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });
    const workshop = await post(
      '/api/me/workshops',
      {
        title: 'Console refunds workshop',
        description: 'A workshop whose seat the team refunds.',
        topic: 'Job Interview Mastery',
        startsAtLocal: `${day}T10:00`,
        durationMinutes: 60,
        capacity: 3,
        priceCents: 2500,
        minAttendance: null,
        publish: true,
      },
      {},
      expert.cookie,
    );
    expect(workshop.statusCode, workshop.body).toBe(201);
    const seat = await post(`/api/workshops/${workshop.json().id}/seats`, { card: visa }, { 'idempotency-key': randomUUID() }, client.cookie);
    expect(seat.statusCode, seat.body).toBe(201);
    const ids = { intro: intro.json().session.id as string, paid, workshop: seat.json().session.id as string };

    const list = await get('/api/admin/sessions?q=morgan&pageSize=100');
    expect(list.statusCode, list.body).toBe(200);
    const kinds = Object.fromEntries(list.json().items.map((s: { id: string; kind: string }) => [s.id, s.kind]));
    expect([kinds[ids.intro], kinds[ids.paid], kinds[ids.workshop]]).toEqual(['intro', 'paid', 'workshop']);
    for (const id of Object.values(ids)) expect((await get(`/api/admin/sessions/${id}`)).statusCode).toBe(200);

    const refund = (id: string, refundCents: number) => post(`/api/admin/sessions/${id}/refund`, { refundCents, reason: 'Goodwill from the team' });
    const seatRefund = await refund(ids.workshop, 2500);
    expect(seatRefund.statusCode, seatRefund.body).toBe(200);
    expect(seatRefund.json()).toMatchObject({ kind: 'workshop', refundableCents: 0, payment: { status: 'refunded', refundedCents: 2500 } });
    const paidRefund = await refund(ids.paid, 10000);
    expect(paidRefund.statusCode, paidRefund.body).toBe(200);
    expect(paidRefund.json()).toMatchObject({ kind: 'paid', payment: { status: 'refunded', refundedCents: 10000 } });
    // A free intro holds no money: nothing to refund.
    const introRefund = await refund(ids.intro, 1);
    expect(introRefund.statusCode).toBe(409);
    expect(introRefund.json().error.message).toBe(messages.admin.nothingHeld);
  });

  it('refuses to refund a disputed session (the dispute is decided instead)', async () => {
    const id = await booked(60);
    await shift(ctx, id, -70);
    expect((await post(`/api/sessions/${id}/dispute`, { description: 'The expert never joined the call.' }, {}, client.cookie)).statusCode).toBe(200);
    const res = await post(`/api/admin/sessions/${id}/refund`, { refundCents: 100, reason: 'Goodwill' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(messages.admin.refundDisputed);
    expect((await get(`/api/admin/sessions/${id}`)).json().refundableCents).toBe(0);
  });

  it('hides an expert from the catalogue at once without touching their sessions, and publishes them again; the expert is e-mailed', async () => {
    const id = await booked(80);
    for (let i = 0; i < 2; i++) expect((await get('/api/experts/money-expert', '')).statusCode).toBe(200);

    const hide = await post(`/api/admin/experts/${expert.expert.id}/visibility`, { published: false, reason: 'Profile photo is not a photo of the expert' });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json().expert.status).toBe('suspended');
    expect((await get('/api/experts/money-expert', '')).statusCode).toBe(404);
    const [s] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(s!.status).toBe('booked');
    // The expert cannot put it back themselves.
    const self = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/profile-publishing',
      headers: { ...json, cookie: expert.cookie },
      payload: { published: true },
    });
    expect(self.statusCode).toBe(409);
    expect((await post(`/api/admin/experts/${expert.expert.id}/visibility`, { published: false, reason: 'Again' })).statusCode).toBe(409);

    const show = await post(`/api/admin/experts/${expert.expert.id}/visibility`, { published: true, reason: 'New photo checked' });
    expect(show.statusCode, show.body).toBe(200);
    expect((await get('/api/experts/money-expert', '')).statusCode).toBe(200);
    const subjects = (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'money-expert@example.com'))).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Your Mentora profile is hidden', 'Your Mentora profile is public again']));
  });
});
