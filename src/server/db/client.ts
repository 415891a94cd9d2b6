/**
 * Database handle: PGlite (embedded, in DATA_DIR/pgdata, or in memory) or node-postgres when a URL is
 * given. Both are exposed as the same Drizzle `Db` type so services never care which one runs.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; every service function accepts either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool, when kind is 'postgres'. */
  pool?: pg.Pool;
  /**
   * PostgreSQL only: a connection of its own, outside the pool, to the database itself (DATABASE_LISTEN_URL, not a
   * transaction-mode pooler), for what holds a session — the migration lock; the caller ends it.
   */
  connectDirect?: () => Promise<pg.Client>;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping: () => Promise<void>;
  /**
   * LISTENs on `channel` (a constant identifier, never user input): `onNotify(payload)` for each NOTIFY,
   * `onState(live)` when listening starts (true) or stops (false). On PostgreSQL a connection of its own,
   * outside the pool, re-established a second after it drops; PGlite delivers a notification as the statement
   * that committed it completes. Resolves, once listening or retrying, with a function that stops.
   */
  listen: (channel: string, onNotify: (payload: string) => void, onState: (live: boolean) => void) => Promise<() => Promise<void>>;
  /**
   * PGlite only: a consistent copy of the whole database while it runs, as PGlite's gzipped tarball of its data
   * directory (`dumpDataDir`, read back by `openPglite(dir, snapshot)`). Taken with no transaction open and no
   * statement running, after a CHECKPOINT (so it opens with little to replay); held in memory whole.
   */
  snapshot?: () => Promise<Blob>;
  close: () => Promise<void>;
};

/** The application_name of a server's listening connection, as pg_stat_activity shows it. */
export const changeFeedApplicationName = 'mentora-change-feed';

/**
 * Opens PostgreSQL at `url` with a pool of at most `poolSize` connections (DATABASE_POOL_SIZE). A query
 * that waits more than 10 s for a free connection fails instead of hanging. `directUrl` (DATABASE_LISTEN_URL, default
 * `url`) names the database itself for the connections that hold a session: LISTEN never fires through a
 * transaction-mode pooler, which hands each transaction to any of its connections.
 */
export function openPostgres(url: string, poolSize = 10, directUrl = url): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {}); // idle-client errors surface on the next query instead of crashing the process
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    ping: async () => {
      await pool.query('select 1');
    },
    connectDirect: async () => {
      const client = new pg.Client({ connectionString: directUrl });
      await client.connect();
      return client;
    },
    listen: (channel, onNotify, onState) => listenPostgres(directUrl, channel, onNotify, onState),
    close: () => pool.end(),
  };
}

/**
 * Opens PGlite in `dataDir` (a folder path, or `memory://` for a throw-away database); `from`, a `snapshot()` of
 * another database, fills an empty `dataDir` first (npm run restore).
 */
export async function openPglite(dataDir: string, from?: Blob): Promise<Database> {
  const client = await PGlite.create({ dataDir, extensions: { btree_gist, pg_trgm }, loadDataDir: from });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onNotify, onState) => {
      const unlisten = await client.listen(channel, onNotify);
      onState(true);
      return async () => {
        onState(false);
        if (!client.closed) await unlisten();
      };
    },
    // The transaction holds PGlite's transaction lock, so no other statement or transaction runs until the dump
    // is taken (dumpDataDir itself waits only for the statement in progress, not for an open transaction).
    snapshot: () =>
      client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return client.dumpDataDir('gzip');
      }),
    close: () => client.close(),
  };
}

/**
 * Database.listen on PostgreSQL: one dedicated connection (named `changeFeedApplicationName`), reconnected a second
 * after it ends or fails.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onState: (live: boolean) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (!stopped) retry = setTimeout(() => void connect(), 1000).unref();
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, application_name: changeFeedApplicationName });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    client.on('error', () => {}); // followed by 'end'
    client.on('end', () => {
      if (current !== client) return;
      current = null;
      onState(false);
      schedule();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      await client.end().catch(() => {});
      return schedule();
    }
    if (stopped) return void (await client.end().catch(() => {}));
    current = client;
    onState(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    onState(false);
    await client?.end().catch(() => {});
  };
}
