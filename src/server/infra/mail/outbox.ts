/**
 * Transactional e-mail outbox. `enqueueEmail` writes a row in the caller's transaction; `deliverDueEmails` claims
 * a batch of due rows with FOR UPDATE SKIP LOCKED and a lease, so several servers never send one message at once,
 * sends them through the transport, and retries with exponential backoff. A server killed between the SMTP server's
 * acceptance and the mark of the send leaves the row pending, so it is sent again once the lease has passed: each
 * message carries a Message-ID made from its row id so that a receiver can recognise the repeat.
 */
import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';

export type MailAttachment = { filename: string; contentType: string; content: string; encoding?: 'base64' };

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `content` is text, or base64 for a binary file (`encoding: 'base64'`, a PDF). */
  attachments?: MailAttachment[];
  /** The outbox row id; transports derive the Message-ID from it. Given at enqueue, it is the row's id (a caller that links to the message). */
  id?: string;
  /** The https address that switches this kind of e-mail off in one click (List-Unsubscribe, RFC 8058), for e-mails a recipient can switch off. */
  unsubscribeUrl?: string;
};

/** Anything that can deliver one message; throws when it cannot. */
export type MailTransport = { send: (mail: OutgoingEmail) => Promise<void> };

/**
 * The insert of pending messages `mails`, as a statement not yet run: awaited alone, or embedded in the single
 * statement of the change the messages report (the booking's), so they commit or roll back with it.
 */
export function outboxInsert(db: Db | Tx, mails: OutgoingEmail[], fill?: { slot: string; value: SQL }) {
  // `fill` puts a value the same statement computes (a receipt's number) in place of `slot` in the bodies.
  const filled = <T extends string | undefined>(body: T) => (fill && body?.includes(fill.slot) ? sql`replace(${body}, ${fill.slot}, ${fill.value})` : body);
  return db.insert(emailOutbox).values(
    mails.map(({ id, to, subject, text, html, attachments, unsubscribeUrl }) => ({
      id,
      to,
      subject,
      text: filled(text),
      html: filled(html),
      attachments,
      listUnsubscribe: unsubscribeUrl,
    })),
  );
}

/** Inserts one pending message; call it inside the transaction of the change it reports. */
export async function enqueueEmail(db: Db | Tx, mail: OutgoingEmail): Promise<void> {
  await outboxInsert(db, [mail]);
}

export type DeliveryOptions = {
  batchSize?: number;
  /** Messages claimed by one statement (default CLAIM_BATCH). */
  claimSize?: number;
  maxAttempts?: number;
  baseDelayMs?: number;
  signal?: AbortSignal;
};

/**
 * How long claimed messages are kept from other workers while they are sent (ms). A claim holds a batch, and a
 * worker starts no send later than SEND_BOUND_MS before its lease ends, so a message is never sent by two workers at
 * once; a worker that dies mid-batch leaves its messages to be tried again once this has passed.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;

/**
 * The longest one send may take (ms): the SMTP transport's connection, greeting and socket timeouts (10 + 10 + 30 s,
 * transport.ts) with a margin. A send that could outlast the lease is not started; its message goes back to the queue.
 */
const SEND_BOUND_MS = 60_000;

/** Messages one claim takes: a burst costs two statements per this many messages instead of two per message. */
const CLAIM_BATCH = 50;

/**
 * Sent messages are marked at the end of their batch, or once this long (ms) has passed since the last mark: a
 * worker killed mid-batch (no shutdown) sends again, after the lease, at most the messages of this last stretch.
 */
const MARK_EVERY_MS = 1000;

/**
 * The outbox's statements, prepared once per database: a claim that takes up to `limit` of the oldest due messages
 * (FOR UPDATE SKIP LOCKED, in the (status, next_attempt_at) index's order, chosen once as an array), counts an attempt
 * on each and moves their next attempt past the lease in one autocommitted statement; the mark of the sent ones; and
 * the release of claimed messages not tried (shutdown, or a lease too short for another send), which gives their
 * attempt back and makes them due at once. Without a transaction held open across the sends, a slow SMTP server
 * keeps no database connection busy (docs/performance.md "Booking cost with its e-mails").
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
    .limit(sql.placeholder('limit'))
    .for('update', { skipLocked: true });
  const ids = sql`${emailOutbox.id} = any(${sql.placeholder('ids')}::uuid[])`;
  return {
    claim: db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + ${sql.raw(`interval '${CLAIM_LEASE_MS} milliseconds'`)}` })
      .where(sql`${emailOutbox.id} = any(array(${due}))`)
      .returning()
      .prepare('outbox_claim'),
    sent: db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: sql`now()` })
      .where(ids)
      .prepare('outbox_sent'),
    release: db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} - 1`, nextAttemptAt: sql`now()` })
      .where(and(ids, eq(emailOutbox.status, 'pending')))
      .prepare('outbox_release'),
  };
}
const statements = new WeakMap<Db, ReturnType<typeof outboxStatements>>();

/**
 * Sends up to `batchSize` (default 500) due messages: a run empties a burst (a day of bookings' confirmations and
 * reminders, a cancelled workshop) instead of sending a fixed few a tick while the rest wait. Messages are claimed
 * `claimSize` at a time (each attempt counted, kept from other workers for CLAIM_LEASE_MS), sent one after another,
 * and the sent ones marked by one statement per batch (or per MARK_EVERY_MS). A failure stores the error and
 * schedules the next attempt after baseDelayMs × 2^(attempts-1) (ms); after `maxAttempts` attempts, or at once when the
 * mail server refused it for good (`permanentRefusal`, its reply kept as the error), the message is marked failed. Once `signal` is aborted (shutdown), no further message is sent: the sent ones are marked and the
 * claimed rest released to any worker. Returns the number of messages sent.
 */
export async function deliverDueEmails(db: Db, transport: MailTransport, opts: DeliveryOptions = {}): Promise<number> {
  const { batchSize = 500, claimSize = CLAIM_BATCH, maxAttempts = 8, baseDelayMs = 30_000, signal } = opts;
  let prepared = statements.get(db);
  if (!prepared) statements.set(db, (prepared = outboxStatements(db)));
  const { claim, sent: markSent, release } = prepared;
  let sent = 0;
  const failed: string[] = []; // a message that failed waits for its next attempt, not for the next claim
  while (sent + failed.length < batchSize && !signal?.aborted) {
    const claimedAt = performance.now();
    const rows = await claim.execute({ skip: failed, limit: Math.min(claimSize, batchSize - sent - failed.length) });
    if (!rows.length) break;
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    let done: string[] = [];
    let markedAt = claimedAt;
    const mark = async () => {
      if (done.length) await markSent.execute({ ids: done });
      sent += done.length;
      done = [];
      markedAt = performance.now();
    };
    let next = 0;
    for (; next < rows.length; next++) {
      if (signal?.aborted || performance.now() - claimedAt > CLAIM_LEASE_MS - SEND_BOUND_MS) break;
      const row = rows[next]!;
      try {
        await transport.send({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          attachments: row.attachments ?? undefined,
          unsubscribeUrl: row.listUnsubscribe ?? undefined,
        });
      } catch (err) {
        failed.push(row.id);
        const refusal = permanentRefusal(err);
        await db
          .update(emailOutbox)
          .set({
            status: refusal || row.attempts >= maxAttempts ? 'failed' : 'pending',
            lastError: (refusal ?? (err instanceof Error ? err.message : 'send failed')).slice(0, 500),
            nextAttemptAt: new Date(Date.now() + baseDelayMs * 2 ** (row.attempts - 1)),
          })
          .where(eq(emailOutbox.id, row.id));
        continue;
      }
      done.push(row.id);
      if (performance.now() - markedAt > MARK_EVERY_MS) await mark();
    }
    await mark();
    if (next < rows.length) await release.execute({ ids: rows.slice(next).map((r) => r.id) });
  }
  return sent;
}

/**
 * The mail server's reply when it refused a message for good: a 5yz reply to RCPT or DATA is a permanent negative
 * completion that the client should not repeat (RFC 5321 §4.2.1), so the message is failed at once, never retried.
 * Undefined for anything a retry may cure (a 4yz reply, a connection refused or timed out). Reads nodemailer's
 * `responseCode` and `response` (the reply line, e.g. "550 5.1.1 No such user").
 */
export function permanentRefusal(err: unknown): string | undefined {
  const { responseCode, response } = (err ?? {}) as { responseCode?: unknown; response?: unknown };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode > 599) return undefined;
  return typeof response === 'string' && response ? response : `${responseCode}`;
}

/** The outbox as monitoring sees it (GET /metrics): messages still to send, the oldest one's age, and given-up ones. */
export type OutboxBacklog = {
  /** Messages not sent yet, due now or waiting for a retry (status `pending`). */
  pending: number;
  /** Seconds since the oldest pending message was queued; 0 when none is pending. */
  oldestPendingSeconds: number;
  /** Messages refused for good by the mail server, or given up after MAIL_MAX_ATTEMPTS tries (status `failed`); they are never sent. */
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
