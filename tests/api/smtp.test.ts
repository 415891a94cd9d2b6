/**
 * E-mail over SMTP, against a real SMTP server started in the test (`smtp-server`) and
 * parsed with `mailparser`: recipients, subject, links and the .ics invite arrive; while the SMTP server is
 * down messages wait (attempts and next attempt stored) and are delivered exactly once when it is back; a message the
 * server refuses with a 5yz reply fails at once with that reply.
 * On PostgreSQL the same is checked through a real server process configured only by environment.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, sessions } from '../../src/server/db/schema.js';
import { deliverDueEmails, enqueueEmail } from '../../src/server/infra/mail/outbox.js';
import { smtpTransport } from '../../src/server/infra/mail/transport.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser } from '../helpers/auth.js';
import { book, createExpert, slotIn } from '../helpers/marketplace.js';
import { afterJobRuns, startServer } from '../helpers/server-process.js';
import { smtpSink, type SmtpSink } from '../helpers/smtp-sink.js';

const from = 'Mentora <no-reply@mentora.example>';
if (!process.env.TEST_DATABASE_URL) console.info('smtp: the server-process test is skipped — set TEST_DATABASE_URL to run it');

describe('e-mail over SMTP', () => {
  let ctx: TestContext;
  let sink: SmtpSink;
  beforeAll(async () => {
    [ctx, sink] = await Promise.all([createTestApp(), smtpSink()]);
  });
  afterAll(async () => {
    await sink.stop();
    await ctx.close();
  });

  it('delivers the booking e-mails with the right recipients, subject, links and .ics invite, and the client their receipt', async () => {
    const expert = await createExpert(ctx, { email: 'smtp-expert@example.com' });
    const client = await createUser(ctx, { email: 'smtp-client@example.com', firstName: 'Casey', lastName: 'Client' });
    const res = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(30) });
    expect(res.statusCode).toBe(201);
    const [session] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, res.json().session.id));

    const sent = await deliverDueEmails(ctx.database.db, smtpTransport(sink.url, from));
    expect(sent).toBe(3);
    await sink.waitFor(3);
    const addressOf = (m: (typeof sink.messages)[number]) => (m.to && !Array.isArray(m.to) ? m.to.value[0]!.address : '');
    // The client's receipt for the payment (docs/product.md "Payments"), as a mail program reads it.
    const receipts = sink.messages.filter((m) => m.subject?.startsWith('Receipt:'));
    expect(receipts.map(addressOf)).toEqual(['smtp-client@example.com']);
    expect(receipts[0]!.subject).toBe('Receipt: $90.00 paid for your session with Erin Expert');
    expect(receipts[0]!.text).toContain('Amount paid: $90.00');
    expect(receipts[0]!.text).toContain('Card: Visa ending 4242');
    expect(receipts[0]!.html).toContain(`href="http://localhost:3000/session/${session!.id}"`);
    const byRecipient = new Map(sink.messages.filter((m) => !receipts.includes(m)).map((m) => [addressOf(m), m]));
    expect([...byRecipient.keys()].sort()).toEqual(['smtp-client@example.com', 'smtp-expert@example.com']);
    for (const mail of byRecipient.values()) {
      expect(mail.from?.value[0]?.address).toBe('no-reply@mentora.example');
      expect(mail.subject).toBe('Session booked: Casey Client with Erin Expert');
      expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@mentora\.example>$/);
      expect(mail.text).toContain(session!.meetingUrl);
      expect(mail.html).toContain(`href="http://localhost:3000/session/${session!.id}"`);
      const invite = mail.attachments.find((a) => a.filename === 'mentora-session.ics');
      expect(invite?.contentType).toBe('text/calendar');
      const ics = invite!.content.toString('utf8');
      expect(ics).toContain('BEGIN:VCALENDAR');
      expect(ics).toContain(`UID:${session!.id}@mentora`);
      expect(ics.replace(/\r\n /g, '')).toContain(session!.meetingUrl);
    }
  });

  it('keeps messages while the SMTP server is down and delivers each exactly once when it is back', async () => {
    const db = ctx.database.db;
    sink.messages.length = 0;
    for (const n of [1, 2, 3]) await enqueueEmail(db, { to: `outage-${n}@example.com`, subject: `Outage ${n}`, text: `Message ${n}` });
    await sink.stop();
    const transport = smtpTransport(sink.url, from);

    expect(await deliverDueEmails(db, transport, { baseDelayMs: 60_000, maxAttempts: 5 })).toBe(0);
    const waiting = await db.select().from(emailOutbox).where(like(emailOutbox.subject, 'Outage %'));
    expect(waiting).toHaveLength(3);
    for (const row of waiting) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.lastError).toMatch(/ECONNREFUSED/);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    }
    // Not due yet: the worker leaves them alone even though the server is back.
    await sink.start();
    expect(await deliverDueEmails(db, transport)).toBe(0);

    await db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(like(emailOutbox.subject, 'Outage %'));
    // Two workers at once (two servers): each message still goes out once.
    const [a, b] = await Promise.all([deliverDueEmails(db, transport), deliverDueEmails(db, transport)]);
    expect(a + b).toBe(3);
    expect(await deliverDueEmails(db, transport)).toBe(0);
    // Every delivery has returned, and the sink keeps a message before it answers its DATA: a duplicate would be here.
    expect(sink.messages.map((m) => m.subject).sort()).toEqual(['Outage 1', 'Outage 2', 'Outage 3']);
    const rows = await db.select().from(emailOutbox).where(like(emailOutbox.subject, 'Outage %'));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 2 && r.sentAt)).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('e-mail over SMTP from a server process (PostgreSQL; set TEST_DATABASE_URL)', () => {
  it('retries with backoff while SMTP is down, delivers once when it is back, and fails a message refused with 550 at its first try, with the reply', async () => {
    const ctx = await createTestApp();
    const sink = await smtpSink({ refuse: (address) => address === 'nobody@example.com' });
    await sink.stop();
    const db = ctx.database.db;
    const server = await startServer({
      DATABASE_URL: ctx.database.pool!.options.connectionString!,
      SMTP_URL: sink.url,
      MAIL_FROM: from,
      OUTBOX_INTERVAL_MS: '100',
      // Tries 1 s, 2 s, 4 s and 8 s apart: the test sees the first failed try long before the tries run out, however
      // slowly the machine runs it, and the server back within a couple of seconds.
      MAIL_RETRY_DELAY_MS: '1000',
      MAIL_MAX_ATTEMPTS: '5',
    });
    try {
      await enqueueEmail(db, { to: 'later@example.com', subject: 'Sent later', text: 'Hello' });
      const row = async (subject: string) => (await db.select().from(emailOutbox).where(eq(emailOutbox.subject, subject)))[0]!;
      const until = async (check: () => Promise<boolean>, what: string) => {
        const deadline = Date.now() + 20_000;
        while (!(await check())) {
          if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      let afterFirstTry: Awaited<ReturnType<typeof row>> | undefined;
      await until(async () => (afterFirstTry = await row('Sent later')).attempts >= 1, 'the first try failed');
      expect(afterFirstTry).toMatchObject({ status: 'pending' });
      await sink.start();
      // Queued once the server is back, so that its first try meets the refusal (not the outage).
      await enqueueEmail(db, { to: 'nobody@example.com', subject: 'Refused', text: 'Hello' });
      await until(async () => (await row('Sent later')).status === 'sent', 'the message was sent');
      await until(async () => (await row('Refused')).status === 'failed', 'the refused message failed');
      // A 5yz reply is permanent (RFC 5321 §4.2.1): never retried, the server's reply kept.
      expect(await row('Refused')).toMatchObject({ attempts: 1 });
      expect((await row('Refused')).lastError).toMatch(/^550 .*Mailbox unavailable/);
      // A second copy would come from a later run of the outbox: two more runs have ended.
      await afterJobRuns([server], 'outbox delivery', 2);
      expect(sink.messages.filter((m) => m.subject === 'Sent later')).toHaveLength(1);
    } finally {
      expect(await server.stop()).toBe(0);
      await sink.stop();
      await ctx.close();
    }
  }, 150_000);
});
