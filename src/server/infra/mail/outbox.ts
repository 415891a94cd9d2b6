/**
 * Transactional e-mail outbox. `enqueueEmail` writes a row in the caller's
 * transaction; `deliverDueEmails` claims due rows with FOR UPDATE SKIP LOCKED so several servers never
 * send one message twice (the row stays locked until its send is recorded), sends each through the
 * transport, and retries with exponential backoff. A server killed between the SMTP server's
 * acceptance and the commit leaves the row pending, so it is sent again: each message carries a
 * Message-ID made from its row id so that a receiver can recognise the repeat.
 */
import { and, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
  /** The outbox row id; transports derive the Message-ID from it. */
  id?: string;
};

/** Anything that can deliver one message; throws when it cannot. */
export type MailTransport = { send: (mail: OutgoingEmail) => Promise<void> };

/**
 * The insert of pending messages `mails`, as a statement not yet run: awaited alone, or embedded in the single
 * statement of the change the messages report (the booking's), so they commit or roll back with it.
 */
export function outboxInsert(db: Db | Tx, mails: OutgoingEmail[]) {
  return db
    .insert(emailOutbox)
    .values(mails.map((mail) => ({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments ?? null })));
}

/** Inserts one pending message; call it inside the transaction of the change it reports. */
export async function enqueueEmail(db: Db | Tx, mail: OutgoingEmail): Promise<void> {
  await outboxInsert(db, [mail]);
}

export type DeliveryOptions = { batchSize?: number; maxAttempts?: number; baseDelayMs?: number; signal?: AbortSignal };

/**
 * Sends up to `batchSize` (default 500) due messages, one transaction each: a run empties a burst (a day of bookings'
 * confirmations and reminders, a cancelled workshop) instead of sending a fixed few a tick while the rest wait. A failure stores the attempt count and error
 * and schedules the next attempt after baseDelayMs × 2^(attempts-1) (ms); after `maxAttempts` failures the
 * message is marked failed. Stops before the next message once `signal` is aborted (shutdown).
 * Returns the number of messages sent.
 */
export async function deliverDueEmails(db: Db, transport: MailTransport, opts: DeliveryOptions = {}): Promise<number> {
  const { batchSize = 500, maxAttempts = 8, baseDelayMs = 30_000 } = opts;
  let sent = 0;
  const tried: string[] = []; // a message that failed waits for its next attempt, not for the next loop turn
  for (let i = 0; i < batchSize && !opts.signal?.aborted; i++) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`), tried.length ? notInArray(emailOutbox.id, tried) : undefined))
        .orderBy(emailOutbox.createdAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return 'empty' as const;
      tried.push(row.id);
      try {
        await transport.send({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          attachments: row.attachments ?? undefined,
        });
        await tx
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1 })
          .where(eq(emailOutbox.id, row.id));
        return 'sent' as const;
      } catch (err) {
        const attempts = row.attempts + 1;
        await tx
          .update(emailOutbox)
          .set({
            attempts,
            status: attempts >= maxAttempts ? 'failed' : 'pending',
            lastError: err instanceof Error ? err.message.slice(0, 500) : 'send failed',
            nextAttemptAt: new Date(Date.now() + baseDelayMs * 2 ** (attempts - 1)),
          })
          .where(eq(emailOutbox.id, row.id));
        return 'failed' as const;
      }
    });
    if (done === 'empty') break;
    if (done === 'sent') sent++;
  }
  return sent;
}

/** The outbox as monitoring sees it (GET /metrics): messages still to send, the oldest one's age, and given-up ones. */
export type OutboxBacklog = {
  /** Messages not sent yet, due now or waiting for a retry (status `pending`). */
  pending: number;
  /** Seconds since the oldest pending message was queued; 0 when none is pending. */
  oldestPendingSeconds: number;
  /** Messages given up after MAIL_MAX_ATTEMPTS tries (status `failed`); they are never sent. */
  failed: number;
};

/** Reads the backlog in one statement over the (status, next_attempt_at) index; sent messages are not read. */
export async function outboxBacklog(db: Db): Promise<OutboxBacklog> {
  const pending = sql`${emailOutbox.status} = 'pending'`;
  const [row] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${pending}))::int`,
      oldestPendingSeconds: sql<number>`coalesce(extract(epoch from now() - min(${emailOutbox.createdAt}) filter (where ${pending})), 0)::float8`,
      failed: sql<number>`(count(*) filter (where ${emailOutbox.status} = 'failed'))::int`,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ['pending', 'failed']));
  return { pending: row?.pending ?? 0, oldestPendingSeconds: Math.max(0, row?.oldestPendingSeconds ?? 0), failed: row?.failed ?? 0 };
}
