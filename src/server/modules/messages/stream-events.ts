/**
 * The accounts' message streams in the database (docs/architecture.md "Message stream";
 * docs/decisions/020-message-stream.md): events are rows of `stream_events`, read back by id, so a stream resumed
 * after event N gets exactly the events after N, whichever server wrote them and whether or not it was connected.
 */
import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { StreamEvent } from '../../../shared/schemas/conversations.js';
import { notifyStreams } from '../../db/change-feed.js';
import type { Db, Tx } from '../../db/client.js';
import { conversations, experts, streamEvents } from '../../db/schema.js';

/** An event as stored: `hello` is never stored, it only opens a connection. */
export type StoredEvent = Exclude<StreamEvent, { kind: 'hello' }>;

/**
 * Takes, until `tx` ends, the stream lock of each account of `userIds` (account ids), in one order so two
 * transactions never wait on each other. Events of an account are inserted only under its lock, so their ids (one
 * sequence) grow in the order they commit: a reader that has seen event N can never later find an event below N.
 * Call it before reading the unread counts the events carry.
 */
export async function lockStreams(tx: Tx, userIds: string[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stream:${id}`}, 0))`);
}

/**
 * Appends `events` (each to its account's stream; the accounts' locks already taken with lockStreams) and tells every
 * server on commit (change-feed.ts notifyStreams).
 */
export async function appendEvents(tx: Tx, events: { userId: string; event: StoredEvent }[]): Promise<void> {
  if (!events.length) return;
  await tx.insert(streamEvents).values(events.map(({ userId, event }) => ({ userId, kind: event.kind, payload: event })));
  await notifyStreams(tx, [...new Set(events.map((e) => e.userId))]);
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
  const [asClient] = await tx
    .select({ n: sql<number>`coalesce(sum(${conversations.clientUnread}), 0)::int` })
    .from(conversations)
    .where(eq(conversations.clientId, userId));
  const [asExpert] = await tx
    .select({ n: sql<number>`coalesce(sum(${conversations.expertUnread}), 0)::int` })
    .from(conversations)
    .innerJoin(experts, eq(experts.id, conversations.expertId))
    .where(eq(experts.userId, userId));
  return (asClient?.n ?? 0) + (asExpert?.n ?? 0);
}
