import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgError } from '../../src/server/db/errors.js';
import { paymentEvents, payments, workshops, workshopWaitlist } from '../../src/server/db/schema.js';
import { simulatedProvider } from '../../src/server/infra/payments/simulated.js';
import { sessionDeps } from '../../src/server/modules/sessions/deps.js';
import { closeStartedWaitlists } from '../../src/server/modules/workshops/use-cases/close-started-waitlists.js';
import { expireWaitlistOffers } from '../../src/server/modules/workshops/use-cases/expire-waitlist-offers.js';
import { waitlistOfferHours, workshopMessages } from '../../src/shared/workshops.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { waitForEmails } from '../helpers/outbox.js';
import { createExpert, shift, visa } from '../helpers/marketplace.js';

/**
 * The workshop waitlist through the API on a real database (docs/product.md "Workshops"): joining a full workshop,
 * the offer of a freed seat for 2 hours, claiming it, its expiry passing it on (once across servers), closing on
 * cancellation, and the expert's money per workshop from the ledger (10% commission here).
 */
describe('workshop waitlist', () => {
  let ctx: TestContext;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  const json = { origin, 'content-type': 'application/json' };
  let n = 0;
  const hour = 3_600_000;

  const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });
  const person = (name: string) =>
    createUser(ctx, { email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`, firstName: name, lastName: 'Waiter' });
  /** A published workshop of `capacity` seats at $20.00, `days` ahead; its id. */
  const workshop = async (days: number, capacity = 2, o: object = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/workshops',
      headers: { ...json, cookie: expert.cookie },
      payload: {
        title: `Salary lab ${++n}`,
        description: 'Practice rounds.',
        topic: 'Job Interview Mastery',
        startsAtLocal: `${dayIn(days)}T10:00`,
        durationMinutes: 60,
        capacity,
        priceCents: 2000,
        minAttendance: null,
        publish: true,
        ...o,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; title: string };
  };
  const call = (method: 'GET' | 'POST' | 'DELETE', cookie: string | undefined, url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: `127.8.${Math.floor(++n / 250) % 250}.${(n % 250) + 1}`,
      headers: { ...(payload ? json : { origin }), ...(cookie ? { cookie } : {}), 'idempotency-key': randomUUID() },
      ...(payload ? { payload } : {}),
    });
  const seat = (cookie: string, id: string) => call('POST', cookie, `/api/workshops/${id}/seats`, { card: visa });
  const join = (cookie: string | undefined, id: string) => call('POST', cookie, `/api/workshops/${id}/waitlist`);
  const leave = (cookie: string, id: string) => call('DELETE', cookie, `/api/workshops/${id}/waitlist`);
  const state = async (cookie: string, id: string) => (await call('GET', cookie, `/api/workshops/${id}/waitlist`)).json();
  const cancelSeat = (cookie: string, sessionId: string) => call('POST', cookie, `/api/sessions/${sessionId}/cancel`, { reason: 'A clash at work' });
  const row = async (id: string) => (await ctx.database.db.select().from(workshops).where(eq(workshops.id, id)))[0]!;
  const mine = async (id: string) =>
    ((await call('GET', expert.cookie, '/api/me/workshops')).json().workshops as { id: string }[]).find((w) => w.id === id) as Record<string, unknown>;
  /** A full workshop: two attendees with seats (their seat ids) and `waiting` clients in line, in order. */
  const fullWithLine = async (days: number, waiting: number) => {
    const w = await workshop(days);
    const attendees = [await person('Ada'), await person('Ben')];
    const seats: string[] = [];
    for (const a of attendees) {
      const res = await seat(a.cookie, w.id);
      expect(res.statusCode, res.body).toBe(201);
      seats.push(res.json().session.id);
    }
    const line = [];
    for (let i = 0; i < waiting; i++) {
      const c = await person(`Wai${i}`);
      expect((await join(c.cookie, w.id)).statusCode).toBe(201);
      line.push(c);
    }
    return { w, attendees, seats, line };
  };

  beforeAll(async () => {
    ctx = await createTestApp({ PLATFORM_FEE_PERCENT: '10' });
    expert = await createExpert(ctx, { email: 'waitlist-expert@example.com', policy: 'moderate' });
  });
  afterAll(() => ctx.close());

  it('only a full workshop takes a line: joining, position, leaving, and every refusal in product words', async () => {
    const w = await workshop(6);
    const [a, b, c, d] = [await person('Ana'), await person('Bo'), await person('Cy'), await person('Di')];
    // Not full yet: book instead.
    const early = await join(c.cookie, w.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(workshopMessages.notFull);
    expect((await seat(a.cookie, w.id)).statusCode).toBe(201);
    expect((await seat(b.cookie, w.id)).statusCode).toBe(201);

    expect((await join(undefined, w.id)).statusCode).toBe(401);
    const asExpert = await join(expert.cookie, w.id);
    expect(asExpert.statusCode).toBe(403);
    expect(asExpert.json().error.message).toBe(workshopMessages.onlyClientsWait);
    const holder = await join(a.cookie, w.id);
    expect(holder.statusCode).toBe(409);
    expect(holder.json().error.message).toBe(workshopMessages.alreadyBooked);
    expect((await join(c.cookie, randomUUID())).statusCode).toBe(404);

    const first = await join(c.cookie, w.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ status: 'waiting', position: 1, offerExpiresAt: null, waiting: 1 });
    expect((await join(d.cookie, w.id)).json()).toMatchObject({ status: 'waiting', position: 2, waiting: 2 });
    const again = await join(c.cookie, w.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(workshopMessages.alreadyWaiting);
    expect(await state(a.cookie, w.id)).toEqual({ status: 'none', position: null, offerExpiresAt: null, waiting: 2 });

    // The first leaves: the second moves up; leaving twice is refused; joining again goes to the end.
    expect((await leave(c.cookie, w.id)).json()).toMatchObject({ status: 'none', waiting: 1 });
    expect(await state(d.cookie, w.id)).toMatchObject({ status: 'waiting', position: 1 });
    const twice = await leave(c.cookie, w.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(workshopMessages.notWaiting);
    expect((await join(c.cookie, w.id)).json()).toMatchObject({ status: 'waiting', position: 2, waiting: 2 });
    // The expert's list counts who waits.
    expect(await mine(w.id)).toMatchObject({ seatsSold: 2, seatsOffered: 0, waiting: 2, seatsLeft: 0 });
    // Past the API: one place per client while waiting.
    const direct = await ctx.database.db
      .insert(workshopWaitlist)
      .values({ workshopId: w.id, clientId: d.id })
      .then(
        () => ({}),
        (err: unknown) => pgError(err),
      );
    expect(direct).toMatchObject({ code: '23505', constraint: 'workshop_waitlist_one_per_client' });
  });

  it('an attendee cancels: refunded by the stored policy, the seat offered to the first in line for 2 hours with an e-mail, kept from everyone else, claimed by booking', async () => {
    const { w, attendees, seats, line } = await fullWithLine(7, 2);
    const before = Date.now();
    expect((await cancelSeat(attendees[0]!.cookie, seats[0]!)).statusCode).toBe(200);
    // Moderate policy, more than 24 hours ahead: a full refund.
    const [refunded] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, seats[0]!));
    expect(refunded).toMatchObject({ status: 'refunded', refundedCents: 2000 });

    const offer = await state(line[0]!.cookie, w.id);
    expect(offer.status).toBe('offered');
    // The client's own list of places shows the offer; the next client's shows their position.
    const places = (await call('GET', line[0]!.cookie, '/api/me/waitlist')).json().places;
    expect(places).toEqual([{ workshop: expect.objectContaining({ id: w.id, title: w.title, seatsLeft: 0 }), place: offer }]);
    expect((await call('GET', line[1]!.cookie, '/api/me/waitlist')).json().places[0].place).toMatchObject({ status: 'waiting', position: 1 });
    const deadline = Date.parse(offer.offerExpiresAt);
    expect(deadline).toBeGreaterThanOrEqual(before + waitlistOfferHours * hour - 1000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + waitlistOfferHours * hour);
    expect(await state(line[1]!.cookie, w.id)).toMatchObject({ status: 'waiting', position: 1 });
    const [mail] = (await waitForEmails(ctx, line[0]!.email, 1)).filter((m) => m.subject === `A seat is free in ${w.title}`);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(`Claim your seat: ${ctx.config.baseUrl}/workshops/${w.id}`);

    // The seat is held for them: the page shows none left, and a newcomer is told it is full.
    expect((await call('GET', undefined, `/api/workshops/${w.id}`)).json().seatsLeft).toBe(0);
    const newcomer = await person('New');
    const taken = await seat(newcomer.cookie, w.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(workshopMessages.full);
    // Past the API the database refuses it too: sold + offered never pass the capacity.
    const [r] = await ctx.database.db.select().from(workshops).where(eq(workshops.id, w.id));
    const over = await ctx.database.db
      .update(workshops)
      .set({ seatsSold: r!.seatsSold + 1 })
      .where(eq(workshops.id, w.id))
      .then(
        () => ({}),
        (err: unknown) => pgError(err),
      );
    expect(over).toMatchObject({ code: '23514', constraint: 'workshops_seats_check' });

    // Claiming is booking the seat, with the normal payment path.
    const claimed = await seat(line[0]!.cookie, w.id);
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json().session).toMatchObject({ workshopId: w.id, totalAmountCents: 2000, payment: { status: 'held' } });
    expect(await row(w.id)).toMatchObject({ seatsSold: 2, seatsOffered: 0 });
    expect(await state(line[0]!.cookie, w.id)).toMatchObject({ status: 'none', waiting: 1 });
    expect(await state(line[1]!.cookie, w.id)).toMatchObject({ status: 'waiting', position: 1 });
  });

  it('an unclaimed offer expires after 2 hours and passes to the next client — once, however many servers run the job', async () => {
    const { w, attendees, seats, line } = await fullWithLine(8, 2);
    expect((await cancelSeat(attendees[1]!.cookie, seats[1]!)).statusCode).toBe(200);
    const deps = sessionDeps(ctx.config, ctx.database.db, simulatedProvider());
    // Within the 2 hours nothing expires.
    expect(await expireWaitlistOffers(deps, new Date(Date.now() + hour))).toBe(0);
    expect(await state(line[0]!.cookie, w.id)).toMatchObject({ status: 'offered' });

    // The offer's deadline passes before any job ran: claiming is refused in words, and the seat stays held.
    await ctx.database.db
      .update(workshopWaitlist)
      .set({ offeredAt: sql`now() - interval '3 hours'`, offerExpiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(workshopWaitlist.workshopId, w.id), eq(workshopWaitlist.status, 'offered')));
    const late = await seat(line[0]!.cookie, w.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(workshopMessages.offerExpired);

    // Two servers run the job at once: the offer expires once and the next client gets it once.
    const runs = await Promise.all([expireWaitlistOffers(deps), expireWaitlistOffers(deps)]);
    expect(runs.reduce((x, y) => x + y, 0)).toBe(2);
    expect(await state(line[0]!.cookie, w.id)).toMatchObject({ status: 'none' });
    expect(await state(line[1]!.cookie, w.id)).toMatchObject({ status: 'offered' });
    expect(await row(w.id)).toMatchObject({ seatsSold: 1, seatsOffered: 1 });
    const expired = await waitForEmails(ctx, line[0]!.email, 2);
    expect(expired.filter((m) => m.subject === `Your seat offer for ${w.title} has expired`)).toHaveLength(1);
    expect((await waitForEmails(ctx, line[1]!.email, 1)).filter((m) => m.subject === `A seat is free in ${w.title}`)).toHaveLength(1);
    expect(await expireWaitlistOffers(deps)).toBe(0);
    // The first client may book no more; the second declines, and nobody else waits: the seat is free for anyone.
    expect((await seat(line[0]!.cookie, w.id)).json().error.message).toBe(workshopMessages.full);
    expect((await leave(line[1]!.cookie, w.id)).statusCode).toBe(200);
    expect(await row(w.id)).toMatchObject({ seatsSold: 1, seatsOffered: 0 });
    expect((await seat(line[0]!.cookie, w.id)).statusCode).toBe(201);
  });

  it('a larger capacity offers the new seats at once, an earlier start ends the offer no later; the expert cancelling closes the line and tells everyone waiting', async () => {
    const { w, line } = await fullWithLine(9, 3);
    const grown = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/me/workshops/${w.id}`,
      headers: { ...json, cookie: expert.cookie },
      payload: { capacity: 3 },
    });
    expect(grown.json()).toMatchObject({ capacity: 3, seatsSold: 2, seatsOffered: 1, seatsLeft: 0, waiting: 2 });
    expect(await state(line[0]!.cookie, w.id)).toMatchObject({ status: 'offered' });
    // Moved to start within the offer's 2 hours, the offer ends at the new start: never past it.
    const soon = new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000);
    const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Vancouver', dateStyle: 'short', timeStyle: 'short' }).format(soon).replace(' ', 'T');
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/me/workshops/${w.id}`,
      headers: { ...json, cookie: expert.cookie },
      payload: { startsAtLocal: local },
    });
    expect(moved.json().startsAt).toBe(soon.toISOString());
    expect(await state(line[0]!.cookie, w.id)).toMatchObject({ status: 'offered', offerExpiresAt: soon.toISOString() });

    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/me/workshops/${w.id}/cancel`,
      headers: { ...json, cookie: expert.cookie },
      payload: { reason: 'I have to travel' },
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', seatsSold: 0, seatsOffered: 0, waiting: 0 });
    for (const c of line) {
      expect(await state(c.cookie, w.id)).toMatchObject({ status: 'none', waiting: 0 });
      const mails = await waitForEmails(ctx, c.email, 1);
      const closed = mails.filter((m) => m.subject === `Workshop cancelled: ${w.title}`);
      expect(closed).toHaveLength(1);
      expect(closed[0]!.text).toContain('Reason: I have to travel');
    }
    expect((await join(line[0]!.cookie, w.id)).json().error.message).toBe(workshopMessages.notOpen);
  });

  it('the line of a workshop that has started ends: its waiting clients leave it, once, and later workshops keep theirs', async () => {
    const soon = await fullWithLine(3, 2);
    const later = await fullWithLine(5, 1);
    const waitingIn = async (id: string) =>
      (await ctx.database.db.select({ status: workshopWaitlist.status }).from(workshopWaitlist).where(eq(workshopWaitlist.workshopId, id))).map(
        (r) => r.status,
      );
    // Not yet started: nothing ends.
    expect(await closeStartedWaitlists(ctx.database.db)).toBe(0);
    // A run once the first workshop has begun (its 10:00 three days ahead, in Vancouver, is before four days from now).
    const atStart = new Date(Date.now() + 4 * 86_400_000);
    const runs = await Promise.all([closeStartedWaitlists(ctx.database.db, atStart), closeStartedWaitlists(ctx.database.db, atStart)]);
    expect(runs.reduce((x, y) => x + y, 0)).toBe(2);
    expect(await waitingIn(soon.w.id)).toEqual(['closed', 'closed']);
    expect(await waitingIn(later.w.id)).toEqual(['waiting']);
    expect(await state(soon.line[0]!.cookie, soon.w.id)).toMatchObject({ status: 'none', waiting: 0 });
    expect(await mine(soon.w.id)).toMatchObject({ waiting: 0 });
    expect(await mine(later.w.id)).toMatchObject({ waiting: 1 });
  });

  it("the expert's list shows each workshop's money from the ledger: held net of the commission, refunds, and what was released", async () => {
    const { w, attendees, seats, line } = await fullWithLine(10, 1);
    // Two seats of $20.00 held, 10% commission frozen on each: $36.00 will be the expert's.
    expect(await mine(w.id)).toMatchObject({ heldCents: 3600, earnedCents: 0, refundedCents: 0 });
    // The first attendee cancels (full refund); the waiting client claims the seat.
    expect((await cancelSeat(attendees[0]!.cookie, seats[0]!)).statusCode).toBe(200);
    expect((await seat(line[0]!.cookie, w.id)).statusCode).toBe(201);
    // The second seat takes place and is confirmed: $18.00 released to the expert (a release event, net).
    await shift(ctx, seats[1]!, -24 * 20);
    expect((await call('POST', attendees[1]!.cookie, `/api/sessions/${seats[1]}/confirm`, {})).statusCode).toBe(200);
    const money = await mine(w.id);
    expect(money).toMatchObject({ earnedCents: 1800, heldCents: 1800, refundedCents: 2000, seatsSold: 2 });
    // The sums are the ledger's own events for the workshop's seats.
    const [ledger] = await ctx.database.db
      .select({ released: sql<number>`sum(${paymentEvents.amountCents}) filter (where ${paymentEvents.type} = 'release')::int` })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(sql`${payments.sessionId} in (select id from sessions where workshop_id = ${w.id})`);
    expect(ledger!.released).toBe(1800);
  });
});
