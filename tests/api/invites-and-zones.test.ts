import { sessionDeps } from '../../src/server/modules/sessions/deps.js';
/**
 * Calendar invites (RFC 5545 / RFC 5546) and each user's time zone (docs/product.md "E-mail", "Sessions"): every
 * invite the product sends is read back with an independent parser (ical.js); every e-mail is written in its
 * recipient's zone, named; reminders go 24 hours and 1 hour before, once each.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, sessions, user } from '../../src/server/db/schema.js';
import { simulatedProvider } from '../../src/server/infra/payments/simulated.js';
import { settleDisputedSession } from '../../src/server/modules/sessions/use-cases/settle-dispute.js';
import { sendDueReminders } from '../../src/server/modules/sessions/use-cases/send-session-reminders.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert, shift, slotIn, visa } from '../helpers/marketplace.js';

const json = { origin, 'content-type': 'application/json' };
// Long and non-ASCII: the ATTENDEE line with this name passes 75 octets before 75 characters.
const clientName = { firstName: 'Zoë', lastName: 'Ångström-Łukasiewicz Ñúñez' };

type Mail = typeof emailOutbox.$inferSelect;
/** The client's receipts (docs/product.md "Payments") carry no invite. */
const isReceipt = (m: Mail) => m.subject.startsWith('Receipt:');

/** The invite attached to `mail`, as a calendar program reads it (ical.js), after checking its folding. */
function inviteOf(mail: Mail) {
  const attachment = mail.attachments?.find((a) => a.filename.endsWith('.ics'));
  if (!attachment) throw new Error(`no invite attached to "${mail.subject}" for ${mail.to}`);
  for (const line of attachment.content.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const calendar = new ICAL.Component(ICAL.parse(attachment.content));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const mailto = (p: ICAL.Property | null) =>
    String(p?.getFirstValue())
      .toLowerCase()
      .replace(/^mailto:/, '');
  return {
    contentType: attachment.contentType,
    method: calendar.getFirstPropertyValue('method'),
    prodId: String(calendar.getFirstPropertyValue('prodid')),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    status: vevent.getFirstPropertyValue('status'),
    stamp: vevent.getFirstPropertyValue('dtstamp'),
    start: (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    location: vevent.getFirstPropertyValue('location'),
    url: vevent.getFirstPropertyValue('url'),
    description: String(vevent.getFirstPropertyValue('description')),
    organizer: mailto(vevent.getFirstProperty('organizer')),
    attendees: vevent
      .getAllProperties('attendee')
      .map((a) => ({ email: mailto(a), name: a.getParameter('cn') }))
      .sort((a, b) => a.email.localeCompare(b.email)),
  };
}

describe('calendar invites and time zones', () => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  const outbox = () => ctx.database.db.select().from(emailOutbox);
  const zoneOf = async (id: string) => (await ctx.database.db.select({ z: user.timeZone }).from(user).where(eq(user.id, id)))[0]!.z;
  const deps = () => sessionDeps(ctx.config, ctx.database.db, simulatedProvider());
  const book = (cookie: string, startsAt: string, timeZone?: string, expertSlug = expert.expert.slug) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { ...json, cookie, 'idempotency-key': randomUUID() },
      payload: { expertId: expertSlug, startsAt, durationMinutes: 60, topic: 'Zones', kind: 'paid', card: visa, ...(timeZone ? { timeZone } : {}) },
    });
  const putZone = (cookie: string, timeZone: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/me/time-zone', headers: { ...json, cookie }, payload: { timeZone } });

  beforeAll(async () => {
    ctx = await createTestApp();
    client = await createUser(ctx, { email: 'zoe@example.com', ...clientName });
    expert = await createExpert(ctx, { email: 'erin@example.com', rateCents: 9000, policy: 'flexible' });
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.delete(emailOutbox);
  });

  it('books with a REQUEST invite to both parties, each e-mail in its recipient zone, and keeps the client zone of the first booking', async () => {
    expect(await zoneOf(client.id)).toBeNull();
    const res = await book(client.cookie, slotIn(50), 'Asia/Tokyo');
    expect(res.statusCode).toBe(201);
    const s = res.json().session;
    expect(await zoneOf(client.id)).toBe('Asia/Tokyo');
    const all = await outbox();
    // The client's payment receipt goes with the booking (tests/api/money.test.ts reads it); the rest carry invites.
    expect(all.filter(isReceipt).map((m) => m.to)).toEqual(['zoe@example.com']);
    const mails = all.filter((m) => !isReceipt(m));
    expect(mails.map((m) => m.to).sort()).toEqual(['erin@example.com', 'zoe@example.com']);
    const toClient = mails.find((m) => m.to === 'zoe@example.com')!;
    const toExpert = mails.find((m) => m.to === 'erin@example.com')!;
    expect(toClient.text).toContain('(Asia/Tokyo)');
    expect(toExpert.text).toContain('(America/Vancouver)');
    for (const mail of mails) {
      const invite = inviteOf(mail);
      expect(invite).toMatchObject({
        contentType: 'text/calendar; charset=utf-8; method=REQUEST',
        method: 'REQUEST',
        uid: `${s.id}@mentora`,
        sequence: 0,
        status: 'CONFIRMED',
        start: new Date(s.startsAt).toISOString(),
        location: s.meetingUrl,
        url: s.meetingUrl,
        organizer: 'no-reply@mentora.example',
      });
      expect(invite.prodId).toContain('//Mentora//');
      expect(invite.stamp).toBeTruthy();
      expect(invite.attendees).toEqual([
        { email: 'erin@example.com', name: 'Erin Expert' },
        { email: 'zoe@example.com', name: `${clientName.firstName} ${clientName.lastName}` },
      ]);
    }
    expect(inviteOf(toClient).description).toContain('(Asia/Tokyo)');
    expect(inviteOf(toExpert).description).toContain('(America/Vancouver)');

    // A later booking from another zone does not replace the stored one.
    expect((await book(client.cookie, slotIn(60), 'Europe/Paris')).statusCode).toBe(201);
    expect(await zoneOf(client.id)).toBe('Asia/Tokyo');
  });

  it('sets the zone on /account: validated, named in the account, used by later e-mails', async () => {
    const bad = await putZone(client.cookie, 'Mars/Olympus_Mons');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please choose a valid time zone (for example Europe/London)');
    expect(await zoneOf(client.id)).toBe('Asia/Tokyo');
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/me/time-zone', headers: json, payload: { timeZone: 'Europe/Berlin' } })).statusCode).toBe(401);

    const ok = await putZone(client.cookie, 'Europe/Berlin');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().timeZone).toBe('Europe/Berlin');
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: client.cookie } })).json().user.timeZone).toBe('Europe/Berlin');
  });

  it('sends METHOD:CANCEL with the same UID and a higher SEQUENCE to both parties, whoever cancels', async () => {
    for (const [who, cookie] of [
      ['client', () => client.cookie],
      ['expert', () => expert.cookie],
    ] as const) {
      await ctx.database.db.delete(emailOutbox);
      const s = (await book(client.cookie, slotIn(who === 'client' ? 70 : 80))).json().session;
      const booked = await outbox();
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/sessions/${s.id}/cancel`,
        headers: { ...json, cookie: cookie() },
        payload: { reason: 'Plans changed' },
      });
      expect(res.statusCode).toBe(200);
      const cancels = (await outbox()).filter((m) => !booked.some((b) => b.id === m.id) && !isReceipt(m));
      expect(cancels.map((m) => m.to).sort()).toEqual(['erin@example.com', 'zoe@example.com']);
      for (const mail of cancels) {
        const invite = inviteOf(mail);
        expect(invite).toMatchObject({ method: 'CANCEL', uid: `${s.id}@mentora`, sequence: 1, status: 'CANCELLED', organizer: 'no-reply@mentora.example' });
        expect(invite.attendees.map((a) => a.email)).toEqual(['erin@example.com', 'zoe@example.com']);
        expect(Number(invite.sequence)).toBeGreaterThan(Number(inviteOf(booked.find((b) => b.to === mail.to)!).sequence));
      }
      expect(cancels.find((m) => m.to === 'zoe@example.com')!.text).toContain('(Europe/Berlin)');
      expect(cancels.find((m) => m.to === 'erin@example.com')!.text).toContain('(America/Vancouver)');
      const [row] = await ctx.database.db.select({ n: sessions.inviteSequence }).from(sessions).where(eq(sessions.id, s.id));
      expect(row!.n).toBe(1);
    }
  });

  it('sends METHOD:CANCEL to both parties when the team decides a dispute for the client', async () => {
    const s = (await book(client.cookie, slotIn(110))).json().session;
    await shift(ctx, s.id, -111); // started an hour ago
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/sessions/${s.id}/dispute`,
          headers: { ...json, cookie: client.cookie },
          payload: { description: 'The expert never joined.' },
        })
      ).statusCode,
    ).toBe(200);
    await ctx.database.db.delete(emailOutbox);
    await ctx.database.db.transaction((tx) =>
      settleDisputedSession(tx, deps(), s.id, { decision: 'client', refundCents: 9000 }, expert.id, 'The expert did not join'),
    );
    const all = await outbox();
    expect(all.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['erin@example.com', `Session cancelled: ${clientName.firstName} ${clientName.lastName} with Erin Expert`],
      ['zoe@example.com', 'Receipt: $90.00 refunded for your session with Erin Expert'],
      ['zoe@example.com', `Session cancelled: ${clientName.firstName} ${clientName.lastName} with Erin Expert`],
    ]);
    const cancels = all.filter((m) => !isReceipt(m));
    for (const mail of cancels) expect(inviteOf(mail)).toMatchObject({ method: 'CANCEL', uid: `${s.id}@mentora`, sequence: 1, status: 'CANCELLED' });
    expect(cancels[0]!.text).toContain('cancelled by the Mentora team');
  });

  it('reminds each party 24 hours and 1 hour before, once each, in their own zone, with several workers at once', async () => {
    const s = (await book(client.cookie, slotIn(90))).json().session;
    await ctx.database.db.delete(emailOutbox);
    const reminders = async () => (await outbox()).filter((m) => m.subject.startsWith('Reminder') && m.text.includes(s.id));
    expect(await sendDueReminders(deps())).toBe(0);
    await shift(ctx, s.id, -70); // now starts in about 20 hours
    await Promise.all([sendDueReminders(deps()), sendDueReminders(deps())]);
    await sendDueReminders(deps());
    const day = await reminders();
    expect(day.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['erin@example.com', `Reminder: your Mentora session with ${clientName.firstName} ${clientName.lastName} is tomorrow`],
      ['zoe@example.com', 'Reminder: your Mentora session with Erin Expert is tomorrow'],
    ]);
    expect(day.find((m) => m.to === 'zoe@example.com')!.text).toContain('(Europe/Berlin)');
    expect(day.find((m) => m.to === 'erin@example.com')!.text).toContain('(America/Vancouver)');

    await shift(ctx, s.id, -19.5); // now starts in about 30 minutes
    await Promise.all([sendDueReminders(deps()), sendDueReminders(deps())]);
    await sendDueReminders(deps());
    const hour = (await reminders()).filter((m) => m.subject.endsWith('starts in 1 hour'));
    expect(hour.map((m) => m.to).sort()).toEqual(['erin@example.com', 'zoe@example.com']);
    expect(await reminders()).toHaveLength(4);
  });

  it('sends only the hour reminder for a session first seen within the hour', async () => {
    // Another client and expert: the earlier test's session is in the same hour.
    const late = await createUser(ctx, { email: 'late@example.com' });
    const busy = await createExpert(ctx, { email: 'ed@example.com' });
    const s = (await book(late.cookie, slotIn(100), undefined, busy.expert.slug)).json().session;
    await shift(ctx, s.id, -99.5);
    await ctx.database.db.delete(emailOutbox);
    await sendDueReminders(deps());
    await sendDueReminders(deps());
    const sent = (await outbox()).filter((m) => m.text.includes(s.id));
    expect(sent.map((m) => m.subject.endsWith('starts in 1 hour'))).toEqual([true, true]);
  });

  it('stores the zone the browser reports when the profile is completed, never replacing one', async () => {
    const fresh = await createUser(ctx, { email: 'fresh@example.com' });
    const save = (timeZone: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/me/profile',
        headers: { ...json, cookie: fresh.cookie },
        payload: { firstName: 'Fresh', lastName: 'Start', role: 'client', timeZone },
      });
    expect((await save('Nowhere/Land')).statusCode).toBe(400);
    expect(await zoneOf(fresh.id)).toBeNull();
    expect((await save('America/Sao_Paulo')).json().timeZone).toBe('America/Sao_Paulo');
    expect((await save('Australia/Sydney')).json().timeZone).toBe('America/Sao_Paulo');
  });
});
