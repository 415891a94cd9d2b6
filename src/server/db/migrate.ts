/**
 * Applies the committed drizzle/ migrations with Drizzle's runtime migrator (drizzle-kit migrate fails
 * silently on PGlite's CREATE EXTENSION). On PostgreSQL a session advisory lock, on a direct connection
 * (DATABASE_LISTEN_URL), makes servers that start together migrate once, and seed once (demo/seed.ts takes the same lock).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import path from 'node:path';
import type { Database } from './client.js';

/**
 * The PostgreSQL advisory lock key held while the schema or its start-up data changes: migrations (session lock,
 * below) and the demo seed (transaction lock, demo/seed.ts), so servers starting together on one database do each once.
 */
export const MIGRATION_LOCK = 727_274_001;

/** The committed migrations folder (./drizzle, relative to the working directory). */
export function migrationsFolder(): string {
  return path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle');
}

export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (!database.connectDirect) {
    await migratePglite(database.db as never, { migrationsFolder: folder });
    return;
  }
  // A session lock needs one session throughout: a direct connection, not one of a transaction-mode pooler.
  const client = await database.connectDirect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzle(client), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}
