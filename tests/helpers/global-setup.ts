/**
 * Vitest global setup: makes the run's migrated database templates once, before any test file starts
 * (database-template.ts): PostgreSQL's when TEST_DATABASE_URL names a server, else PGlite's.
 */
import { ensurePgliteTemplate, ensurePostgresTemplate } from './database-template.js';

export default async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) await ensurePostgresTemplate(process.env.TEST_DATABASE_URL);
  else await ensurePgliteTemplate();
}
