import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertBusy, paymentEvents, payments, sessions, workshops } from '../../src/server/db/schema.js';
import { pgError } from '../../src/server/db/errors.js';
import { messages } from '../../src/shared/messages.js';
import { workshopMessages } from '../../src/shared/workshops.js';
import { seedDemo } from '../../src/server/demo/seed.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { waitForEmails } from '../helpers/outbox.js';
import { book, createExpert, excellentFeedback, shift, visa } from '../helpers/marketplace.js';
import { simulatedProvider } from '../../src/server/infra/payments/simulated.js';
import { sessionDeps } from '../../src/server/modules/sessions/deps.js';
import { cancelUnderAttendedWorkshops } from '../../src/server/modules/workshops/use-cases/cancel-under-attended-workshops.js';

/** Group workshops through the API on a real database (docs/product.md "Workshops"). */
describe('workshops', () => {
  let ctx: TestContext;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let client: Awaited<ReturnType<typeof createUser>>;
  const json = { origin, 'content-type': 'application/json' };
  let addresses = 0;

  /** The expert's date `days` from today (in Vancouver, the expert's zone) as YYYY-MM-DD. */
  const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });
  /** The wall clock in Vancouver at the ISO instant `iso`, 'YYYY-MM-DD HH:mm'. */
  const vancouver = (iso: string) =>
    new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Vancouver', dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

  const create = (cookie: string, body: object) => ctx.app.inject({ method: 'POST', url: '/api/me/workshops', headers: { ...json, cookie }, payload: body });
  const patch = (cookie: string, id: string, body: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/me/workshops/${id}`, headers: { ...json, cookie }, payload: body });
  const valid = (o: object = {}) => ({
    title: 'Negotiating your first offer',
    description: 'How to answer an offer, with practice rounds.',
    topic: 'Job Interview Mastery',
    startsAtLocal: `${dayIn(5)}T10:00`,
    durationMinutes: 90,
    capacity: 3,
    priceCents: 1500,
    minAttendance: null,
    publish: true,
    ...o,
  });
  const bookSeat = (cookie: string, id: string, body: object = { card: visa }, key = randomUUID()) => {
    const n = ++addresses;
    return ctx.app.inject({
      method: 'POST',
      url: `/api/workshops/${id}/seats`,
      remoteAddress: `127.9.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
      headers: { ...json, cookie, 'idempotency-key': key },
      payload: body,
    });
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    expert = await createExpert(ctx, { email: 'workshop-expert@example.com', policy: 'moderate' });
    client = await createUser(ctx, { email: 'workshop-client@example.com', firstName: 'Wren', lastName: 'Client' });
  });
  afterAll(() => ctx.close());

  it('an expert publishes a workshop typed in their own zone, stored in UTC, listed and shown publicly', async () => {
    const res = await create(expert.cookie, valid());
    expect(res.statusCode).toBe(201);
    const w = res.json();
    expect(w).toMatchObject({ status: 'published', capacity: 3, seatsLeft: 3, seatsSold: 0, priceCents: 1500, durationMinutes: 90 });
    expect(vancouver(w.startsAt)).toBe(`${dayIn(5)} 10:00`);
    expect(Date.parse(w.endsAt) - Date.parse(w.startsAt)).toBe(90 * 60_000);

    const list = await ctx.app.inject('/api/workshops?topic=Job%20Interview%20Mastery');
    expect(list.json().workshops.map((x: { id: string }) => x.id)).toContain(w.id);
    const page = await ctx.app.inject(`/api/workshops/${w.id}`);
    expect(page.json()).toMatchObject({ id: w.id, title: 'Negotiating your first offer', seatsLeft: 3, expert: { name: 'Erin Expert' } });
  });

  it('refuses bad workshops in product words and writes nothing', async () => {
    const before = (await ctx.database.db.select().from(workshops)).length;
    const cases: [object, string][] = [
      [{ durationMinutes: 20 }, workshopMessages.duration],
      [{ durationMinutes: 181 }, workshopMessages.duration],
      [{ capacity: 1 }, workshopMessages.capacity],
      [{ capacity: 51 }, workshopMessages.capacity],
      [{ priceCents: 10_001 }, workshopMessages.price],
      [{ priceCents: 12.5 }, workshopMessages.price],
      [{ topic: 'Underwater basket weaving' }, workshopMessages.topic],
      [{ title: '  ' }, workshopMessages.title],
      [{ minAttendance: 4, capacity: 3 }, workshopMessages.minAttendance],
      [{ startsAtLocal: `${dayIn(-1)}T10:00` }, workshopMessages.future],
    ];
    for (const [change, message] of cases) {
      const res = await create(expert.cookie, valid(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await ctx.database.db.select().from(workshops)).length).toBe(before);
    // Only experts run workshops.
    const asClient = await create(client.cookie, valid());
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json().error.message).toBe(workshopMessages.onlyExperts);
  });

  it('a draft is private until published', async () => {
    const draft = (await create(expert.cookie, valid({ publish: false, startsAtLocal: `${dayIn(6)}T08:00` }))).json();
    expect(draft.status).toBe('draft');
    expect((await ctx.app.inject(`/api/workshops/${draft.id}`)).statusCode).toBe(404);
    expect((await bookSeat(client.cookie, draft.id)).statusCode).toBe(404);
    const published = await ctx.app.inject({ method: 'POST', url: `/api/me/workshops/${draft.id}/publish`, headers: { origin, cookie: expert.cookie } });
    expect(published.json().status).toBe('published');
    expect((await ctx.app.inject(`/api/workshops/${draft.id}`)).statusCode).toBe(200);
  });

  it('one guard keeps workshops and one-to-one sessions of an expert apart, in the API, the slots and the database', async () => {
    // A session booked 7 days ahead at 18:00–19:00 UTC; a workshop over it is refused.
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const booked = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: `${day}T18:00:00.000Z` });
    expect(booked.statusCode).toBe(201);
    const local = vancouver(`${day}T18:30:00.000Z`).replace(' ', 'T');
    const over = await create(expert.cookie, valid({ startsAtLocal: local, durationMinutes: 30 }));
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(workshopMessages.expertClash);

    // A workshop at 20:00–21:00 UTC: the 1:1 slots of that hour are gone at once (a kept slot answer is dropped:
    // run with TEST_CACHE=production), and a session over it is refused.
    const slotsOf = async () =>
      new Set(
        ((await ctx.app.inject(`/api/experts/${expert.expert.id}/slots?date=${day}&duration=30&tz=UTC`)).json().slots as string[]).map((s) =>
          new Date(s).toISOString(),
        ),
      );
    expect((await slotsOf()).has(`${day}T20:00:00.000Z`)).toBe(true);
    const at20 = vancouver(`${day}T20:00:00.000Z`).replace(' ', 'T');
    const w = await create(expert.cookie, valid({ startsAtLocal: at20, durationMinutes: 60 }));
    expect(w.statusCode).toBe(201);
    const times = await slotsOf();
    expect(times.has(`${day}T19:30:00.000Z`)).toBe(true);
    expect(times.has(`${day}T20:00:00.000Z`)).toBe(false);
    expect(times.has(`${day}T20:30:00.000Z`)).toBe(false);
    expect(times.has(`${day}T21:00:00.000Z`)).toBe(true);
    const clash = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: `${day}T20:30:00.000Z`, durationMinutes: 30 });
    expect(clash.statusCode).toBe(409);

    // Past the API: a session written straight into the database over the workshop is refused by the shared guard.
    const direct = await ctx.database.db
      .execute(
        sql`insert into sessions (client_id, expert_id, expert_name, client_name, starts_at, ends_at, duration_minutes, topic, hourly_rate_cents,
          total_amount_cents, meeting_url, idempotency_key, cancellation_policy)
        values (${client.id}, ${expert.expert.id}, 'Erin Expert', 'Wren Client', ${`${day}T20:15:00Z`}, ${`${day}T20:45:00Z`}, 30, 'x', 9000, 4500, 'https://m', 'direct-over-workshop', 'moderate')`,
      )
      .then(
        () => ({}),
        (err: unknown) => pgError(err),
      );
    expect(direct).toEqual({ code: '23P01', constraint: 'expert_busy_no_overlap' });
    // Moving the workshop onto the session is refused too; its busy row stays where it was.
    const moved = await patch(expert.cookie, w.json().id, { startsAtLocal: local });
    expect(moved.statusCode).toBe(409);
    const [busy] = await ctx.database.db.select().from(expertBusy).where(eq(expertBusy.workshopId, w.json().id));
    expect(busy).toBeDefined();
  });

  it('books seats with the session payment path: card held, ledger, e-mail with invite; one seat per client; capacity never exceeded', async () => {
    const w = (await create(expert.cookie, valid({ startsAtLocal: `${dayIn(9)}T09:00`, capacity: 2 }))).json();
    const res = await bookSeat(client.cookie, w.id);
    expect(res.statusCode).toBe(201);
    const seat = res.json().session;
    expect(seat).toMatchObject({ kind: 'workshop', workshopId: w.id, totalAmountCents: 1500, cancellationPolicy: 'moderate', payment: { status: 'held' } });
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, seat.id));
    const ledger = await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment!.id));
    expect(ledger.map((e) => [e.type, e.amountCents])).toEqual([['hold', 1500]]);
    const mails = await waitForEmails(ctx, client.email, 1);
    expect(mails.some((m) => JSON.stringify(m.attachments ?? '').includes('METHOD:REQUEST'))).toBe(true);

    const again = await bookSeat(client.cookie, w.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(workshopMessages.alreadyBooked);

    const second = await createUser(ctx, { email: 'seat-2@example.com', firstName: 'Sam', lastName: 'Second' });
    const third = await createUser(ctx, { email: 'seat-3@example.com', firstName: 'Tia', lastName: 'Third' });
    expect((await bookSeat(second.cookie, w.id)).statusCode).toBe(201);
    const full = await bookSeat(third.cookie, w.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(workshopMessages.full);
    expect((await ctx.app.inject(`/api/workshops/${w.id}`)).json().seatsLeft).toBe(0);
    // Nothing held for the refused seat.
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.clientId, third.id))).toEqual([]);

    // With seats sold, the capacity never drops below them; a new price is for the seats booked from then on.
    const below = await patch(expert.cookie, w.id, { capacity: 2, title: 'Offers' });
    expect(below.statusCode).toBe(200);
    expect(below.json()).toMatchObject({ capacity: 2, title: 'Offers' });
    const grown = await patch(expert.cookie, w.id, { capacity: 3, priceCents: 900 });
    expect(grown.json()).toMatchObject({ capacity: 3, seatsLeft: 1, seatsSold: 2, title: 'Offers', priceCents: 900 });
    const thirdSeat = await bookSeat(third.cookie, w.id);
    expect(thirdSeat.statusCode).toBe(201);
    expect(thirdSeat.json().session.totalAmountCents).toBe(900);
    const [kept] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, seat.id));
    expect(kept!.totalAmountCents).toBe(1500);
    const toTwo = await patch(expert.cookie, w.id, { capacity: 2 });
    expect(toTwo.statusCode).toBe(409);
    expect(toTwo.json().error.message).toBe(workshopMessages.capacityBelowTaken(3));

    // A client's cancellation frees the seat; the refund follows the stored policy.
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/sessions/${seat.id}/cancel`,
      headers: { ...json, cookie: client.cookie },
      payload: { reason: 'Cannot make it' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await ctx.app.inject(`/api/workshops/${w.id}`)).json().seatsLeft).toBe(1);
    const [refunded] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, seat.id));
    expect(refunded).toMatchObject({ status: 'refunded', refundedCents: 1500 });
  });

  it('a free workshop needs no card; a paid one does; the expert cannot book their own', async () => {
    const free = (await create(expert.cookie, valid({ startsAtLocal: `${dayIn(10)}T09:00`, priceCents: 0 }))).json();
    const seat = await bookSeat(client.cookie, free.id, {});
    expect(seat.statusCode).toBe(201);
    expect(seat.json().session).toMatchObject({ totalAmountCents: 0, payment: null });
    const paid = (await create(expert.cookie, valid({ startsAtLocal: `${dayIn(10)}T13:00` }))).json();
    const noCard = await bookSeat(client.cookie, paid.id, {});
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().error.message).toBe(messages.payment.cardRequired);
    const own = await bookSeat(expert.cookie, paid.id);
    expect(own.statusCode).toBe(403);
    // A seat keeps the workshop's time: it is never rescheduled alone.
    const view = (await ctx.app.inject({ url: `/api/sessions/${seat.json().session.id}`, headers: { cookie: client.cookie } })).json();
    expect(view.reschedule).toMatchObject({ allowed: false, reason: messages.reschedule.workshopSeat });
  });

  it('the expert cancels a workshop: every attendee refunded in full with a CANCEL invite, the time free again', async () => {
    const w = (await create(expert.cookie, valid({ startsAtLocal: `${dayIn(11)}T09:00`, capacity: 4 }))).json();
    const attendee = await createUser(ctx, { email: 'cancel-attendee@example.com', firstName: 'Ari', lastName: 'Attendee' });
    const seats = [(await bookSeat(client.cookie, w.id)).json().session.id, (await bookSeat(attendee.cookie, w.id)).json().session.id];
    const cancel = (cookie: string, body: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/me/workshops/${w.id}/cancel`, headers: { ...json, cookie }, payload: body });
    expect((await cancel(client.cookie, { reason: 'x' })).statusCode).toBe(403);
    expect((await cancel(expert.cookie, {})).statusCode).toBe(400);
    const res = await cancel(expert.cookie, { reason: 'I am ill' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', seatsSold: 0 });
    for (const id of seats) {
      const [seat] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, id));
      expect(seat).toMatchObject({ status: 'cancelled', cancelledBy: 'expert' });
      const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, id));
      expect(payment).toMatchObject({ status: 'refunded', refundedCents: 1500 });
      const ledger = await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment!.id));
      expect(ledger.map((e) => [e.type, e.amountCents]).sort()).toEqual([
        ['hold', 1500],
        ['refund', 1500],
      ]);
    }
    const mails = await waitForEmails(ctx, attendee.email, 3);
    expect(mails.some((m) => JSON.stringify(m.attachments ?? '').includes('METHOD:CANCEL'))).toBe(true);
    expect((await ctx.database.db.select().from(expertBusy).where(eq(expertBusy.workshopId, w.id))).length).toBe(0);
    expect((await bookSeat(attendee.cookie, w.id)).json().error.message).toBe(workshopMessages.notOpen);
    expect((await cancel(expert.cookie, { reason: 'again' })).statusCode).toBe(409);
  });

  it('a workshop under its minimum attendance 24 hours before the start is cancelled once, with full refunds, however many servers run the job', async () => {
    // Starts in about 30 hours: 3 seats needed, 1 sold.
    const startsAt = new Date(Math.ceil((Date.now() + 30 * 3_600_000) / 3_600_000) * 3_600_000);
    const w = (
      await create(expert.cookie, valid({ startsAtLocal: vancouver(startsAt.toISOString()).replace(' ', 'T'), capacity: 5, minAttendance: 3 }))
    ).json();
    const attendee = await createUser(ctx, { email: 'minimum-attendee@example.com', firstName: 'Mo', lastName: 'Minimum' });
    const seatId = (await bookSeat(attendee.cookie, w.id)).json().session.id;
    const deps = sessionDeps(ctx.config, ctx.database.db, simulatedProvider());
    // More than 24 hours ahead: not yet.
    expect(await cancelUnderAttendedWorkshops(deps)).toBe(0);
    // 23 hours before the start, two servers run the job at once: one cancels it.
    const at = new Date(startsAt.getTime() - 23 * 3_600_000);
    const runs = await Promise.all([cancelUnderAttendedWorkshops(deps, at), cancelUnderAttendedWorkshops(deps, at)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await ctx.app.inject(`/api/workshops/${w.id}`)).json().status).toBe('cancelled');
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, seatId));
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 1500 });
    const refunds = (await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment!.id))).filter((e) => e.type === 'refund');
    expect(refunds).toHaveLength(1);
    const mails = await waitForEmails(ctx, attendee.email, 3);
    expect(mails.filter((m) => JSON.stringify(m.attachments ?? '').includes('METHOD:CANCEL'))).toHaveLength(1);
    expect(await cancelUnderAttendedWorkshops(deps, at)).toBe(0);
  });

  it('a paid seat that took place is rated and counts in the expert’s public rating; a free seat is not rated publicly', async () => {
    const host = await createExpert(ctx, { email: 'rated-host@example.com', slug: 'rated-host' });
    const paid = (await create(host.cookie, valid({ startsAtLocal: `${dayIn(13)}T09:00` }))).json();
    const free = (await create(host.cookie, valid({ startsAtLocal: `${dayIn(13)}T13:00`, priceCents: 0 }))).json();
    const paidSeat = (await bookSeat(client.cookie, paid.id)).json().session.id;
    const freeSeat = (await bookSeat(client.cookie, free.id, {})).json().session.id;
    const post = (url: string, payload: object = {}) => ctx.app.inject({ method: 'POST', url, headers: { ...json, cookie: client.cookie }, payload });
    for (const id of [paidSeat, freeSeat]) {
      await shift(ctx, id, -24 * 20);
      expect((await post(`/api/sessions/${id}/confirm`)).statusCode).toBe(200);
    }
    expect((await post(`/api/sessions/${paidSeat}/feedback`, excellentFeedback)).statusCode).toBe(201);
    const refused = await post(`/api/sessions/${freeSeat}/feedback`, excellentFeedback);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(messages.feedback.introNotRated);
    expect((await ctx.app.inject('/api/experts/rated-host')).json()).toMatchObject({ ratingAvg: 5, reviewCount: 1 });
  });

  it('50 clients racing for the last seats end with exactly the free number of bookings; everyone else is told it is full', async () => {
    const w = (await create(expert.cookie, valid({ startsAtLocal: `${dayIn(12)}T09:00`, capacity: 50, priceCents: 1000 }))).json();
    // 47 seats sold beforehand, straight into the database (the seats' trigger counts them): 3 left.
    await ctx.database.db.update(workshops).set({ seatsSold: 47 }).where(eq(workshops.id, w.id));
    const racers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createUser(ctx, { email: `racer-${i}@example.com`, firstName: 'Racer', lastName: `${i}` })),
    );
    const answers = await Promise.all(racers.map((r) => bookSeat(r.cookie, w.id)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(47);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().error.message).toBe(workshopMessages.full);
    const live = await ctx.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.workshopId, w.id), eq(sessions.status, 'booked')));
    expect(live).toHaveLength(3);
    const [row] = await ctx.database.db.select().from(workshops).where(eq(workshops.id, w.id));
    expect(row!.seatsSold).toBe(50);
    // Every refused racer's card hold was voided: only the three seats hold money.
    const held = await ctx.database.db
      .select()
      .from(payments)
      .where(sql`${payments.sessionId} in (select id from sessions where workshop_id = ${w.id})`);
    expect(held).toHaveLength(3);
    // Past the API, the database refuses a 51st seat.
    const direct = await ctx.database.db
      .execute(
        sql`insert into sessions (client_id, expert_id, expert_name, client_name, starts_at, ends_at, duration_minutes, kind, topic, hourly_rate_cents,
          total_amount_cents, meeting_url, idempotency_key, cancellation_policy, workshop_id)
        select ${client.id}, expert_id, 'Erin Expert', 'Wren Client', starts_at, ends_at, duration_minutes, 'workshop', title, 0, price_cents, meeting_url,
          'direct-51st-seat', 'moderate', id from workshops where id = ${w.id}`,
      )
      .then(
        () => ({}),
        (err: unknown) => pgError(err),
      );
    expect(direct).toEqual({ code: '23514', constraint: 'workshops_seats_check' });
  });

  it('an expert editing a workshop while its attendees cancel: each request answers as if alone, never an error', async () => {
    // The edit locks the workshop and then writes its seats; a cancellation locks its seat and then (the seats' count)
    // the workshop. Without one order for both, PostgreSQL aborts one of two that wait on each other (a deadlock).
    const w = (await create(expert.cookie, valid({ startsAtLocal: `${dayIn(14)}T09:00`, capacity: 12, priceCents: 0 }))).json();
    const attendees = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createUser(ctx, { email: `edit-race-${i}@example.com`, firstName: 'Edit', lastName: `Racer ${i}` })),
    );
    const seats = await Promise.all(attendees.map(async (a) => ({ cookie: a.cookie, id: (await bookSeat(a.cookie, w.id, {})).json().session.id as string })));
    const answers = await Promise.all([
      ...seats.map((seat) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/sessions/${seat.id}/cancel`,
          headers: { ...json, cookie: seat.cookie },
          payload: { reason: 'Plans changed' },
        }),
      ),
      ...seats.map((_, i) => patch(expert.cookie, w.id, { title: `Negotiating, take ${i + 2}` })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const [row] = await ctx.database.db.select().from(workshops).where(eq(workshops.id, w.id));
    expect(row!.seatsSold).toBe(0);
  });
});

describe('demo workshops', () => {
  it('a fresh demo has upcoming workshops by demo experts, one free and one nearly full, whose seats hold money like any seat', async () => {
    const ctx = await createTestApp();
    try {
      expect(await seedDemo(ctx.database.db, ctx.app.auth)).toBe(true);
      const list = (await ctx.app.inject('/api/workshops')).json().workshops as {
        id: string;
        topic: string;
        priceCents: number;
        seatsLeft: number;
        capacity: number;
        expert: { slug: string };
      }[];
      expect(list.length).toBeGreaterThanOrEqual(4);
      // Each host mentors in the workshop's topic.
      for (const w of list) {
        const host = (await ctx.app.inject(`/api/experts/${w.expert.slug}`)).json() as { expertise: string[] };
        expect(host.expertise, w.topic).toContain(w.topic);
      }
      expect(list.some((w) => w.priceCents === 0)).toBe(true);
      const nearlyFull = list.find((w) => w.seatsLeft === 1);
      expect(nearlyFull).toBeDefined();
      const seats = await ctx.database.db.select().from(sessions).where(eq(sessions.workshopId, nearlyFull!.id));
      expect(seats).toHaveLength(nearlyFull!.capacity - 1);
      const held = await ctx.database.db
        .select()
        .from(payments)
        .where(sql`${payments.sessionId} in (select id from sessions where workshop_id = ${nearlyFull!.id})`);
      expect(held.every((p) => p.status === 'held')).toBe(true);
      expect(held).toHaveLength(seats.length);
    } finally {
      await ctx.close();
    }
  });
});
