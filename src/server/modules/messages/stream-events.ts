/**
 * The accounts' message streams in the database (docs/architecture.md "Message stream";
 * docs/decisions/020-message-stream.md): events are rows of `stream_events`, read back by id, so a stream resumed
 * after event N gets exactly the events after N, whichever server wrote them and whether or not it was connected.
 */
import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { StreamEvent } from '../../../shared/schemas/conversations.js';
import { notifyStreamsSql } from '../../db/change-feed.js';
import type { Db, Tx } from '../../db/client.js';
import { messageUnread, streamEvents } from '../../db/schema.js';

/** An event as stored: `hello` is never stored, it only opens a connection. */
export type StoredEvent = Exclude<StreamEvent, { kind: 'hello' }>;

/** An event to append: appendEvents adds the account's unread count. */
export type NewEvent = StoredEvent extends infer E ? (E extends StoredEvent ? Omit<E, 'unread'> : never) : never;

/**
 * Takes, until `tx` ends, the stream lock of each account of `userIds` (account ids), in one order so two
 * transactions never wait on each other, in one statement. Events of an account are inserted only under its lock, so
 * their ids (one sequence) grow in the order they commit: a reader that has seen event N can never later find an
 * event below N. Take it after the conversation's row lock and before changing its unread counts (whose trigger
 * updates the accounts' `message_unread` rows, so those rows too are only ever waited for in this order).
 */
export async function lockStreams(tx: Tx, userIds: string[]): Promise<void> {
  const ordered = JSON.stringify([...new Set(userIds)].sort().map((id) => `stream:${id}`));
  // A function scan returns the array's elements in order: the locks are taken in that order.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(key, 0)) from jsonb_array_elements_text(${ordered}::jsonb) as key`);
}

/**
 * Appends `events` (each to its account's stream, in order; the accounts' locks already taken with lockStreams), each
 * with its account's unread count as committed by this transaction, and tells every server on commit — one statement.
 * `barrier`: the writing request's token (FastifyRequest.barrierToken), named in the notification.
 */
export async function appendEvents(tx: Tx, events: { userId: string; event: NewEvent }[], barrier?: string): Promise<void> {
  if (!events.length) return;
  const rows = JSON.stringify(events.map(({ userId, event }) => ({ userId, event })));
  await tx.execute(sql`
    with appended as (
      insert into ${streamEvents} (user_id, kind, payload)
      select e.item->>'userId', e.item->'event'->>'kind', (e.item->'event') || jsonb_build_object('unread', coalesce(u.unread, 0))
      from jsonb_array_elements(${rows}::jsonb) with ordinality as e(item, n)
      left join ${messageUnread} u on u.user_id = e.item->>'userId'
      order by e.n
      returning user_id
    )
    select ${notifyStreamsSql(sql`(select array_agg(distinct user_id) from appended)`, barrier)}`);
}

/** The events of account `userId` after event `afterId`, oldest first, at most `limit`: `{ id, event }`. */
export async function eventsAfter(db: Db, userId: string, afterId: number, limit: number): Promise<{ id: number; event: StoredEvent }[]> {
  const rows = await db
    .select({ id: streamEvents.id, payload: streamEvents.payload })
    .from(streamEvents)
    .where(and(eq(streamEvents.userId, userId), gt(streamEvents.id, afterId)))
    .orderBy(asc(streamEvents.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, event: row.payload as StoredEvent }));
}

/** The id of the last event of account `userId`'s stream (0 when it has none): where a new connection starts. */
export async function lastEventId(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: max(streamEvents.id) })
    .from(streamEvents)
    .where(eq(streamEvents.userId, userId));
  return row?.id ?? 0;
}

/** How many messages account `userId` has not read, in all its conversations (as the client and as the expert). */
export async function unreadTotal(tx: Db | Tx, userId: string): Promise<number> {
  const [row] = await tx.select({ n: messageUnread.unread }).from(messageUnread).where(eq(messageUnread.userId, userId));
  return row?.n ?? 0;
}
