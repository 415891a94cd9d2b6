/**
 * Vitest global setup, once per run before any test file starts:
 * - the run's migrated database templates (database-template.ts): PostgreSQL's when TEST_DATABASE_URL names a
 *   server, else PGlite's;
 * - the server bundle that tests running real server processes start (server-process.ts): the bundle the build
 *   deploys (scripts/server-bundle.mjs), made from the current sources into a folder of this run, with the template
 *   cluster beside it. Starting the bundle takes a third of the CPU of starting the sources through tsx.
 * - the run's id, which names every PostgreSQL database the run's tests create (app.ts): the teardown drops those
 *   left behind by a test that failed before dropping its own, so the server keeps no database of an ended run.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleServer, makePgdataTemplate } from '../../scripts/server-bundle.mjs';
import { dropRunDatabases, ensurePgliteTemplate, ensurePostgresTemplate } from './database-template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's server bundle (main.js, cv-text-worker.js, pgdata-template). */
    serverBundle: string;
    /** This run's id, in the name of every PostgreSQL database its tests create. */
    testRun: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const bundle = path.resolve('.tmp', 'test-server', `run-${process.pid}`);
  // The template cluster is kept between runs (remade when the migrations change), shared by passes side by side.
  const template = path.resolve('.tmp', 'test-server', 'pgdata-template');
  await Promise.all([
    process.env.TEST_DATABASE_URL ? ensurePostgresTemplate(process.env.TEST_DATABASE_URL) : ensurePgliteTemplate(),
    bundleServer(bundle),
    makePgdataTemplate(template),
  ]);
  mkdirSync(bundle, { recursive: true });
  symlinkSync(template, path.join(bundle, 'pgdata-template'));
  project.provide('serverBundle', bundle);
  const run = randomBytes(4).toString('hex');
  project.provide('testRun', run);
  return async () => {
    rmSync(bundle, { recursive: true, force: true });
    if (process.env.TEST_DATABASE_URL) await dropRunDatabases(process.env.TEST_DATABASE_URL, run);
  };
}
