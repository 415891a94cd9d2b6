/**
 * This server's open message streams (docs/decisions/020-message-stream.md). Each connection has a cursor — the last
 * event id it was sent — and is woken when the change feed says its account has new events (a NOTIFY from whichever
 * server committed them); it then reads the events after its cursor from the database and writes them in order.
 * Memory holds only who is connected: an event missed by a notification (the feed dropped) is read on the next wake,
 * and every stream is woken when the feed is back.
 *
 * Revoked access ends a stream at once (docs/security.md "Messages"): a connection asks whether its sign-in still
 * holds before each event it writes, and again whenever the feed reports a change of its account's user or sign-in
 * session rows — the notification that drops the kept session checks — so a sign-out, revocation, suspension,
 * password reset or deletion made on any server ends the account's streams on every server.
 */
import type { TableChange } from '../../cache/dependencies.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { eventsAfter, type StoredEvent } from './stream-events.js';

/** Events read per query; a connection further behind reads again at once. */
const batch = 200;

type Connection = {
  userId: string;
  cursor: number;
  write: (id: number, event: StoredEvent) => Promise<void>;
  end: () => void;
  signedIn: () => Promise<boolean>;
  busy: boolean;
  again: boolean;
  open: boolean;
};

export type StreamHub = {
  /**
   * Connects a stream of account `userId` that has seen the events up to `cursor`: `write` is called with each later
   * event, in order, once; `end` when the server closes it — also as soon as `signedIn()` (asked before each event
   * and on each change of the account's sign-in) resolves false or fails. Returns the function that disconnects it.
   */
  connect: (
    userId: string,
    cursor: number,
    write: (id: number, event: StoredEvent) => Promise<void>,
    end: () => void,
    signedIn: () => Promise<boolean>,
  ) => () => void;
  /** Disconnects every stream and ends it (server shutdown). */
  closeAll: () => void;
  /** Ends the streams of account `userId` on this server, as a dropped connection would (TEST_HOOKS only). */
  closeUser: (userId: string) => void;
  /** How many streams are connected to this server now (GET /metrics' `mentora_realtime_connections`). */
  connections: () => number;
};

/**
 * The accounts whose sign-in `change` may have ended (it changed their user or sign-in session rows), null for any
 * account (a TRUNCATE), or undefined when it changed no sign-in.
 */
function signInsTouched(change: TableChange): string[] | null | undefined {
  if (change.table !== 'user' && change.table !== 'auth_session') return undefined;
  return change.rows ? change.rows.filter((row) => row.startsWith('user:')).map((row) => row.slice('user:'.length)) : null;
}

export function streamHub(db: Db, feed: ChangeFeed, onError: (err: unknown) => void): StreamHub {
  const byUser = new Map<string, Set<Connection>>();

  /** Whether `c` may still be written to; ends it when its sign-in no longer holds, or cannot be checked. */
  const stillSignedIn = async (c: Connection): Promise<boolean> => {
    const ok = await c.signedIn().catch((err: unknown) => {
      // Fail closed: an unchecked stream could be a revoked one. The browser reconnects and is checked afresh.
      onError(err);
      return false;
    });
    if (!ok && c.open) close(c);
    return ok;
  };

  const pump = async (c: Connection) => {
    if (c.busy) return void (c.again = true);
    c.busy = true;
    try {
      do {
        c.again = false;
        const events = await eventsAfter(db, c.userId, c.cursor, batch);
        for (const { id, event } of events) {
          if (!c.open || !(await stillSignedIn(c))) return;
          await c.write(id, event);
          c.cursor = id;
        }
        if (events.length === batch) c.again = true;
      } while (c.again && c.open);
    } catch (err) {
      // The database or the connection failed: the next wake (a notification, the feed coming back) reads again.
      onError(err);
    } finally {
      c.busy = false;
    }
  };
  const wakeAll = () => {
    for (const set of byUser.values())
      for (const c of set) {
        void stillSignedIn(c);
        void pump(c);
      }
  };
  /** Asks the open streams of `userIds` (all when null) whether their sign-in still holds. */
  const recheck = (userIds: string[] | null) => {
    const sets = userIds === null ? [...byUser.values()] : userIds.map((id) => byUser.get(id) ?? new Set<Connection>());
    for (const set of sets) for (const c of [...set]) void stillSignedIn(c);
  };

  // While the feed is down notifications are lost: once it is live again, every stream reads what it missed and asks
  // again whether its sign-in holds.
  let recovering: NodeJS.Timeout | undefined;
  feed.subscribe((change) => {
    if (change.kind === 'streams') for (const userId of change.users) for (const c of byUser.get(userId) ?? []) void pump(c);
    else if (change.kind === 'table') {
      const touched = signInsTouched(change);
      // Asked once every listener of this notification has run: the kept session checks drop theirs in their own.
      if (touched !== undefined) setImmediate(() => recheck(touched));
    } else if (change.kind === 'lost' && !recovering)
      recovering = setInterval(() => {
        if (!feed.live()) return;
        clearInterval(recovering);
        recovering = undefined;
        wakeAll();
      }, 500).unref();
  });

  const disconnect = (c: Connection) => {
    c.open = false;
    const set = byUser.get(c.userId);
    set?.delete(c);
    if (set?.size === 0) byUser.delete(c.userId);
  };

  const close = (c: Connection) => {
    disconnect(c);
    c.end();
  };

  return {
    connect: (userId, cursor, write, end, signedIn) => {
      const c: Connection = { userId, cursor, write, end, signedIn, busy: false, again: false, open: true };
      const set = byUser.get(userId) ?? new Set();
      set.add(c);
      byUser.set(userId, set);
      void pump(c);
      return () => disconnect(c);
    },
    connections: () => {
      let open = 0;
      for (const set of byUser.values()) open += set.size;
      return open;
    },
    closeAll: () => {
      clearInterval(recovering);
      for (const set of [...byUser.values()]) for (const c of [...set]) close(c);
    },
    closeUser: (userId) => {
      for (const c of [...(byUser.get(userId) ?? [])]) close(c);
    },
  };
}
