/**
 * A fingerprint of every row of every table in the database (PGlite or PostgreSQL): one md5 per table, read
 * in one query, so a test can assert that a refused request changed nothing anywhere. Used by tests/security.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';

type Rows<T> = { rows: T[] };
const queries = new WeakMap<Database, string>();

/** `{ table: md5 of its rows }` for every base table of the public schema. */
export async function fingerprint(database: Database): Promise<Record<string, string>> {
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
  return res.rows[0]!;
}
