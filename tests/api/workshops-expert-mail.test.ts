import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema.js';
import { deliverDueEmails } from '../../src/server/infra/mail/outbox.js';
import { fileTransport } from '../../src/server/infra/mail/transport.js';
import { simulatedProvider } from '../../src/server/infra/payments/simulated.js';
import { sessionDeps } from '../../src/server/modules/sessions/deps.js';
import { sendDueReminders } from '../../src/server/modules/sessions/use-cases/send-session-reminders.js';
import { cancelUnderAttendedWorkshops } from '../../src/server/modules/workshops/use-cases/cancel-under-attended-workshops.js';
import { sendDueWorkshopReminders } from '../../src/server/modules/workshops/use-cases/send-workshop-reminders.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { inviteOf } from '../helpers/invites.js';
import { book, createExpert, visa } from '../helpers/marketplace.js';
import { workshopMessages } from '../../src/shared/workshops.js';

type Mail = typeof emailOutbox.$inferSelect;

/**
 * The expert's e-mails about a workshop (docs/product.md "Workshops"): one calendar event per workshop — REQUEST
 * when published, REQUEST with a higher SEQUENCE when moved, CANCEL when cancelled, one UID throughout — and one
 * 24-hour and one 1-hour reminder per workshop, never one per seat; attendees keep their own invites and reminders.
 * Invites are read with ical.js, delivered messages with mailparser.
 */
describe('the expert’s invite and reminders per workshop', () => {
  let ctx: TestContext;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  const json = { origin, 'content-type': 'application/json' };
  let n = 0;
  const zone = 'America/Vancouver';
  const vancouver = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(d).replace(' ', 'T');
  const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: zone });
  const call = (method: 'POST' | 'PATCH', url: string, payload: object = {}, cookie = expert.cookie, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, headers: { ...json, cookie, ...headers }, payload });
  const create = async (body: object) => {
    const res = await call('POST', '/api/me/workshops', {
      title: 'Mock interviews',
      description: 'Three rounds.',
      topic: 'Job Interview Mastery',
      durationMinutes: 60,
      capacity: 5,
      priceCents: 1500,
      minAttendance: null,
      publish: true,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; startsAt: string };
  };
  const seat = async (workshopId: string) => {
    const c = await createUser(ctx, { email: `attendee-${++n}@example.com`, firstName: 'Ada', lastName: `Attendee${n}` });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/workshops/${workshopId}/seats`,
      remoteAddress: `127.8.0.${n}`,
      headers: { ...json, cookie: c.cookie, 'idempotency-key': randomUUID() },
      payload: { card: visa },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...c, seatId: res.json().session.id as string };
  };
  /** Every outbox e-mail to `to`, oldest first. */
  const mailsTo = (to: string) => ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.createdAt));
  /** The expert's e-mails about workshop `id` (its page is their link). */
  const expertMailsAbout = async (id: string) => (await mailsTo(expert.email)).filter((m) => m.text.includes(`/workshops/${id}`));
  const invites = (mails: Mail[]) => mails.filter((m) => m.attachments?.length).map(inviteOf);

  beforeAll(async () => {
    ctx = await createTestApp({ TEST_HOOKS: '1' });
    expert = await createExpert(ctx, { email: 'workshop-host-mail@example.com' });
  });
  afterAll(() => ctx.close());

  it('a published workshop sends its expert one invite, however many seats sell; the day and hour reminders go once per workshop', async () => {
    const startsAt = new Date(Math.ceil((Date.now() + 30 * 3_600_000) / 3_600_000) * 3_600_000);
    const w = await create({ startsAtLocal: vancouver(startsAt) });
    const attendees = [await seat(w.id), await seat(w.id), await seat(w.id)];

    const booked = await expertMailsAbout(w.id);
    expect(booked.map((m) => m.subject)).toEqual(['Workshop published: Mock interviews']);
    expect(inviteOf(booked[0]!)).toMatchObject({ method: 'REQUEST', uid: `workshop-${w.id}@mentora`, sequence: 0, start: startsAt.toISOString() });
    expect(inviteOf(booked[0]!).description).toContain(`(${zone})`);
    // No seat's booking e-mail or invite reaches the expert; each attendee has their own.
    expect((await mailsTo(expert.email)).filter((m) => m.subject.startsWith('Session booked'))).toEqual([]);
    for (const a of attendees) {
      const own = (await mailsTo(a.email)).filter((m) => m.attachments?.length);
      expect(invites(own)).toEqual([expect.objectContaining({ method: 'REQUEST', uid: `${a.seatId}@mentora` })]);
    }

    const deps = sessionDeps(ctx.config, ctx.database.db, simulatedProvider());
    const runJobs = async (at: Date) => {
      await sendDueReminders(deps, at);
      await sendDueWorkshopReminders(deps, at);
    };
    // 23 hours before, two servers run the jobs: one day reminder for the expert, one per attendee.
    const dayBefore = new Date(startsAt.getTime() - 23 * 3_600_000);
    await Promise.all([runJobs(dayBefore), runJobs(dayBefore)]);
    const reminders = async () => (await mailsTo(expert.email)).filter((m) => m.subject.startsWith('Reminder:'));
    expect((await reminders()).map((m) => m.subject)).toEqual(['Reminder: your workshop Mock interviews is tomorrow']);
    expect((await reminders())[0]!.text).toContain('Seats booked: 3 of 5.');
    for (const a of attendees) expect((await mailsTo(a.email)).filter((m) => m.subject.startsWith('Reminder:'))).toHaveLength(1);
    // 30 minutes before: the hour reminder, once.
    const hourBefore = new Date(startsAt.getTime() - 30 * 60_000);
    await runJobs(hourBefore);
    await runJobs(hourBefore);
    expect((await reminders()).map((m) => m.subject)).toEqual([
      'Reminder: your workshop Mock interviews is tomorrow',
      'Reminder: your workshop Mock interviews starts in 1 hour',
    ]);
    for (const a of attendees) expect((await mailsTo(a.email)).filter((m) => m.subject.startsWith('Reminder:'))).toHaveLength(2);

    // An attendee cancelling their seat sends the expert no CANCEL of an event they never had.
    const before = (await mailsTo(expert.email)).length;
    expect((await call('POST', `/api/sessions/${attendees[0]!.seatId}/cancel`, { reason: 'Ill' }, attendees[0]!.cookie)).statusCode).toBe(200);
    expect(await mailsTo(expert.email)).toHaveLength(before);
  });

  it('a draft sends nothing; publishing sends the invite, a move updates it (same UID, higher SEQUENCE), cancelling withdraws it', async () => {
    const draft = await create({ startsAtLocal: `${dayIn(6)}T09:00`, publish: false, title: 'Salary talks' });
    expect(await expertMailsAbout(draft.id)).toEqual([]);
    expect((await call('POST', `/api/me/workshops/${draft.id}/publish`)).statusCode).toBe(200);
    // A change the calendar does not show (the description) sends nothing; a move does.
    expect((await call('PATCH', `/api/me/workshops/${draft.id}`, { description: 'Four rounds.' })).statusCode).toBe(200);
    const moved = await call('PATCH', `/api/me/workshops/${draft.id}`, { startsAtLocal: `${dayIn(6)}T11:00` });
    expect(moved.statusCode).toBe(200);
    expect((await call('POST', `/api/me/workshops/${draft.id}/cancel`, { reason: 'Travelling' })).statusCode).toBe(200);

    const mails = await expertMailsAbout(draft.id);
    expect(mails.map((m) => m.subject)).toEqual(['Workshop published: Salary talks', 'Workshop updated: Salary talks', 'Workshop cancelled: Salary talks']);
    const uid = `workshop-${draft.id}@mentora`;
    expect(invites(mails).map(({ method, uid, sequence }) => ({ method, uid, sequence }))).toEqual([
      { method: 'REQUEST', uid, sequence: 0 },
      { method: 'REQUEST', uid, sequence: 1 },
      { method: 'CANCEL', uid, sequence: 2 },
    ]);
    expect(inviteOf(mails[1]!).start).toBe(moved.json().startsAt);
    expect(mails[1]!.text).toContain('has moved from');

    // As a mail program reads them (mailparser): the invite is a text/calendar part with its iTIP method.
    const dir = mkdtempSync(path.join(tmpdir(), 'workshop-mail-'));
    try {
      const pending = await ctx.database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
      await deliverDueEmails(ctx.database.db, fileTransport(dir, 'Mentora <no-reply@mentora.example>'), { batchSize: pending.length + 5 });
      const parsed = await Promise.all(readdirSync(dir).map((f) => simpleParser(readFileSync(path.join(dir, f)))));
      const cancel = parsed.find((m) => m.subject === 'Workshop cancelled: Salary talks')!;
      const ics = cancel.attachments.find((a) => a.contentType === 'text/calendar')!;
      expect(ics).toBeDefined();
      const calendar = new ICAL.Component(ICAL.parse(ics.content.toString('utf8')));
      expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
      expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('uid')).toBe(uid);
      expect(cancel.text).toContain('Reason: Travelling');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the expert’s calendar feed shows the workshop as one event with the invite’s UID and SEQUENCE; each attendee’s shows their seat', async () => {
    const w = await create({ startsAtLocal: `${dayIn(7)}T09:00`, title: 'Feed lab' });
    const attendees = [await seat(w.id), await seat(w.id)];
    expect((await call('PATCH', `/api/me/workshops/${w.id}`, { title: 'Feed lab, renamed' })).statusCode).toBe(200);
    const feedOf = async (cookie: string) => {
      const made = await call('POST', '/api/me/calendar-feed', {}, cookie);
      expect(made.statusCode, made.body).toBe(201);
      const body = (await ctx.app.inject({ url: new URL(made.json().url as string).pathname })).body;
      return new ICAL.Component(ICAL.parse(body)).getAllSubcomponents('vevent').map((e) => ({
        uid: String(e.getFirstPropertyValue('uid')),
        sequence: Number(e.getFirstPropertyValue('sequence')),
        summary: String(e.getFirstPropertyValue('summary')),
      }));
    };
    const mine = (await feedOf(expert.cookie)).filter((e) => e.summary.includes('Feed lab') || attendees.some((a) => e.uid.startsWith(a.seatId)));
    const last = invites(await expertMailsAbout(w.id)).at(-1)!;
    expect(mine).toEqual([{ uid: `workshop-${w.id}@mentora`, sequence: last.sequence, summary: 'Mentora workshop: Feed lab, renamed' }]);
    expect(last.sequence).toBe(1);
    expect((await feedOf(attendees[0]!.cookie)).map((e) => e.uid)).toEqual([`${attendees[0]!.seatId}@mentora`]);
  });

  it('editing a workshop with attendees moves their seats: each is e-mailed what changed with the updated invite, and their calendar follows', async () => {
    const w = await create({ startsAtLocal: `${dayIn(8)}T09:00`, title: 'Pitch clinic', capacity: 3 });
    const attendees = [await seat(w.id), await seat(w.id)];
    const feed = await call('POST', '/api/me/calendar-feed', {}, attendees[0]!.cookie);
    expect(feed.statusCode, feed.body).toBe(201);
    const before = (await mailsTo(attendees[0]!.email)).length;

    const edited = await call('PATCH', `/api/me/workshops/${w.id}`, {
      startsAtLocal: `${dayIn(8)}T14:00`,
      durationMinutes: 90,
      title: 'Pitch clinic, longer',
      description: 'Five pitches, each with notes.',
      priceCents: 2500,
      capacity: 2,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = edited.json() as { startsAt: string; endsAt: string; priceCents: number; seatsLeft: number };
    expect(vancouver(new Date(moved.startsAt))).toBe(`${dayIn(8)}T14:00`);
    expect(moved).toMatchObject({ priceCents: 2500, seatsLeft: 0 });

    for (const a of attendees) {
      const mails = (await mailsTo(a.email)).filter((m) => m.subject === 'Workshop updated: Pitch clinic, longer');
      expect(mails).toHaveLength(1);
      expect(inviteOf(mails[0]!)).toMatchObject({ method: 'REQUEST', uid: `${a.seatId}@mentora`, sequence: 1, start: moved.startsAt, end: moved.endsAt });
      expect(mails[0]!.text).toContain('has moved from');
      expect(mails[0]!.text).toContain(`(${zone})`);
      expect(mails[0]!.text).toContain('Its title was "Pitch clinic".');
      expect(mails[0]!.text).toContain('It now lasts 90 minutes (it was 60).');
      expect(mails[0]!.text).toContain('Five pitches, each with notes.');
      // The seat keeps its time with the workshop, the price it was booked at, and records the move.
      const view = (await ctx.app.inject({ url: `/api/sessions/${a.seatId}`, headers: { cookie: a.cookie } })).json();
      expect(view).toMatchObject({ startsAt: moved.startsAt, endsAt: moved.endsAt, durationMinutes: 90, totalAmountCents: 1500 });
      expect(view.moves).toEqual([expect.objectContaining({ toStartsAt: moved.startsAt, movedBy: 'expert' })]);
      // The seat's own download carries the same event.
      const ics = await ctx.app.inject({ url: `/api/sessions/${a.seatId}/calendar.ics`, headers: { cookie: a.cookie } });
      const event = new ICAL.Component(ICAL.parse(ics.body)).getFirstSubcomponent('vevent')!;
      expect(Number(event.getFirstPropertyValue('sequence'))).toBe(1);
      expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(moved.startsAt);
      expect(String(event.getFirstPropertyValue('description'))).toContain('Pitch clinic, longer');
    }
    expect((await mailsTo(attendees[0]!.email)).length).toBe(before + 1);
    // The attendee's calendar feed follows: one event for the seat, at the new time with the new SEQUENCE.
    const feedBody = (await ctx.app.inject({ url: new URL(feed.json().url as string).pathname })).body;
    const events = new ICAL.Component(ICAL.parse(feedBody)).getAllSubcomponents('vevent');
    expect(events.map((e) => [e.getFirstPropertyValue('uid'), Number(e.getFirstPropertyValue('sequence'))])).toEqual([[`${attendees[0]!.seatId}@mentora`, 1]]);
    expect((events[0]!.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(moved.startsAt);
    // The expert's own event follows once.
    expect(invites(await expertMailsAbout(w.id)).map((i) => [i.method, i.sequence, i.start])).toEqual([
      ['REQUEST', 0, w.startsAt],
      ['REQUEST', 1, moved.startsAt],
    ]);

    // A new description alone: told, with no invite (nothing in the calendar changes).
    expect((await call('PATCH', `/api/me/workshops/${w.id}`, { description: 'Six pitches.' })).statusCode).toBe(200);
    const told = (await mailsTo(attendees[1]!.email)).at(-1)!;
    expect(told.subject).toBe('Workshop updated: Pitch clinic, longer');
    expect(told.text).toContain('Six pitches.');
    expect(told.attachments ?? []).toEqual([]);

    // A new seat is sold at the new price.
    expect((await call('PATCH', `/api/me/workshops/${w.id}`, { capacity: 3 })).statusCode).toBe(200);
    const third = await seat(w.id);
    const thirdView = (await ctx.app.inject({ url: `/api/sessions/${third.seatId}`, headers: { cookie: third.cookie } })).json();
    expect(thirdView).toMatchObject({ totalAmountCents: 2500, startsAt: moved.startsAt });
  });

  it('refuses edits in the product’s words and changes nothing: below the seats sold, over an attendee’s session, once started', async () => {
    const w = await create({ startsAtLocal: `${dayIn(9)}T09:00`, title: 'Refusals', capacity: 4 });
    const [a, b] = [await seat(w.id), await seat(w.id), await seat(w.id)];
    const refused = async (body: object, message: string, headers: Record<string, string> = {}) => {
      const mails = (await mailsTo(a!.email)).length;
      const res = await call('PATCH', `/api/me/workshops/${w.id}`, body, expert.cookie, headers);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(message);
      expect((await mailsTo(a!.email)).length).toBe(mails);
      const view = (await ctx.app.inject({ url: `/api/sessions/${a!.seatId}`, headers: { cookie: a!.cookie } })).json();
      expect(view).toMatchObject({ startsAt: w.startsAt, durationMinutes: 60, moves: [] });
      expect((await ctx.app.inject({ url: `/api/me/workshops/${w.id}`, headers: { cookie: expert.cookie } })).json()).toMatchObject({
        startsAt: w.startsAt,
        capacity: 4,
        title: 'Refusals',
      });
    };
    await refused({ capacity: 2, title: 'Smaller' }, workshopMessages.capacityBelowTaken(3));
    // An attendee's own session three hours later: the workshop cannot move onto it.
    const other = await createExpert(ctx, { email: 'other-host-mail@example.com' });
    const later = new Date(Date.parse(w.startsAt) + 3 * 3_600_000).toISOString();
    const session = await book(ctx, b!.cookie, { expertId: other.expert.id, startsAt: later });
    expect(session.statusCode, session.body).toBe(201);
    await refused({ startsAtLocal: vancouver(new Date(later)), durationMinutes: 90 }, workshopMessages.attendeeClash);
    // Once it has started, nothing changes.
    await refused({ title: 'Too late' }, workshopMessages.startedLocked, { 'x-test-now': new Date(Date.parse(w.startsAt) + 60_000).toISOString() });
  });

  it('a workshop cancelled for its minimum attendance withdraws the expert’s invite too', async () => {
    const startsAt = new Date(Math.ceil((Date.now() + 40 * 3_600_000) / 3_600_000) * 3_600_000);
    const w = await create({ startsAtLocal: vancouver(startsAt), minAttendance: 3, title: 'Small group' });
    await seat(w.id);
    const deps = sessionDeps(ctx.config, ctx.database.db, simulatedProvider());
    expect(await cancelUnderAttendedWorkshops(deps, new Date(startsAt.getTime() - 23 * 3_600_000))).toBe(1);
    const mails = await expertMailsAbout(w.id);
    expect(invites(mails).map((i) => [i.method, i.sequence])).toEqual([
      ['REQUEST', 0],
      ['CANCEL', 1],
    ]);
  });
});
