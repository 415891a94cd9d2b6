/**
 * The database's change notifications (migration 0011; docs/architecture.md "Kept answers"): every committed write that can change
 * what a signed-in request reads — by any server, job or script — sends NOTIFY mentora_changes with what
 * changed. The per-user caches (infra/per-user-cache.ts) keep answers only while this feed is live, and drop
 * what a change concerns as it arrives.
 */
import type { Database } from './client.js';

/** The channel of migration 0011's triggers. */
const channel = 'mentora_changes';

/**
 * One notification: `account` — the user row or one of their sign-in sessions changed or went; `sessions` — a
 * session (or its payment) of the user, as client or expert, changed; `userId` '*' means every user. `lost` —
 * the feed stopped, so changes may have been missed.
 */
export type Change = { kind: 'account' | 'sessions'; userId: string } | { kind: 'lost' };

export type ChangeFeed = {
  /** True while notifications arrive; a cache must not keep answers while it is false. */
  live: () => boolean;
  /** Calls `listener` with every change from now on. */
  subscribe: (listener: (change: Change) => void) => void;
  close: () => Promise<void>;
};

/** Parses a payload of migration 0011 ('account:<id>', 'sessions:<id>' or 'sessions:*'); null for anything else. */
export function parseChange(payload: string): Change | null {
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon);
  const userId = payload.slice(colon + 1);
  if (colon < 0 || !userId || (kind !== 'account' && kind !== 'sessions')) return null;
  return { kind, userId };
}

/** Starts listening on `database`; until it is live (and whenever it drops) `live()` is false. */
export async function openChangeFeed(database: Database): Promise<ChangeFeed> {
  const listeners: ((change: Change) => void)[] = [];
  const emit = (change: Change) => {
    for (const listener of listeners) listener(change);
  };
  let live = false;
  const stop = await database.listen(
    channel,
    (payload) => {
      const change = parseChange(payload);
      if (change) emit(change);
    },
    (up) => {
      live = up;
      if (!up) emit({ kind: 'lost' });
    },
  );
  return {
    live: () => live,
    subscribe: (listener) => void listeners.push(listener),
    close: stop,
  };
}
