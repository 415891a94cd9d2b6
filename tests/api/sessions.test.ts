import { sessionDeps } from '../../src/server/modules/sessions/deps.js';
import { count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { disputes, emailOutbox, paymentEvents, payments, privateFeedback, sessions } from '../../src/server/db/schema.js';
import { simulatedProvider } from '../../src/server/infra/payments/simulated.js';
import { autoReleaseDue } from '../../src/server/modules/sessions/use-cases/auto-release-sessions.js';
import { sendDueReminders } from '../../src/server/modules/sessions/use-cases/send-session-reminders.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, shift, slotIn, visa } from '../helpers/marketplace.js';

const json = { origin, 'content-type': 'application/json' };
const excellent = {
  expertiseRating: 'Excellent',
  communicationRating: 'Very Clear',
  punctualityRating: 'On Time',
  valueRating: 'Excellent Value',
  recommendationRating: 'Definitely',
};

describe('sessions', () => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let otherExpert: Awaited<ReturnType<typeof createExpert>>;
  const tally = async () => ({
    sessions: (await ctx.database.db.select({ n: count() }).from(sessions))[0]!.n,
    payments: (await ctx.database.db.select({ n: count() }).from(payments))[0]!.n,
    events: (await ctx.database.db.select({ n: count() }).from(paymentEvents))[0]!.n,
  });
  const post = (url: string, cookie: string, payload: object = {}) => ctx.app.inject({ method: 'POST', url, headers: { ...json, cookie }, payload });

  beforeAll(async () => {
    ctx = await createTestApp();
    client = await createUser(ctx, { email: 'client@example.com', firstName: 'Casey', lastName: 'Client' });
    other = await createUser(ctx, { email: 'other@example.com', firstName: 'Olive', lastName: 'Other' });
    admin = await createUser(ctx, { email: 'admin@example.com', role: 'admin' });
    expert = await createExpert(ctx, { email: 'erin@example.com', rateCents: 9500, policy: 'flexible' });
    otherExpert = await createExpert(ctx, { email: 'omar@example.com', rateCents: 12000, policy: 'strict' });
  });
  afterAll(() => ctx.close());

  describe('booking and payment hold', () => {
    it('books, holds the payment, writes the ledger and e-mails both parties with an invite', async () => {
      const res = await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(30), durationMinutes: 90 });
      expect(res.statusCode).toBe(201);
      const s = res.json().session;
      expect(s).toMatchObject({
        status: 'booked',
        expertName: 'Erin Expert',
        clientName: 'Casey Client',
        durationMinutes: 90,
        hourlyRateCents: 9500,
        totalAmountCents: 14250,
        viewerRole: 'client',
      });
      expect(s.payment).toEqual({
        status: 'held',
        amountCents: 14250,
        refundedCents: 0,
        cardBrand: 'Visa',
        cardLast4: '4242',
        provider: 'simulated',
        receiptNumber: expect.stringMatching(/^MEN-\d{4}-\d{6}$/),
      });
      expect(s.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\/mentora-[A-Za-z0-9]{24}$/);
      const [event] = await ctx.database.db.select().from(paymentEvents);
      expect(event).toMatchObject({ type: 'hold', amountCents: 14250 });
      const all = await ctx.database.db.select().from(emailOutbox);
      expect(all.filter((m) => m.subject.startsWith('Receipt:')).map((m) => m.to)).toEqual(['client@example.com']);
      const mails = all.filter((m) => !m.subject.startsWith('Receipt:'));
      expect(mails.map((m) => m.to).sort()).toEqual(['client@example.com', 'erin@example.com']);
      expect(mails[0]!.attachments?.[0]?.content).toContain('BEGIN:VCALENDAR');
      expect(mails[0]!.text).toContain(s.meetingUrl);
    });

    it('computes the price on the server, whatever the request says', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { ...json, cookie: client.cookie, 'idempotency-key': randomUUID() },
        payload: {
          expertId: expert.expert.id,
          startsAt: slotIn(40),
          durationMinutes: 30,
          topic: 'Pricing',
          card: visa,
          totalAmountCents: 1,
          hourlyRateCents: 1,
          amountCents: 1,
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().session.totalAmountCents).toBe(4750);
      expect(res.json().session.payment.amountCents).toBe(4750);
    });

    it('answers a replayed Idempotency-Key with the first session and writes nothing more', async () => {
      const key = randomUUID();
      const first = await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(50) }, key);
      const before = await tally();
      const again = await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(50) }, key);
      expect(again.statusCode).toBe(200);
      expect(again.json().session.id).toBe(first.json().session.id);
      expect(await tally()).toEqual(before);
    });

    it.each([
      ['4000 0000 0000 0002', 'Your card was declined. Payment failed. Please try again.'],
      ['4000 0000 0000 9995', 'Your card was declined: insufficient funds. Please use another card.'],
    ])('refuses card %s with 402 and writes nothing', async (number, message) => {
      const before = await tally();
      const res = await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(60), card: { ...visa, number } });
      expect(res.statusCode).toBe(402);
      expect(res.json().error.message).toBe(message);
      expect(await tally()).toEqual(before);
    });

    it.each([
      [{ topic: '   ' }, 400, "Please describe what you'd like to discuss"],
      [{ startsAt: 'tomorrow' }, 400, 'Please select a time'],
      [{ startsAt: new Date(Date.now() - 3_600_000).toISOString() }, 400, 'Please select a future date and time'],
      [{ expertId: 'no-such-expert' }, 404, 'Expert not found in system. Please contact support.'],
      [{ durationMinutes: 20 }, 400, 'Duration must be one of 15, 30, 45, 60, 90, 120 minutes'],
      [{ card: { ...visa, cardholderName: '' } }, 400, 'Please enter the cardholder name'],
      [{ card: { ...visa, number: '4242 4242 4242 4241' } }, 400, 'Please enter a valid card number'],
      [{ startsAt: slotIn(1) }, 409, 'This time is not available. Please choose one of the offered times.'],
      [
        { startsAt: new Date(new Date(slotIn(70)).getTime() + 7 * 60_000).toISOString() },
        409,
        'This time is not available. Please choose one of the offered times.',
      ],
    ])('refuses %j with %i and the right words, writing nothing', async (change, status, message) => {
      const before = await tally();
      const res = await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(70), ...change });
      expect(res.statusCode).toBe(status);
      expect(res.json().error.message).toBe(message);
      expect(await tally()).toEqual(before);
    });

    it('needs a signed-in client with an Idempotency-Key', async () => {
      const anonymous = await ctx.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { ...json, 'idempotency-key': randomUUID() },
        payload: { expertId: expert.expert.slug, startsAt: slotIn(80), durationMinutes: 60, topic: 'x', card: visa },
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.message).toBe('Please sign in to book a session');
      const noKey = await ctx.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { ...json, cookie: client.cookie },
        payload: { expertId: expert.expert.slug, startsAt: slotIn(80), durationMinutes: 60, topic: 'x', card: visa },
      });
      expect(noKey.statusCode).toBe(400);
      const asExpert = await book(ctx, otherExpert.cookie, { expertId: expert.expert.slug, startsAt: slotIn(80) });
      expect(asExpert.statusCode).toBe(403);
    });

    it('refuses a client double booking across experts and frees a slot once cancelled', async () => {
      const at = slotIn(90);
      expect((await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: at })).statusCode).toBe(201);
      const clash = await book(ctx, client.cookie, { expertId: otherExpert.expert.slug, startsAt: slotIn(90, 30) });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error.message).toBe('You already have a session at this time. Please choose a different time.');
    });

    it('offers the free 15-minute intro once per client and expert, with no payment', async () => {
      const intro = await book(ctx, other.cookie, { expertId: expert.expert.slug, startsAt: slotIn(100), durationMinutes: 15, kind: 'intro', card: undefined });
      expect(intro.statusCode).toBe(201);
      expect(intro.json().session).toMatchObject({ kind: 'intro', totalAmountCents: 0, payment: null });
      const second = await book(ctx, other.cookie, {
        expertId: expert.expert.slug,
        startsAt: slotIn(110),
        durationMinutes: 15,
        kind: 'intro',
        card: undefined,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().error.message).toBe('You have already had your free introductory meeting with this expert.');
      const long = await book(ctx, other.cookie, {
        expertId: otherExpert.expert.slug,
        startsAt: slotIn(120),
        durationMinutes: 60,
        kind: 'intro',
        card: undefined,
      });
      expect(long.statusCode).toBe(400);
    });

    it('takes booked times out of the offered slots', async () => {
      // Noon UTC six days ahead, so the hour after the booking is on the same UTC date whatever the clock says.
      const noon = new Date();
      noon.setUTCDate(noon.getUTCDate() + 6);
      noon.setUTCHours(12, 0, 0, 0);
      const at = noon.toISOString();
      await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: at, durationMinutes: 60 });
      const date = at.slice(0, 10);
      const res = await ctx.app.inject(`/api/experts/${expert.expert.slug}/slots?date=${date}&duration=30&tz=UTC`);
      const slots: string[] = res.json().slots;
      const start = new Date(at).getTime();
      expect(slots.some((s) => new Date(s).getTime() === start)).toBe(false);
      expect(slots.some((s) => new Date(s).getTime() === start + 45 * 60_000)).toBe(false);
      expect(slots.some((s) => new Date(s).getTime() === start + 60 * 60_000)).toBe(true);
    });
  });

  describe('race', () => {
    it('20 clients booking overlapping times with one expert: exactly one session and one held payment, 19 × 409', async () => {
      const racers = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser(ctx, { email: `racer${i}@example.com` })));
      const racedExpert = await createExpert(ctx, { email: 'raced@example.com' });
      const before = await tally();
      const base = slotIn(200);
      const results = await Promise.all(
        racers.map((r, i) =>
          book(ctx, r.cookie, {
            expertId: racedExpert.expert.slug,
            startsAt: new Date(new Date(base).getTime() + (i % 4) * 15 * 60_000).toISOString(),
            durationMinutes: 60,
          }),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const after = await tally();
      expect(after.sessions - before.sessions).toBe(1);
      expect(after.payments - before.payments).toBe(1);
      expect(after.events - before.events).toBe(1);
    });
  });

  describe('visibility', () => {
    let id: string;
    beforeAll(async () => {
      id = (await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(300) })).json().session.id;
    });

    it('shows a session to its client and its expert only', async () => {
      const asClient = await ctx.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: client.cookie } });
      expect(asClient.json().viewerRole).toBe('client');
      const asExpert = await ctx.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: expert.cookie } });
      expect(asExpert.json().viewerRole).toBe('expert');
      for (const cookie of [other.cookie, otherExpert.cookie, admin.cookie]) {
        const res = await ctx.app.inject({ url: `/api/sessions/${id}`, headers: { cookie } });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe("You don't have permission to view this session");
      }
      expect((await ctx.app.inject({ url: `/api/sessions/${id}` })).statusCode).toBe(401);
      expect((await ctx.app.inject({ url: `/api/sessions/${randomUUID()}`, headers: { cookie: client.cookie } })).json().error.message).toBe(
        'Session not found',
      );
      expect((await ctx.app.inject({ url: '/api/sessions/not-a-uuid', headers: { cookie: client.cookie } })).statusCode).toBe(404);
    });

    it('lists each party its own sessions', async () => {
      const mine = (await ctx.app.inject({ url: '/api/sessions', headers: { cookie: client.cookie } })).json().sessions;
      expect(mine.every((s: { clientId: string }) => s.clientId === client.id)).toBe(true);
      const theirs = (await ctx.app.inject({ url: '/api/sessions', headers: { cookie: expert.cookie } })).json().sessions;
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs.every((s: { expertId: string; viewerRole: string }) => s.expertId === expert.expert.id && s.viewerRole === 'expert')).toBe(true);
      expect((await ctx.app.inject({ url: '/api/sessions', headers: { cookie: otherExpert.cookie } })).json().sessions).toEqual([]);
    });
  });

  describe('confirm, feedback and reviews', () => {
    let id: string;
    beforeAll(async () => {
      id = (await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(400) })).json().session.id;
    });

    it('confirms only after the end, only by the client, once', async () => {
      expect((await post(`/api/sessions/${id}/confirm`, client.cookie)).statusCode).toBe(409);
      await shift(ctx, id, -405);
      expect((await post(`/api/sessions/${id}/confirm`, expert.cookie)).statusCode).toBe(403);
      expect((await post(`/api/sessions/${id}/confirm`, other.cookie)).statusCode).toBe(403);
      const ok = await post(`/api/sessions/${id}/confirm`, client.cookie);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'confirmed', payment: { status: 'released' } });
      expect((await post(`/api/sessions/${id}/confirm`, client.cookie)).statusCode).toBe(409);
      const events = await ctx.database.db
        .select()
        .from(paymentEvents)
        .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
        .where(eq(payments.sessionId, id));
      expect(events.map((e) => e.payment_events.type)).toEqual(['hold', 'release']);
    });

    it('takes feedback once, completes the session and updates the rating shown on the profile', async () => {
      const missing = await post(`/api/sessions/${id}/feedback`, client.cookie, { ...excellent, valueRating: undefined });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toBe('Please answer all rating questions');
      const self = await post(`/api/sessions/${id}/feedback`, expert.cookie, excellent);
      expect(self.statusCode).toBe(403);
      expect(self.json().error.message).toBe('You cannot leave feedback for yourself. Only clients can leave feedback for their expert sessions.');
      expect((await post(`/api/sessions/${id}/feedback`, other.cookie, excellent)).json().error.message).toBe('Session information not found');

      const ok = await post(`/api/sessions/${id}/feedback`, client.cookie, {
        ...excellent,
        punctualityRating: 'Slightly Late',
        additionalComments: 'Very helpful',
      });
      expect(ok.statusCode).toBe(201);
      const session = (await ctx.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: client.cookie } })).json();
      expect(session).toMatchObject({ status: 'completed', clientFeedbackSubmitted: true });
      expect(session.completedAt).toBeTruthy();
      const profile = (await ctx.app.inject(`/api/experts/${expert.expert.slug}`)).json();
      expect(profile).toMatchObject({ ratingAvg: 4.8, reviewCount: 1 });
      const reviews = (await ctx.app.inject(`/api/experts/${expert.expert.slug}/reviews`)).json();
      expect(reviews.reviews[0]).toMatchObject({
        clientFirstName: 'Casey',
        punctualityRating: 'Slightly Late',
        additionalComments: 'Very helpful',
        score: 4.8,
      });

      const again = await post(`/api/sessions/${id}/feedback`, client.cookie, excellent);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('You have already submitted feedback for this session');
    });

    it('tells the feedback page which session the client may review', async () => {
      const res = await ctx.app.inject({ url: `/api/experts/${expert.expert.slug}/feedback-eligibility`, headers: { cookie: client.cookie } });
      expect(res.json()).toMatchObject({ sessionId: id, feedbackSubmitted: true, isSelf: false });
      const self = await ctx.app.inject({ url: `/api/experts/${expert.expert.slug}/feedback-eligibility`, headers: { cookie: expert.cookie } });
      expect(self.json()).toMatchObject({ sessionId: null, isSelf: true, introAvailable: false });
    });

    it('refuses feedback before the session is confirmed', async () => {
      const booked = (await book(ctx, other.cookie, { expertId: otherExpert.expert.slug, startsAt: slotIn(500) })).json().session.id;
      const res = await post(`/api/sessions/${booked}/feedback`, other.cookie, excellent);
      expect(res.statusCode).toBe(409);
    });
  });

  describe('disputes', () => {
    it('marks the session disputed, keeps the money held and tells the team', async () => {
      const id = (await book(ctx, other.cookie, { expertId: expert.expert.slug, startsAt: slotIn(600) })).json().session.id;
      expect((await post(`/api/sessions/${id}/dispute`, other.cookie, { description: 'Not started yet, but worried.' })).statusCode).toBe(409);
      await shift(ctx, id, -601);
      const byExpert = await post(`/api/sessions/${id}/dispute`, expert.cookie, { description: 'The call never happened.' });
      expect(byExpert.statusCode).toBe(403);
      expect(byExpert.json().error.message).toBe(messages.session.expertCannotDispute);
      // A dispute says what went wrong: a word or nothing is refused and the session stays as it was.
      for (const body of [{}, { description: '  Bad call.   ' }]) {
        const short = await post(`/api/sessions/${id}/dispute`, other.cookie, body);
        expect(short.statusCode).toBe(400);
        expect(short.json().error.message).toBe('Please describe what went wrong in a sentence or more (at least 15 characters)');
      }
      expect((await ctx.database.db.select().from(disputes).where(eq(disputes.sessionId, id))).length).toBe(0);
      const res = await post(`/api/sessions/${id}/dispute`, other.cookie, { description: 'The expert never joined.' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'disputed', payment: { status: 'held' } });
      const [d] = await ctx.database.db.select().from(disputes).where(eq(disputes.sessionId, id));
      expect(d).toMatchObject({ description: 'The expert never joined.', status: 'open' });
      const team = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'admin@example.com'));
      expect(team.at(-1)?.text).toContain('The expert never joined.');
      const again = await post(`/api/sessions/${id}/confirm`, other.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(messages.session.clientDisputed);
    });

    it('tells each party of a disputed session what is theirs to do: the expert hears about experts, the client about their report', async () => {
      const id = (await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(650) })).json().session.id;
      await shift(ctx, id, -652);
      const expertConfirms = await post(`/api/sessions/${id}/confirm`, expert.cookie);
      expect(expertConfirms.statusCode).toBe(403);
      expect(expertConfirms.json().error.message).toBe(messages.session.expertCannotConfirm);
      expect((await post(`/api/sessions/${id}/dispute`, client.cookie, { description: 'The call was cut short.' })).statusCode).toBe(200);

      for (const action of ['confirm', 'dispute']) {
        const res = await post(`/api/sessions/${id}/${action}`, expert.cookie, { description: 'The call never happened.' });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe(messages.session.expertDisputed);
        const byClient = await post(`/api/sessions/${id}/${action}`, client.cookie, { description: 'The call never happened.' });
        expect(byClient.statusCode).toBe(409);
        expect(byClient.json().error.message).toBe(messages.session.clientDisputed);
        const byStranger = await post(`/api/sessions/${id}/${action}`, other.cookie, { description: 'The call never happened.' });
        expect(byStranger.statusCode).toBe(403);
        expect(byStranger.json().error.message).toBe(messages.session.forbidden);
      }
      const [row] = await ctx.database.db.select({ status: sessions.status }).from(sessions).where(eq(sessions.id, id));
      expect(row!.status).toBe('disputed');
    });
  });

  describe('cancellation refunds follow the policy', () => {
    const refunded = async (cookie: string, expertSlug: string, hoursAhead: number, by: string) => {
      const id = (await book(ctx, cookie, { expertId: expertSlug, startsAt: slotIn(hoursAhead), durationMinutes: 60 })).json().session.id;
      const res = await post(`/api/sessions/${id}/cancel`, by, { reason: 'Plans changed' });
      return res;
    };

    it('flexible, more than 24 h ahead: full refund; the slot can be booked again', async () => {
      const at = slotIn(700);
      const id = (await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: at })).json().session.id;
      const res = await post(`/api/sessions/${id}/cancel`, client.cookie, { reason: 'Plans changed' });
      expect(res.json()).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'client',
        cancelReason: 'Plans changed',
        payment: { status: 'refunded', refundedCents: 9500 },
      });
      expect((await book(ctx, other.cookie, { expertId: expert.expert.slug, startsAt: at })).statusCode).toBe(201);
    });

    it('flexible, within 24 h: 50% back, the rest released', async () => {
      const res = await refunded(client.cookie, expert.expert.slug, 10, client.cookie);
      expect(res.json().payment).toMatchObject({ status: 'partially_refunded', refundedCents: 4750 });
    });

    it('strict, within 7 days: nothing back; but an expert cancellation refunds in full', async () => {
      const late = await refunded(client.cookie, otherExpert.expert.slug, 100, client.cookie);
      expect(late.json().payment).toMatchObject({ status: 'released', refundedCents: 0 });
      const byExpert = await refunded(client.cookie, otherExpert.expert.slug, 20, otherExpert.cookie);
      expect(byExpert.json()).toMatchObject({ cancelledBy: 'expert', payment: { status: 'refunded', refundedCents: 12000 } });
    });

    it('needs a reason, a party, and a session not yet started', async () => {
      const id = (await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(800) })).json().session.id;
      expect((await post(`/api/sessions/${id}/cancel`, client.cookie, { reason: ' ' })).json().error.message).toBe('Please tell us why you are cancelling');
      expect((await post(`/api/sessions/${id}/cancel`, other.cookie, { reason: 'x' })).statusCode).toBe(403);
      await shift(ctx, id, -803.25);
      expect((await post(`/api/sessions/${id}/cancel`, client.cookie, { reason: 'late' })).statusCode).toBe(409);
    });
  });

  describe('jobs', () => {
    const deps = () => sessionDeps(ctx.config, ctx.database.db, simulatedProvider());

    it('auto-releases booked sessions 72 h after their end, not disputed ones', async () => {
      const id = (await book(ctx, client.cookie, { expertId: otherExpert.expert.slug, startsAt: slotIn(900) })).json().session.id;
      // Disputed and past its confirm window too: only its status keeps it out of the release.
      const disputedId = (await book(ctx, other.cookie, { expertId: otherExpert.expert.slug, startsAt: slotIn(950) })).json().session.id;
      await shift(ctx, id, -900 - 74);
      await shift(ctx, disputedId, -950 - 80);
      expect((await post(`/api/sessions/${disputedId}/dispute`, other.cookie, { description: 'The expert never joined.' })).json()).toMatchObject({
        status: 'disputed',
      });

      expect(await autoReleaseDue(deps())).toBeGreaterThanOrEqual(1);
      const s = (await ctx.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: client.cookie } })).json();
      expect(s).toMatchObject({ status: 'confirmed', payment: { status: 'released' } });
      const kept = (await ctx.app.inject({ url: `/api/sessions/${disputedId}`, headers: { cookie: other.cookie } })).json();
      expect(kept).toMatchObject({ status: 'disputed', payment: { status: 'held' } });
    });

    it('sends one reminder per party 24 h before', async () => {
      const id = (await book(ctx, other.cookie, { expertId: otherExpert.expert.slug, startsAt: slotIn(20) })).json().session.id;
      await sendDueReminders(deps());
      await sendDueReminders(deps());
      const reminders = (await ctx.database.db.select().from(emailOutbox)).filter((m) => m.subject.startsWith('Reminder'));
      expect(reminders.filter((m) => m.to === 'other@example.com' && m.text.includes(id))).toHaveLength(1);
      expect(reminders.filter((m) => m.to === 'omar@example.com' && m.text.includes(id))).toHaveLength(1);
    });
  });

  it('stores private feedback for the team', async () => {
    const res = await post(`/api/experts/${expert.expert.slug}/private-feedback`, client.cookie, { comments: 'Great, but could share more resources.' });
    expect(res.statusCode).toBe(201);
    expect((await post(`/api/experts/${expert.expert.slug}/private-feedback`, client.cookie, { comments: '  ' })).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/experts/${expert.expert.slug}/private-feedback`, headers: json, payload: { comments: 'x' } }))
        .statusCode,
    ).toBe(401);
    const stored = await ctx.database.db.select().from(privateFeedback);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ expertId: expert.expert.id, authorId: client.id, comments: 'Great, but could share more resources.' });
  });
});
