/**
 * Builds the real app on a throw-away database for API tests: in-memory PGlite by default, or a fresh
 * database created on the PostgreSQL server named by TEST_DATABASE_URL (dropped on close); both start migrated, from
 * the run's template (database-template.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type AppDeps } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.js';
import { pgliteTemplatePath, postgresTemplateName, runDatabasePrefix } from './database-template.js';
import { watchAnswers } from './openapi-answers.js';

export type TestContext = { app: App; database: Database; config: Config; close: () => Promise<void> };

/**
 * A fresh database on the PostgreSQL server at `baseUrl`: empty, or a copy of the database named `template`;
 * `drop()` removes it. Its name carries the run's id, so the run's teardown removes it should the test not.
 */
export async function createPostgresDatabase(baseUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${runDatabasePrefix(inject('testRun'))}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

let pgliteTemplate: Blob | undefined;

/**
 * PGlite databases this worker's test apps are done with, emptied for the next one (Vitest's `isolate: false` keeps
 * this module for all the files a worker runs): loading the template costs about 3 CPU seconds, emptying the tables
 * a tenth of that (docs/performance.md "Test suite").
 */
const idlePglites: Database[] = [];
/** The template's tables, columns and triggers (with their enabled state): a database whose schema a test changed is not reused. */
const schemaSql = sql`select md5(coalesce(string_agg(c.relname::text || ':' || a.attname::text || ':' || a.atttypid::text, ',' order by c.relname, a.attnum), ''))
  || md5(coalesce((select string_agg(t.tgname::text || t.tgenabled::text, ',' order by t.tgname) from pg_trigger t where not t.tgisinternal), '')) as digest
  from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where n.nspname = 'public'`;
let templateSchema: { digest: string; tables: string } | undefined;
const schemaOf = async (database: Database) => ((await database.db.execute(schemaSql)) as unknown as { rows: { digest: string }[] }).rows[0]!.digest;

/** A PGlite database as the template made it: one this worker emptied, or the template loaded anew. */
async function openPgliteTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  let database = idlePglites.pop();
  if (!database) {
    pgliteTemplate ??= new Blob([readFileSync(pgliteTemplatePath())]);
    database = await openPglite('memory://', pgliteTemplate);
    if (!templateSchema) {
      const { rows } = (await database.db.execute(
        sql`select string_agg(quote_ident(tablename), ', ') as tables from pg_tables where schemaname = 'public'`,
      )) as unknown as { rows: { tables: string }[] };
      templateSchema = { digest: await schemaOf(database), tables: rows[0]!.tables };
    }
  }
  let closed = false;
  const close = database.close;
  const opened: Database = {
    ...database,
    close: async () => {
      closed = true;
      await close();
    },
  };
  return {
    database: opened,
    // Kept for the next test app only when it is still open, its schema as the template's, and emptied (the template
    // has no rows in public tables; a TRUNCATE notifies no listener, since its app has closed).
    drop: async () => {
      if (closed) return;
      const reusable =
        (await schemaOf(opened).catch(() => null)) === templateSchema!.digest &&
        (await opened.db.execute(sql.raw(`truncate ${templateSchema!.tables} restart identity cascade`)).then(
          () => true,
          () => false,
        ));
      if (reusable) idlePglites.push({ ...opened, close });
      else await opened.close();
    },
  };
}

/**
 * A migrated throw-away database: in-memory PGlite as the run's template made it, or, with TEST_DATABASE_URL, a
 * database created from the template on that PostgreSQL server (a pool of `poolSize` connections). `drop()` closes
 * and removes it, or keeps an emptied PGlite for this worker's next test app; call it instead of `database.close()`.
 */
export async function openTestDatabase(poolSize = 5): Promise<{ database: Database; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const created = await createPostgresDatabase(baseUrl, postgresTemplateName());
    const database = openPostgres(created.url, poolSize);
    return {
      database,
      drop: async () => {
        await database.close();
        await created.drop();
      },
    };
  }
  return openPgliteTestDatabase();
}

/**
 * The cache settings of API tests: public answers (catalogue, bookable times) are not kept, unless TEST_CACHE=production
 * or the test asks for `caches: 'production'`, which keep the production defaults of every cache. CI runs the whole
 * API suite once with TEST_CACHE=production: nothing a test writes, through a route or into the database, may then be
 * read stale.
 */
const noPublicCaches = { CATALOGUE_CACHE_MS: '0', SLOTS_CACHE_MS: '0' };

/**
 * The OpenAPI documents this worker's apps served, by their settings and routes: apps built alike serve the same
 * document, and making it (every route's zod schemas turned into JSON Schema) was a fifth of a test app's cost.
 */
const documents = new Map<string, OpenAPIV3_1.Document>();

/**
 * A fresh app and database. Auth rate limits are off, and the caches as `caches` says (above), unless `env` turns
 * them on; `env` overrides configuration;
 * `onRoute` sees every route as it registers (tests/security/authorization-matrix lists them); `logger` as in buildApp.
 */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  {
    onRoute,
    logger,
    caches = process.env.TEST_CACHE === 'production' ? 'production' : 'test',
  }: Pick<AppDeps, 'onRoute' | 'logger'> & { caches?: 'production' | 'test' } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BASE_URL: 'http://localhost:3000',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    SEED_DEMO: '0',
    AUTH_RATE_LIMIT: '0',
    ...(caches === 'production' ? {} : noPublicCaches),
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  // Every answer the app gives is checked against its OpenAPI document (openapi-answers.ts); close() fails with any mismatch.
  const routes: string[] = [];
  const documentKey = () => JSON.stringify([caches, Object.entries(env).sort(), routes.sort()]);
  const answers = watchAnswers(() => {
    const key = documentKey();
    if (!documents.has(key)) documents.set(key, app.swagger() as OpenAPIV3_1.Document);
    return documents.get(key)!;
  });
  const app = await buildApp({
    config,
    database,
    onRoute: (route) => {
      routes.push(`${String(route.method)} ${route.url}`);
      answers.onRoute(route);
      onRoute?.(route);
    },
    logger,
  });
  await app.ready();
  // As a load balancer waits for /readyz: the catalogue's first load (begun by ready) has finished, or failed.
  await app.catalogue.fresh().catch(() => {});
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
      const problems = answers.problems();
      if (problems.length) throw new Error(`Answers the OpenAPI document does not declare:\n${problems.join('\n')}`);
    },
  };
}
