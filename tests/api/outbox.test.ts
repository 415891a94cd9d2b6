import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema.js';
import { CLAIM_LEASE_MS, deliverDueEmails, enqueueEmail, type MailTransport } from '../../src/server/infra/mail/outbox.js';
import { fileTransport } from '../../src/server/infra/mail/transport.js';
import { createTestApp, type TestContext } from '../helpers/app.js';

describe('e-mail outbox', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('writes due messages as .eml files, marks them sent, and lists them at /dev/mailbox newest first', async () => {
    const db = ctx.database.db;
    await enqueueEmail(db, { to: 'first@example.com', subject: 'First', text: 'Open https://example.com/a' });
    await new Promise((r) => setTimeout(r, 5));
    await enqueueEmail(db, {
      to: 'second@example.com',
      subject: 'Second',
      text: 'Body',
      attachments: [{ filename: 'invite.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
    });
    const dir = path.join(ctx.config.dataDir, 'mail');
    const sent = await deliverDueEmails(db, fileTransport(dir, 'Mentora <no-reply@mentora.example>'));
    expect(sent).toBe(2);
    const files = readdirSync(dir);
    expect(files).toHaveLength(2);
    expect(readFileSync(path.join(dir, files.sort()[1]!), 'utf8')).toMatch(/Subject: Second[\s\S]*invite\.ics/);
    const rows = await db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.sentAt)).toBe(true);
    // Nothing is sent twice.
    expect(await deliverDueEmails(db, fileTransport(dir, 'x@example.com'))).toBe(0);

    const page = await ctx.app.inject('/dev/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.body.indexOf('Second')).toBeLessThan(page.body.indexOf('First'));
    expect(page.body).toContain('<a href="https://example.com/a">');

    // One person's mail: only the messages that name the address, any case.
    const mine = await ctx.app.inject('/dev/mailbox?to=FIRST@example.com');
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('First');
    expect(mine.body).not.toContain('Second');
    expect((await ctx.app.inject('/dev/mailbox?to=nobody@example.com')).body).toContain('No messages yet.');
  });

  it('writes .eml files with CRLF line ends throughout, bodies included, that a mail program reads as sent (RFC 5322 §2.3)', async () => {
    const db = ctx.database.db;
    await db.delete(emailOutbox);
    const text = 'First line\nSecond line\n\nLast line';
    await enqueueEmail(db, { to: 'lines@example.com', subject: 'Lines', text, html: '<p>One</p>\n<p>Two</p>' });
    const dir = path.join(ctx.config.dataDir, 'mail-lines');
    expect(await deliverDueEmails(db, fileTransport(dir, 'Mentora <no-reply@mentora.example>'))).toBe(1);
    const bytes = readFileSync(path.join(dir, readdirSync(dir)[0]!));
    expect(bytes.toString('latin1')).not.toMatch(/[^\r]\n|\r(?!\n)/);
    const parsed = await simpleParser(bytes);
    expect(parsed.subject).toBe('Lines');
    expect(parsed.text?.replace(/\r\n/g, '\n').trim()).toBe(text);
  });

  it('sends a burst of due messages in one run, not a few a tick', async () => {
    const db = ctx.database.db;
    await db.delete(emailOutbox);
    for (let i = 0; i < 120; i++) await enqueueEmail(db, { to: `burst-${i}@example.com`, subject: `Burst ${i}`, text: 'x' });
    const dir = path.join(ctx.config.dataDir, 'mail-burst');
    expect(await deliverDueEmails(db, fileTransport(dir, 'Mentora <no-reply@mentora.example>'))).toBe(120);
    expect(readdirSync(dir)).toHaveLength(120);
  });

  it('claims due messages in batches: two workers at once send every message once between them', async () => {
    const db = ctx.database.db;
    await db.delete(emailOutbox);
    for (let i = 0; i < 30; i++) await enqueueEmail(db, { to: `share-${i}@example.com`, subject: `Share ${i}`, text: 'x' });
    const seen: string[][] = [[], []];
    let secondHasSent!: () => void;
    const secondSent = new Promise<void>((resolve) => (secondHasSent = resolve));
    const worker = (n: 0 | 1): MailTransport => ({
      send: async (mail) => {
        seen[n]!.push(mail.subject);
        // The first worker holds its batch until the second has sent one, so that each claims a batch however the
        // two are scheduled (on a busy machine the first could otherwise claim every batch before the second starts).
        if (n === 1) secondHasSent();
        else await secondSent;
        await new Promise((r) => setTimeout(r, 2));
      },
    });
    const [a, b] = await Promise.all([deliverDueEmails(db, worker(0), { claimSize: 4 }), deliverDueEmails(db, worker(1), { claimSize: 4 })]);
    expect(a + b).toBe(30);
    expect(seen[0]!.length).toBeGreaterThan(0);
    expect(seen[1]!.length).toBeGreaterThan(0);
    const all = [...seen[0]!, ...seen[1]!];
    expect(all).toHaveLength(30);
    expect(new Set(all).size).toBe(30);
    const rows = await db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.sentAt)).toBe(true);
  });

  it('marks the other messages of a batch sent when one fails, and retries only the failed one', async () => {
    const db = ctx.database.db;
    await db.delete(emailOutbox);
    for (const n of [1, 2, 3]) await enqueueEmail(db, { to: `mixed-${n}@example.com`, subject: `Mixed ${n}`, text: 'x' });
    const seen: string[] = [];
    const picky: MailTransport = {
      send: async (mail) => {
        seen.push(mail.subject);
        if (mail.subject === 'Mixed 2') throw new Error('mailbox unavailable');
      },
    };
    expect(await deliverDueEmails(db, picky, { baseDelayMs: 60_000 })).toBe(2);
    const rows = await db.select().from(emailOutbox);
    const failed = rows.find((r) => r.subject === 'Mixed 2')!;
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'mailbox unavailable', sentAt: null });
    expect(
      rows
        .filter((r) => r.status === 'sent')
        .map((r) => r.subject)
        .sort(),
    ).toEqual(['Mixed 1', 'Mixed 3']);

    await db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(emailOutbox.id, failed.id));
    expect(await deliverDueEmails(db, { send: async (mail) => void seen.push(mail.subject) })).toBe(1);
    expect(seen.sort()).toEqual(['Mixed 1', 'Mixed 2', 'Mixed 2', 'Mixed 3']);
    const [retried] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, failed.id));
    expect(retried).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('retries a failing message with exponential backoff and marks it failed after the last attempt', async () => {
    const db = ctx.database.db;
    await db.delete(emailOutbox);
    await enqueueEmail(db, { to: 'flaky@example.com', subject: 'Flaky', text: 'x' });
    const broken: MailTransport = { send: async () => Promise.reject(new Error('connection refused')) };
    expect(await deliverDueEmails(db, broken, { baseDelayMs: 0, maxAttempts: 3 })).toBe(0);
    let [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'flaky@example.com'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });

    await db.update(emailOutbox).set({ nextAttemptAt: new Date(0) });
    const delayed = await deliverDueEmails(db, broken, { baseDelayMs: 60_000, maxAttempts: 3 });
    expect(delayed).toBe(0);
    [row] = await db.select().from(emailOutbox);
    expect(row!.attempts).toBe(2);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 100_000); // 60 s × 2^1
    // Not due yet: nothing happens.
    await deliverDueEmails(db, broken, { maxAttempts: 3 });
    [row] = await db.select().from(emailOutbox);
    expect(row!.attempts).toBe(2);

    await db.update(emailOutbox).set({ nextAttemptAt: new Date(0) });
    await deliverDueEmails(db, broken, { maxAttempts: 3 });
    [row] = await db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('stops before the next message once its signal is aborted (shutdown), hands the claimed rest back, and reuses the row id as Message-ID', async () => {
    const db = ctx.database.db;
    await db.delete(emailOutbox);
    for (const n of [1, 2, 3]) await enqueueEmail(db, { to: `stop-${n}@example.com`, subject: `Stop ${n}`, text: 'x' });
    const stopping = new AbortController();
    const seen: (string | undefined)[] = [];
    const transport: MailTransport = {
      send: async (mail) => {
        seen.push(mail.id);
        stopping.abort();
      },
    };
    expect(await deliverDueEmails(db, transport, { signal: stopping.signal })).toBe(1);
    const rows = await db.select().from(emailOutbox);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(2);
    expect(seen).toEqual([rows.find((r) => r.status === 'sent')!.id]);
    // Claimed with the first but not tried: handed back, attempt uncounted, due at once for any other server.
    for (const r of rows.filter((r) => r.status === 'pending')) {
      expect(r.attempts).toBe(0);
      expect(r.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }

    const dir = path.join(ctx.config.dataDir, 'mail-ids');
    await deliverDueEmails(db, fileTransport(dir, 'Mentora <no-reply@mentora.example>'));
    const ids = readdirSync(dir).map((f) => /Message-ID: <([^@]+)@mentora\.example>/i.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1]);
    expect(ids.sort()).toEqual(
      rows
        .filter((r) => r.status === 'pending')
        .map((r) => r.id)
        .sort(),
    );
  });

  it('keeps a message being sent from every other worker until its lease has passed, then sends it again once', async () => {
    const db = ctx.database.db;
    await db.delete(emailOutbox);
    await enqueueEmail(db, { to: 'slow@example.com', subject: 'Slow', text: 'x' });
    // A worker whose send never finishes (a stalled SMTP server, or a server killed mid-send).
    let stalled!: () => void;
    const stuck = deliverDueEmails(db, { send: () => new Promise<void>((resolve) => (stalled = resolve)) });
    await expect.poll(() => stalled).toBeDefined();
    const seen: string[] = [];
    const other: MailTransport = { send: async (mail) => void seen.push(mail.subject) };
    expect(await deliverDueEmails(db, other)).toBe(0);
    const [claimed] = await db.select().from(emailOutbox);
    expect(claimed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(claimed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + CLAIM_LEASE_MS - 60_000);

    await db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await deliverDueEmails(db, other)).toBe(1);
    expect(await deliverDueEmails(db, other)).toBe(0);
    expect(seen).toEqual(['Slow']);
    stalled();
    await stuck;
    const [row] = await db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('starts no send once its lease could run out mid-send: the rest of the batch is claimed again under a new lease', async () => {
    const db = ctx.database.db;
    await db.delete(emailOutbox);
    for (const n of [1, 2, 3]) await enqueueEmail(db, { to: `late-${n}@example.com`, subject: `Late ${n}`, text: 'x' });
    const leaseEnds = sql<number>`extract(epoch from ${emailOutbox.nextAttemptAt})::float8`;
    const now = performance.now.bind(performance);
    let skew = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now() + skew);
    const leases: Record<string, number> = {};
    try {
      const transport: MailTransport = {
        send: async (mail) => {
          const [row] = await db.select({ leaseEnds }).from(emailOutbox).where(eq(emailOutbox.id, mail.id!));
          leases[mail.subject] = row!.leaseEnds;
          // The first send takes four and a half minutes: another could outlast the five-minute lease.
          if (mail.subject === 'Late 1') skew += 4.5 * 60_000;
        },
      };
      expect(await deliverDueEmails(db, transport)).toBe(3);
    } finally {
      clock.mockRestore();
    }
    expect(leases['Late 2']).toBeGreaterThan(leases['Late 1']!);
    expect(leases['Late 3']).toBe(leases['Late 2']);
    // The attempt counted by the first claim was given back: one attempt each.
    const rows = await db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('does not serve /dev/mailbox in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    const res = await prod.app.inject('/dev/mailbox');
    expect(res.body).not.toContain('Dev mailbox');
    expect((await prod.app.inject('/dev/mailbox/x.eml')).body).not.toContain('BEGIN');
    await prod.close();
  });
});
