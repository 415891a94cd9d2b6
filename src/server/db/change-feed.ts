/**
 * The database's change notifications (migration 0016; docs/decisions/017-one-cache-owner.md): every committed
 * write to a table a kept answer reads — by any server, job or script — sends NOTIFY mentora_changes with the
 * table and the keys of the rows it changed. The kept answers (src/server/cache/) are kept only while this feed is
 * live, and dropped as the changes they depend on arrive. The same channel, so the same one listening connection
 * per server, carries the accounts whose message streams have new events (`notifyStreams`; docs/decisions/020-message-stream.md).
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { watchedTables, type RowKey, type Table, type TableChange } from '../cache/dependencies.js';
import type { Database } from './client.js';

/** The channel of migration 0016's triggers. */
const channel = 'mentora_changes';

/** How long `sync` waits for its own notification before it gives up (then the caller drops everything kept). */
const syncTimeoutMs = 5000;

/**
 * One notification: a committed change of a table; new events in the message streams of `users`; or `lost` — the
 * feed stopped, so changes may have been missed.
 */
export type Change = ({ kind: 'table' } & TableChange) | { kind: 'streams'; users: string[] } | { kind: 'lost' };

export type ChangeFeed = {
  /** True while notifications arrive; nothing may be kept while it is false. */
  live: () => boolean;
  /** Calls `listener` with every change from now on. */
  subscribe: (listener: (change: Change) => void) => void;
  /**
   * Resolves once every change committed before the call has been delivered to the listeners (true), or after
   * five seconds without it (false). A server awaits it before answering a write, so its own next read is fresh.
   */
  sync: () => Promise<boolean>;
  close: () => Promise<void>;
};

const tables = new Set<string>(watchedTables);
const rowKey = /^(expert|user):./;

/**
 * Parses a payload of migration 0016 — `{"table": "<table>", "rows": ["expert:<uuid>", "user:<id>", …]}`, no
 * `rows` for a TRUNCATE — or this module's `{"sync": "<token>"}` or `{"streams": ["<user id>", …]}`; null for anything else.
 */
export function parsePayload(payload: string): TableChange | { sync: string } | { streams: string[] } | null {
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { table, rows, sync, streams } = data as { table?: unknown; rows?: unknown; sync?: unknown; streams?: unknown };
  if (typeof sync === 'string') return { sync };
  if (Array.isArray(streams)) return streams.every((id) => typeof id === 'string' && id !== '') ? { streams: streams as string[] } : null;
  if (typeof table !== 'string' || !tables.has(table)) return null;
  if (rows === undefined) return { table: table as Table };
  if (!Array.isArray(rows) || !rows.every((row) => typeof row === 'string' && rowKey.test(row))) return null;
  return { table: table as Table, rows: rows as RowKey[] };
}

/** Starts listening on `database`; until it is live (and whenever it drops) `live()` is false. */
export async function openChangeFeed(database: Database): Promise<ChangeFeed> {
  const listeners: ((change: Change) => void)[] = [];
  const emit = (change: Change) => {
    for (const listener of listeners) listener(change);
  };
  /** The syncs of this process waiting for their token. */
  const waiting = new Map<string, () => void>();
  let live = false;
  const stop = await database.listen(
    channel,
    (payload) => {
      const parsed = parsePayload(payload);
      if (!parsed) return;
      if ('sync' in parsed) waiting.get(parsed.sync)?.();
      else if ('streams' in parsed) emit({ kind: 'streams', users: parsed.streams });
      else emit({ kind: 'table', ...parsed });
    },
    (up) => {
      live = up;
      if (!up) emit({ kind: 'lost' });
    },
  );
  /** Sends one sync notification and resolves once it has arrived (true), or after syncTimeoutMs or a failure (false). */
  const sendSync = async (): Promise<boolean> => {
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      waiting.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), syncTimeoutMs);
    });
    try {
      // Notifications are delivered in commit order: once this one arrives, so have those of every write before it.
      await database.db.execute(sql`select pg_notify(${channel}, ${JSON.stringify({ sync: token })})`);
      return await arrived;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      waiting.delete(token);
    }
  };
  // Concurrent writes share sync notifications: while one is in flight, every later call waits for the next one,
  // sent once the current one is back — a notification sent after the call, as each caller needs. Each sync is a
  // notifying commit, and PostgreSQL queues notifying commits on one lock (held through the WAL flush): one per
  // write doubled the notifying commits of a burst of message sends (docs/performance.md "Message delivery").
  let inFlight: Promise<boolean> | undefined;
  let queued: Promise<boolean> | undefined;
  const syncNow = (): Promise<boolean> => {
    const sent: Promise<boolean> = sendSync().finally(() => {
      if (inFlight === sent) inFlight = undefined;
    });
    inFlight = sent;
    return sent;
  };
  return {
    live: () => live,
    subscribe: (listener) => void listeners.push(listener),
    sync: () => {
      if (!inFlight) return syncNow();
      return (queued ??= inFlight.then(() => {
        queued = undefined;
        return syncNow();
      }));
    },
    close: stop,
  };
}

/**
 * The SQL expression that tells every server, when its transaction commits, that the message streams of the accounts
 * in `userIds` (a SQL text array of account ids) have new events — one notification per statement; a rolled-back
 * transaction tells nothing. PostgreSQL sends the notifications of a transaction in commit order.
 */
export const notifyStreamsSql = (userIds: SQL): SQL => sql`pg_notify(${channel}, json_build_object('streams', ${userIds})::text)`;
