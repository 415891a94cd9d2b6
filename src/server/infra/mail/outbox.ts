/**
 * Transactional e-mail outbox. `enqueueEmail` writes a row in the caller's transaction; `deliverDueEmails` claims
 * one due row at a time with FOR UPDATE SKIP LOCKED and a lease, so several servers never send one message at once,
 * sends it through the transport, and retries with exponential backoff. A server killed between the SMTP server's
 * acceptance and the mark of the send leaves the row pending, so it is sent again once the lease has passed: each
 * message carries a Message-ID made from its row id so that a receiver can recognise the repeat.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
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
 * How long a claimed message is kept from other workers while it is sent (ms): longer than the slowest send the
 * SMTP transport allows (its connection, greeting and socket timeouts), so a message is never sent by two workers
 * at once; a worker that dies mid-send leaves the message to be tried again once this has passed.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;

/**
 * The outbox's two statements per message, prepared once per database: a claim that takes the oldest due message
 * (FOR UPDATE SKIP LOCKED, in the (status, next_attempt_at) index's order), counts the attempt and moves its next
 * attempt past the lease in one autocommitted statement, and the mark of a sent message. Without a transaction
 * held open across the send, a slow SMTP server keeps no database connection busy, and a message costs two round
 * trips instead of four (docs/performance.md "Booking cost with its e-mails").
 */
function outboxStatements(db: Db) {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        lte(emailOutbox.nextAttemptAt, sql`now()`),
        sql`not (${emailOutbox.id} = any(${sql.placeholder('skip')}::uuid[]))`,
      ),
    )
    .orderBy(emailOutbox.nextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true });
  return {
    claim: db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + ${sql.raw(`interval '${CLAIM_LEASE_MS} milliseconds'`)}` })
      .where(eq(emailOutbox.id, sql`(${due})`))
      .returning()
      .prepare('outbox_claim'),
    sent: db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: sql`now()` })
      .where(eq(emailOutbox.id, sql.placeholder('id')))
      .prepare('outbox_sent'),
  };
}
const statements = new WeakMap<Db, ReturnType<typeof outboxStatements>>();

/**
 * Sends up to `batchSize` (default 500) due messages: a run empties a burst (a day of bookings' confirmations and
 * reminders, a cancelled workshop) instead of sending a fixed few a tick while the rest wait. Each message is claimed
 * (its attempt counted, kept from other workers for CLAIM_LEASE_MS), sent, then marked sent. A failure stores the
 * error and schedules the next attempt after baseDelayMs × 2^(attempts-1) (ms); after `maxAttempts` attempts the
 * message is marked failed. Stops before the next message once `signal` is aborted (shutdown).
 * Returns the number of messages sent.
 */
export async function deliverDueEmails(db: Db, transport: MailTransport, opts: DeliveryOptions = {}): Promise<number> {
  const { batchSize = 500, maxAttempts = 8, baseDelayMs = 30_000 } = opts;
  let prepared = statements.get(db);
  if (!prepared) statements.set(db, (prepared = outboxStatements(db)));
  const { claim, sent: markSent } = prepared;
  let sent = 0;
  const failed: string[] = []; // a message that failed waits for its next attempt, not for the next loop turn
  for (let i = 0; i < batchSize && !opts.signal?.aborted; i++) {
    const [row] = await claim.execute({ skip: failed });
    if (!row) break;
    try {
      await transport.send({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        attachments: row.attachments ?? undefined,
      });
    } catch (err) {
      failed.push(row.id);
      await db
        .update(emailOutbox)
        .set({
          status: row.attempts >= maxAttempts ? 'failed' : 'pending',
          lastError: err instanceof Error ? err.message.slice(0, 500) : 'send failed',
          nextAttemptAt: new Date(Date.now() + baseDelayMs * 2 ** (row.attempts - 1)),
        })
        .where(eq(emailOutbox.id, row.id));
      continue;
    }
    await markSent.execute({ id: row.id });
    sent++;
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
