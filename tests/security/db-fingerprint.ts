/**
 * A fingerprint of every row of every table in the database (PGlite or PostgreSQL): one md5 per table, read
 * in one query, so a test can assert that a refused request changed nothing anywhere. Used by tests/security.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';

type Rows<T> = { rows: T[] };
const queries = new WeakMap<Database, string>();

/**
 * The last fingerprint read of each database, with the transaction snapshot it was read at (`pg_current_snapshot()`:
 * the oldest transaction still running, the first id not yet assigned, the ids in progress). Rows change only when a
 * transaction that was assigned an id commits, and that changes the snapshot (a new id moves the second number, a
 * commit takes an id off the list), so while the snapshot is the same the fingerprint read at it still holds. Most
 * requests the security tests send are refused before they write, and reading every table again after each of them
 * was most of what those tests cost on PGlite. On PostgreSQL the ids are the server's, shared by every database, so
 * there the tables are read again almost every time.
 */
const last = new WeakMap<Database, { snapshot: string; tables: Record<string, string> }>();

/** `{ table: md5 of its rows }` for every base table of the public schema. */
export async function fingerprint(database: Database): Promise<Record<string, string>> {
  const snapshot = async () =>
    ((await database.db.execute(sql`select pg_current_snapshot()::text as snapshot`)) as unknown as Rows<{ snapshot: string }>).rows[0]!.snapshot;
  const at = await snapshot();
  const known = last.get(database);
  if (known?.snapshot === at) return known.tables;
  let query = queries.get(database);
  if (!query) {
    const tables = (await database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as Rows<{ name: string }>;
    const columns = tables.rows.map(({ name }) => {
      const quoted = `"${name.replace(/"/g, '""')}"`;
      return `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${quoted} t) as ${quoted}`;
    });
    query = `select ${columns.join(', ')}`;
    queries.set(database, query);
  }
  const res = (await database.db.execute(sql.raw(query))) as unknown as Rows<Record<string, string>>;
  const tables = res.rows[0]!;
  // Kept only when no transaction began writing or ended while the tables were read: then they are the state at `at`.
  if ((await snapshot()) === at) last.set(database, { snapshot: at, tables });
  return tables;
}
