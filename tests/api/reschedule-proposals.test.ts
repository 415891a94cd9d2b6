/**
 * Reschedule proposals (docs/product.md "Reschedule proposals"): the expert proposes a new time, the client is
 * e-mailed; accepting moves the session (same held payment, updated invite read back with an independent parser,
 * ical.js), declining cancels it with a full refund whatever the policy, an unanswered proposal expires at the start
 * and the booking stands. Only the expert proposes, only the client answers; a time that clashes by then changes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundCents } from '../../src/shared/sessions.js';
import { declinedProposalReason } from '../../src/shared/reschedule-proposals.js';
import { emailOutbox, paymentEvents, payments, rescheduleProposals } from '../../src/server/db/schema.js';
import { expireRescheduleProposals } from '../../src/server/modules/sessions/use-cases/expire-reschedule-proposals.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { inviteOf } from '../helpers/invites.js';
import { book, createExpert, slotIn } from '../helpers/marketplace.js';

const hour = 3_600_000;
describe('reschedule proposals', () => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof createUser>>;
  let outsider: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let strict: Awaited<ReturnType<typeof createExpert>>;
  let other: Awaited<ReturnType<typeof createExpert>>;
  const post = (url: string, cookie: string, payload: object = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: { origin, 'content-type': 'application/json', cookie }, payload });
  const get = async (id: string, cookie = client.cookie) => (await ctx.app.inject({ url: `/api/sessions/${id}`, headers: { cookie } })).json();
  const propose = (id: string, startsAt: string, cookie = expert.cookie, message?: string) =>
    post(`/api/sessions/${id}/reschedule-proposals`, cookie, { startsAt, ...(message ? { message } : {}) });
  const answer = (id: string, proposalId: string, verb: 'accept' | 'decline', cookie = client.cookie) =>
    post(`/api/sessions/${id}/reschedule-proposals/${proposalId}/${verb}`, cookie);
  const mails = (to: string, like: string) =>
    ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, to), sql`${emailOutbox.subject} like ${like}`));
  const proposalRow = async (id: string) => (await ctx.database.db.select().from(rescheduleProposals).where(eq(rescheduleProposals.id, id)))[0]!;
  const paymentOf = async (sessionId: string) => {
    const [p] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, sessionId));
    const events = await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, p!.id));
    return { status: p!.status, amountCents: p!.amountCents, refundedCents: p!.refundedCents, providerRef: p!.providerRef, events: events.length };
  };

  /** A paid 60-minute session with `with` starting `hours` from now (on the 15-minute grid). */
  async function booked(hours: number, withExpert = expert): Promise<{ id: string; startsAt: string }> {
    const res = await book(ctx, client.cookie, { expertId: withExpert.expert.slug, startsAt: slotIn(hours) });
    expect(res.statusCode).toBe(201);
    return res.json().session;
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    client = await createUser(ctx, { email: 'casey@example.com', firstName: 'Casey', lastName: 'Client' });
    outsider = await createUser(ctx, { email: 'otto@example.com', firstName: 'Otto', lastName: 'Outsider' });
    expert = await createExpert(ctx, { email: 'erin@example.com', rateCents: 9000 });
    strict = await createExpert(ctx, { email: 'sam@example.com', rateCents: 12000, policy: 'strict' });
    other = await createExpert(ctx, { email: 'olga@example.com', rateCents: 9000 });
  });
  afterAll(() => ctx.close());

  it('the expert proposes, the client is e-mailed, and accepting moves the session with an updated invite and the same held payment', async () => {
    const s = await booked(100);
    const before = await paymentOf(s.id);
    const to = slotIn(130);
    const res = await propose(s.id, to, expert.cookie, 'I am travelling that day, sorry!');
    expect(res.statusCode).toBe(201);
    const proposal = res.json().proposal;
    expect(proposal).toMatchObject({ startsAt: to, message: 'I am travelling that day, sorry!', expiresAt: s.startsAt });
    // The client sees it on the session page and got an e-mail linking there, in their zone (none set: the expert's).
    expect((await get(s.id)).proposal).toEqual(proposal);
    const [mail] = await mails(client.email, 'Erin Expert proposes a new time%');
    expect(mail!.text).toContain('(America/Vancouver)');
    expect(mail!.text).toContain(`/session/${s.id}`);
    expect(mail!.text).toContain('I am travelling that day, sorry!');
    // Flagged beyond the session page: the client's counters (dashboard, header) and list; the expert has none to answer.
    const summaryOf = async (cookie: string) => (await ctx.app.inject({ url: '/api/sessions/summary', headers: { cookie } })).json();
    const listed = async (cookie: string) =>
      (await ctx.app.inject({ url: '/api/sessions?when=upcoming', headers: { cookie } })).json().sessions.find((x: { id: string }) => x.id === s.id);
    expect(await summaryOf(client.cookie)).toMatchObject({ proposalsToAnswer: 1, proposalSessionId: s.id });
    expect(await summaryOf(expert.cookie)).toMatchObject({ proposalsToAnswer: 0, proposalSessionId: null });
    expect((await listed(client.cookie)).proposal).toEqual(proposal);
    expect((await listed(expert.cookie)).proposal).toEqual(proposal);

    const accepted = await answer(s.id, proposal.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    const view = accepted.json();
    expect(view).toMatchObject({ status: 'booked', startsAt: to, proposal: null, payment: { status: 'held', amountCents: 9000, refundedCents: 0 } });
    expect(view.moves).toEqual([expect.objectContaining({ fromStartsAt: s.startsAt, toStartsAt: to, movedBy: 'expert' })]);
    // Nothing charged again: the same payment, untouched.
    expect(await paymentOf(s.id)).toEqual(before);
    expect((await proposalRow(proposal.id)).status).toBe('accepted');
    expect(await summaryOf(client.cookie)).toMatchObject({ proposalsToAnswer: 0, proposalSessionId: null });
    expect((await listed(client.cookie)).proposal).toBeNull();

    for (const who of [client.email, expert.email]) {
      const [booking] = await mails(who, 'Session booked%');
      const [update] = await mails(who, 'Session rescheduled%');
      const first = inviteOf(booking!);
      const moved = inviteOf(update!);
      expect(moved).toMatchObject({ method: 'REQUEST', uid: first.uid, start: to });
      expect(moved.sequence).toBeGreaterThan(first.sequence);
    }
    // Answered once.
    expect((await answer(s.id, proposal.id, 'decline')).statusCode).toBe(409);
  });

  it('declining cancels the session with a full refund even under the strict policy with less than 24 hours left; both parties get the CANCEL', async () => {
    const s = await booked(5, strict);
    // A client's own cancellation now would refund nothing under this policy.
    expect(refundCents({ amountCents: 12000, policy: 'strict', cancelledBy: 'client', startsAt: new Date(s.startsAt) })).toBe(0);
    const proposal = (await propose(s.id, slotIn(30), strict.cookie)).json().proposal;
    const res = await answer(s.id, proposal.id, 'decline');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'client',
      cancelReason: declinedProposalReason,
      proposal: null,
      payment: { status: 'refunded', refundedCents: 12000 },
    });
    expect((await get(s.id, strict.cookie)).payment).toMatchObject({ status: 'refunded', refundedCents: 12000 });
    expect((await proposalRow(proposal.id)).status).toBe('declined');
    for (const who of [client.email, strict.email]) {
      const [cancel] = await mails(who, 'Session cancelled%');
      expect(cancel!.text).toContain('Refund to the client: $120.00 of $120.00');
      expect(inviteOf(cancel!)).toMatchObject({ method: 'CANCEL', uid: `${s.id}@mentora`, sequence: 1 });
    }
  });

  it("the client's own move withdraws the expert's open proposal at once", async () => {
    const s = await booked(150);
    const proposal = (await propose(s.id, slotIn(170))).json().proposal;
    const moved = await post(`/api/sessions/${s.id}/reschedule`, client.cookie, { startsAt: slotIn(180) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await proposalRow(proposal.id)).status).toBe('withdrawn');
  });

  it('an unanswered proposal expires at the original start and the booking stands; a new proposal replaces an open one', async () => {
    const s = await booked(20);
    const first = (await propose(s.id, slotIn(40))).json().proposal;
    const second = (await propose(s.id, slotIn(44))).json().proposal;
    expect((await proposalRow(first.id)).status).toBe('withdrawn');
    expect((await answer(s.id, first.id, 'accept')).statusCode).toBe(409);

    expect(await expireRescheduleProposals(ctx.database.db, new Date(Date.now() + 19 * hour))).toBe(0);
    expect(await expireRescheduleProposals(ctx.database.db, new Date(new Date(s.startsAt).getTime()))).toBeGreaterThanOrEqual(1);
    expect((await proposalRow(second.id)).status).toBe('expired');
    expect(await get(s.id)).toMatchObject({ status: 'booked', startsAt: s.startsAt, proposal: null, payment: { status: 'held', refundedCents: 0 } });
    const late = await answer(s.id, second.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(await get(s.id)).toMatchObject({ startsAt: s.startsAt });
  });

  it('only the expert proposes and only the client answers; others get 403, unknown ids 404, bad input changes nothing', async () => {
    const s = await booked(60);
    const byClient = await propose(s.id, slotIn(70), client.cookie);
    expect(byClient.statusCode).toBe(403);
    expect((await propose(s.id, slotIn(70), outsider.cookie)).statusCode).toBe(403);
    expect((await propose(s.id, slotIn(70), other.cookie)).statusCode).toBe(403);
    expect((await propose(s.id, 'tomorrow')).statusCode).toBe(400);
    expect((await propose(s.id, slotIn(70), expert.cookie, 'x'.repeat(1001))).statusCode).toBe(400);
    const offGrid = new Date(new Date(slotIn(70)).getTime() + 7 * 60_000).toISOString();
    expect((await propose(s.id, offGrid)).statusCode).toBe(422);
    expect((await propose(s.id, new Date(Date.now() - hour).toISOString())).statusCode).toBe(409);
    expect((await get(s.id)).proposal).toBeNull();

    const proposal = (await propose(s.id, slotIn(70))).json().proposal;
    expect((await answer(s.id, proposal.id, 'accept', expert.cookie)).statusCode).toBe(403);
    expect((await answer(s.id, proposal.id, 'decline', expert.cookie)).statusCode).toBe(403);
    expect((await answer(s.id, proposal.id, 'accept', outsider.cookie)).statusCode).toBe(403);
    expect((await answer(s.id, 'not-a-uuid', 'accept')).statusCode).toBe(404);
    const elsewhere = await booked(80);
    expect((await answer(elsewhere.id, proposal.id, 'accept')).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/sessions/${s.id}/reschedule-proposals/${proposal.id}/accept`, headers: { origin } })).statusCode,
    ).toBe(401);
    expect(await get(s.id)).toMatchObject({ status: 'booked', startsAt: s.startsAt, proposal: { id: proposal.id } });
  });

  it('a proposed time that clashes by the time the client accepts is refused with 409 and nothing changes', async () => {
    const s = await booked(150);
    const to = slotIn(170);
    const proposal = (await propose(s.id, to)).json().proposal;
    // Meanwhile the client books another expert at that very time.
    const clash = await booked(170, other);
    expect(clash.startsAt).toBe(to);
    const before = await paymentOf(s.id);
    const res = await answer(s.id, proposal.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(await get(s.id)).toMatchObject({ status: 'booked', startsAt: s.startsAt, proposal: { id: proposal.id }, moves: [] });
    expect(await paymentOf(s.id)).toEqual(before);
    expect((await proposalRow(proposal.id)).status).toBe('open');
    // The expert's own calendar filling up is refused the same way.
    const s2 = await booked(200);
    const to2 = slotIn(220);
    const p2 = (await propose(s2.id, to2)).json().proposal;
    const taken = await book(ctx, outsider.cookie, { expertId: expert.expert.slug, startsAt: to2 });
    expect(taken.statusCode).toBe(201);
    expect((await answer(s2.id, p2.id, 'accept')).statusCode).toBe(409);
    expect(await get(s2.id)).toMatchObject({ startsAt: s2.startsAt, proposal: { id: p2.id } });
  });
});
