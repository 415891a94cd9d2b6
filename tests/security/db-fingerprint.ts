/**
 * A fingerprint of every row of every table in the database (PGlite or PostgreSQL): one md5 per table, so a
 * test can assert that a refused request changed nothing anywhere. Used by tests/security/*.test.ts.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';

type Rows<T> = { rows: T[] };

/** `{ table: md5 of its rows }` for every base table of the public schema. */
export async function fingerprint(database: Database): Promise<Record<string, string>> {
  const tables = (await database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as Rows<{ name: string }>;
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    const res = (await database.db.execute(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${quoted} t`))) as unknown as Rows<{ h: string }>;
    out[name] = res.rows[0]!.h;
  }
  return out;
}
