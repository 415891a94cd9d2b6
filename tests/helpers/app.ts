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
import pg from 'pg';
import { buildApp, type App, type AppDeps } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.js';
import { pgliteTemplatePath, postgresTemplateName } from './database-template.js';
import { watchAnswers } from './openapi-answers.js';

export type TestContext = { app: App; database: Database; config: Config; close: () => Promise<void> };

/**
 * A fresh database on the PostgreSQL server at `baseUrl`: empty, or a copy of the database named `template`;
 * `drop()` removes it.
 */
export async function createPostgresDatabase(baseUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `mentora_test_${randomBytes(6).toString('hex')}`;
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
 * A migrated throw-away database: in-memory PGlite loaded from the run's template, or, with TEST_DATABASE_URL, a
 * database created from the template on that PostgreSQL server (a pool of `poolSize` connections); `drop()`
 * removes the PostgreSQL database (PGlite's goes with `database.close()`).
 */
export async function openTestDatabase(poolSize = 5): Promise<{ database: Database; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const created = await createPostgresDatabase(baseUrl, postgresTemplateName());
    return { database: openPostgres(created.url, poolSize), drop: created.drop };
  }
  pgliteTemplate ??= new Blob([readFileSync(pgliteTemplatePath())]);
  return { database: await openPglite('memory://', pgliteTemplate), drop: async () => {} };
}

/**
 * The cache settings of API tests: public answers (catalogue, bookable times) are not kept, unless TEST_CACHE=production
 * or the test asks for `caches: 'production'`, which keep the production defaults of every cache. CI runs the whole
 * API suite once with TEST_CACHE=production: nothing a test writes, through a route or into the database, may then be
 * read stale.
 */
const noPublicCaches = { CATALOGUE_CACHE_MS: '0', SLOTS_CACHE_MS: '0' };

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
  let document: OpenAPIV3_1.Document | undefined;
  const answers = watchAnswers(() => (document ??= app.swagger() as OpenAPIV3_1.Document));
  const app = await buildApp({
    config,
    database,
    onRoute: (route) => {
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
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
      const problems = answers.problems();
      if (problems.length) throw new Error(`Answers the OpenAPI document does not declare:\n${problems.join('\n')}`);
    },
  };
}
