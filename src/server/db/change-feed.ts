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
  /**
   * A token for a write's own notification (`notifyStreamsSql`'s `barrier`), to wait for that notification instead
   * of sending a sync: once it has arrived, so has every change committed before the write's transaction.
   */
  barrier: () => Barrier;
  close: () => Promise<void>;
};

/** A write's own notification, expected by this server (ChangeFeed.barrier). */
export type Barrier = {
  /** Named in the notification of the write's transaction. */
  token: string;
  /**
   * Once the transaction naming `token` has committed: resolves when its notification has arrived (true), or after
   * five seconds without it (false).
   */
  heard: () => Promise<boolean>;
  /** Forgets the token: its transaction did not commit a notification naming it. */
  cancel: () => void;
};

const tables = new Set<string>(watchedTables);
const rowKey = /^(expert|user):./;

/**
 * Parses a payload of migration 0016 — `{"table": "<table>", "rows": ["expert:<uuid>", "user:<id>", …]}`, no
 * `rows` for a TRUNCATE — or this module's `{"sync": "<token>"}` or `{"streams": ["<user id>", …], "barrier": "<token>"}`
 * (`barrier` optional); null for anything else.
 */
export function parsePayload(payload: string): TableChange | { sync: string } | { streams: string[]; barrier?: string } | null {
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { table, rows, sync, streams, barrier } = data as { table?: unknown; rows?: unknown; sync?: unknown; streams?: unknown; barrier?: unknown };
  if (typeof sync === 'string') return { sync };
  if (Array.isArray(streams)) {
    if (!streams.every((id) => typeof id === 'string' && id !== '')) return null;
    return typeof barrier === 'string' ? { streams: streams as string[], barrier } : { streams: streams as string[] };
  }
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
  /** The tokens this process expects in a notification — its syncs' and its writes' barriers — and their arrival. */
  const expected = new Map<string, () => void>();
  /** Expects `token`: the promise resolves when a notification names it. */
  const expect = (token: string) => new Promise<true>((resolve) => expected.set(token, () => resolve(true)));
  /** `arrival` (true), or false after syncTimeoutMs without it; `token` is no longer expected either way. */
  const within = async (token: string, arrival: Promise<true>): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([arrival, new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), syncTimeoutMs)))]);
    } finally {
      clearTimeout(timer);
      expected.delete(token);
    }
  };
  let live = false;
  const stop = await database.listen(
    channel,
    (payload) => {
      const parsed = parsePayload(payload);
      if (!parsed) return;
      if ('sync' in parsed) expected.get(parsed.sync)?.();
      else if ('streams' in parsed) {
        emit({ kind: 'streams', users: parsed.streams });
        if (parsed.barrier !== undefined) expected.get(parsed.barrier)?.();
      } else emit({ kind: 'table', ...parsed });
    },
    (up) => {
      live = up;
      if (!up) emit({ kind: 'lost' });
    },
  );
  /** Sends one sync notification and resolves once it has arrived (true), or after syncTimeoutMs or a failure (false). */
  const sendSync = async (): Promise<boolean> => {
    const token = randomUUID();
    const arrival = expect(token);
    try {
      // Notifications are delivered in commit order: once this one arrives, so have those of every write before it.
      await database.db.execute(sql`select pg_notify(${channel}, ${JSON.stringify({ sync: token })})`);
    } catch {
      expected.delete(token);
      return false;
    }
    return within(token, arrival);
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
    barrier: () => {
      const token = randomUUID();
      // Expected from now: the notification may arrive before the answer asks whether it has.
      const arrival = expect(token);
      return { token, heard: () => within(token, arrival), cancel: () => void expected.delete(token) };
    },
    close: stop,
  };
}

/**
 * The SQL expression that tells every server, when its transaction commits, that the message streams of the accounts
 * in `userIds` (a SQL text array of account ids) have new events — one notification per statement; a rolled-back
 * transaction tells nothing. PostgreSQL sends the notifications of a transaction in commit order. `barrier`: the
 * token of a ChangeFeed.barrier() the writing server waits for before answering (the write's answer then needs no
 * sync of its own).
 */
export const notifyStreamsSql = (userIds: SQL, barrier?: string): SQL =>
  barrier === undefined
    ? sql`pg_notify(${channel}, json_build_object('streams', ${userIds})::text)`
    : sql`pg_notify(${channel}, json_build_object('streams', ${userIds}, 'barrier', ${barrier}::text)::text)`;
