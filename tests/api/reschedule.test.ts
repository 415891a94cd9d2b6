/**
 * Reschedule by the client (docs/product.md "Reschedule"): a booked session moves to another free time of its expert
 * while its stored policy would still refund in full; the payment stays held as it was, both parties get the updated
 * invite (read back with an independent parser, ical.js) in their own zone, the page's view carries the history, and
 * a move into a taken time is refused by the database even when 30 clients race for it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { pastWindowReason } from '../../src/shared/reschedule.js';
import { emailOutbox, paymentEvents, payments, sessionMoves, sessions } from '../../src/server/db/schema.js';
import { sessionEventUid } from '../../src/server/infra/mail/icalendar.js';
import { formatInZone } from '../../src/server/modules/sessions/emails.js';
import { simulatedProvider } from '../../src/server/infra/payments/simulated.js';
import { sessionDeps } from '../../src/server/modules/sessions/deps.js';
import { sendDueReminders } from '../../src/server/modules/sessions/use-cases/send-session-reminders.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { inviteOf } from '../helpers/invites.js';
import { book, createExpert, slotIn } from '../helpers/marketplace.js';

const json = { origin, 'content-type': 'application/json' };

describe('reschedule', () => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let other: Awaited<ReturnType<typeof createExpert>>;
  const post = (url: string, cookie: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: { ...json, cookie }, payload });
  const get = (url: string, cookie: string) => ctx.app.inject({ url, headers: { cookie } });
  const reschedule = (id: string, cookie: string, startsAt: string) => post(`/api/sessions/${id}/reschedule`, cookie, { startsAt });
  const booked = async (cookie: string, startsAt: string, expertSlug = expert.expert.slug): Promise<string> => {
    const res = await book(ctx, cookie, { expertId: expertSlug, startsAt });
    expect(res.statusCode).toBe(201);
    return res.json().session.id;
  };
  const rowOf = async (id: string) => (await ctx.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
  const movesOf = (id: string) => ctx.database.db.select().from(sessionMoves).where(eq(sessionMoves.sessionId, id));
  const movedMails = (id: string) =>
    ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(like(emailOutbox.subject, 'Session rescheduled%'), like(emailOutbox.html, `%/session/${id}%`)));

  beforeAll(async () => {
    ctx = await createTestApp();
    client = await createUser(ctx, { email: 'casey@example.com', firstName: 'Casey', lastName: 'Client' });
    expert = await createExpert(ctx, { email: 'erin@example.com', rateCents: 9000, policy: 'flexible' });
    other = await createExpert(ctx, { email: 'olga@example.com', slug: 'olga', rateCents: 9000 });
    const zone = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/time-zone',
      headers: { ...json, cookie: client.cookie },
      payload: { timeZone: 'Asia/Tokyo' },
    });
    expect(zone.statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  it('the client moves a paid session to a free time: same payment held, invite updated (same UID, higher SEQUENCE) for both in their zones, history shown', async () => {
    const from = slotIn(72);
    const to = slotIn(96);
    const id = await booked(client.cookie, from);
    const [paymentBefore] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, id));
    const eventsBefore = await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentBefore!.id));

    // Both parties may list the free times; the session's own time is not among them, its neighbours are.
    for (const cookie of [client.cookie, expert.cookie]) {
      const slots = await get(`/api/sessions/${id}/reschedule-slots?from=${to.slice(0, 10)}&days=2`, cookie);
      expect(slots.statusCode).toBe(200);
      expect(slots.json().slots).toContain(to);
    }
    // Two days: the next time may be past midnight UTC.
    const around = (await get(`/api/sessions/${id}/reschedule-slots?from=${from.slice(0, 10)}&days=2`, client.cookie)).json().slots;
    expect(around).not.toContain(from);
    expect(around).toContain(new Date(new Date(from).getTime() + 30 * 60_000).toISOString());

    const before = await get(`/api/sessions/${id}`, client.cookie);
    expect(before.json()).toMatchObject({ moves: [], reschedule: { allowed: true, reason: null } });

    const res = await reschedule(id, client.cookie, to);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ startsAt: to, endsAt: new Date(new Date(to).getTime() + 3_600_000).toISOString(), status: 'booked' });
    expect(view.moves).toEqual([{ fromStartsAt: from, toStartsAt: to, movedBy: 'client', movedAt: expect.any(String) }]);
    expect(view.payment).toMatchObject({ status: 'held', amountCents: 9000, refundedCents: 0 });
    // The expert sees the same history and the new time.
    expect((await get(`/api/sessions/${id}`, expert.cookie)).json()).toMatchObject({
      startsAt: to,
      moves: [{ fromStartsAt: from, toStartsAt: to, movedBy: 'client' }],
    });

    // The hold stays with the session: one payment, same amount, no new ledger event (nothing charged twice).
    const paymentsAfter = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, id));
    expect(paymentsAfter).toHaveLength(1);
    expect(paymentsAfter[0]).toMatchObject({ id: paymentBefore!.id, status: 'held', amountCents: 9000, providerRef: paymentBefore!.providerRef });
    expect(await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentBefore!.id))).toHaveLength(eventsBefore.length);

    // Reminders go again for the new time.
    expect(await rowOf(id)).toMatchObject({ inviteSequence: 1, reminderSentAt: null, hourReminderSentAt: null });

    const mails = await movedMails(id);
    expect(mails.map((m) => m.to).sort()).toEqual([client.email, expert.email].sort());
    for (const mail of mails) {
      const zone = mail.to === client.email ? 'Asia/Tokyo' : 'America/Vancouver';
      const invite = inviteOf(mail);
      expect(invite).toMatchObject({ method: 'REQUEST', uid: sessionEventUid(id), sequence: 1, start: to });
      expect(invite.description).toContain(formatInZone(new Date(to), zone));
      expect(mail.text).toContain(`from ${formatInZone(new Date(from), zone)} to ${formatInZone(new Date(to), zone)}`);
    }
  });

  it('a moved session gets its reminders again, for the new time', async () => {
    const id = await booked(client.cookie, slotIn(30));
    // Both reminders went for the old time (as the job marks them).
    await ctx.database.db.update(sessions).set({ reminderSentAt: new Date(), hourReminderSentAt: new Date() }).where(eq(sessions.id, id));
    const to = slotIn(80);
    expect((await reschedule(id, client.cookie, to)).statusCode).toBe(200);
    const reminders = () =>
      ctx.database.db
        .select()
        .from(emailOutbox)
        .where(and(like(emailOutbox.subject, 'Reminder:%'), like(emailOutbox.html, `%/session/${id}%`)));
    await sendDueReminders(sessionDeps(ctx.config, ctx.database.db, simulatedProvider()), new Date(new Date(to).getTime() - 23 * 3_600_000));
    const sent = await reminders();
    expect(sent.map((m) => m.to).sort()).toEqual([client.email, expert.email].sort());
    expect(sent.find((m) => m.to === client.email)!.text).toContain(formatInZone(new Date(to), 'Asia/Tokyo'));
  });

  it('only the client reschedules: the expert and another account are refused and nothing changes', async () => {
    const id = await booked(client.cookie, slotIn(74));
    const outsider = await createUser(ctx, { email: 'otto@example.com' });
    const byExpert = await reschedule(id, expert.cookie, slotIn(98));
    expect(byExpert.statusCode).toBe(403);
    expect(byExpert.json().error.message).toBe(messages.reschedule.clientOnly);
    expect((await reschedule(id, outsider.cookie, slotIn(98))).statusCode).toBe(403);
    expect((await get(`/api/sessions/${id}/reschedule-slots?from=2030-01-01&days=1`, outsider.cookie)).statusCode).toBe(403);
    expect((await get(`/api/sessions/${randomUUID()}/reschedule-slots?from=2030-01-01&days=1`, client.cookie)).statusCode).toBe(404);
    expect(await movesOf(id)).toHaveLength(0);
  });

  it('too late under the stored policy: refused with the reason, the session and its invite unchanged', async () => {
    const startsAt = slotIn(10); // Flexible: full refund until 24 hours before.
    const id = await booked(client.cookie, startsAt);
    const view = (await get(`/api/sessions/${id}`, client.cookie)).json();
    expect(view.reschedule).toEqual({ allowed: false, reason: pastWindowReason('flexible') });
    expect(view.reschedule.reason).toBe(
      "Rescheduling is possible until 24 hours before the start under this session's Flexible policy. You can still cancel (50% refund), or the expert can propose a new time.",
    );
    const res = await reschedule(id, client.cookie, slotIn(100));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(pastWindowReason('flexible'));
    expect(await rowOf(id)).toMatchObject({ startsAt: new Date(startsAt), inviteSequence: 0 });
    expect(await movesOf(id)).toHaveLength(0);
    expect(await movedMails(id)).toHaveLength(0);
  });

  it("a time clashing with the client's other session is refused (409) by the database; a time that is no free slot is 422", async () => {
    const id = await booked(client.cookie, slotIn(120));
    const elsewhere = slotIn(140);
    await booked(client.cookie, elsewhere, other.expert.slug);
    const clash = await reschedule(id, client.cookie, new Date(new Date(elsewhere).getTime() + 30 * 60_000).toISOString());
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(messages.reschedule.notFree);

    // Off the 15-minute grid, under the 2-hour notice, in the past, its own time.
    const offGrid = new Date(new Date(slotIn(130)).getTime() + 7 * 60_000).toISOString();
    for (const bad of [offGrid, slotIn(1), slotIn(-5), slotIn(120)]) {
      const res = await reschedule(id, client.cookie, bad);
      expect(res.statusCode, bad).toBe(422);
    }
    expect((await reschedule(id, client.cookie, 'tomorrow')).statusCode).toBe(400);
    expect(await rowOf(id)).toMatchObject({ startsAt: new Date(slotIn(120)), inviteSequence: 0 });
    expect(await movesOf(id)).toHaveLength(0);
  });

  it('30 clients race to move their sessions into the same free time: exactly one wins, the rest get 409', async () => {
    const racer = await createExpert(ctx, { email: 'rita@example.com', slug: 'rita', rateCents: 9000 });
    const clients = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createUser(ctx, { email: `racer${i}@example.com`, firstName: 'Ray', lastName: `Racer ${i}` })),
    );
    const ids: string[] = [];
    for (const [i, c] of clients.entries()) ids.push(await booked(c.cookie, slotIn(50 + i * 2), racer.expert.slug));
    const target = slotIn(200);
    const answers = await Promise.all(ids.map((id, i) => reschedule(id, clients[i]!.cookie, target)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(29);
    for (const a of answers.filter((a) => a.statusCode === 409)) expect(a.json().error.message).toBe(messages.reschedule.notFree);
    const there = await ctx.database.db
      .select()
      .from(sessions)
      .where(and(inArray(sessions.id, ids), eq(sessions.startsAt, new Date(target))));
    expect(there).toHaveLength(1);
    expect(await ctx.database.db.select().from(sessionMoves).where(inArray(sessionMoves.sessionId, ids))).toHaveLength(1);
  });
});
