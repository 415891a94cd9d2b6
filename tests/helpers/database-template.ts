/**
 * Migrated database templates for the test run, made once by Vitest's global setup (vitest.config.ts) so that no
 * test app runs initdb or the migrations again (docs/architecture.md "Tests"):
 * - PGlite: a gzipped dump of a migrated cluster, `.tmp/test-db/pglite-<key>.tar.gz`, loaded into each in-memory
 *   database (about a third of initdb + migrations).
 * - PostgreSQL (TEST_DATABASE_URL): a migrated database `mentora_template_<key>` that each test database is created
 *   from (`CREATE DATABASE … TEMPLATE`, a file copy on the server).
 * `<key>` is the migrations digest plus the PGlite version, so a change of either makes a new template; a template is
 * made under a lock and published by rename, so passes running side by side share one.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../../src/server/db/client.js';
import { migrationsFolder, runMigrations } from '../../src/server/db/migrate.js';
import { migrationsDigest } from '../../src/server/db/pgdata-template.js';

/** Advisory lock held on the PostgreSQL server while a template database is made. */
const TEMPLATE_LOCK = 727_274_002;

function templateKey(): string {
  const pglitePackage = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
  const pgliteVersion = (JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string }).version;
  return createHash('sha256')
    .update(`${migrationsDigest(migrationsFolder())}\0${pgliteVersion}`)
    .digest('hex')
    .slice(0, 16);
}

/** The path of the PGlite template for the current migrations and PGlite version. */
export function pgliteTemplatePath(): string {
  return path.resolve('.tmp', 'test-db', `pglite-${templateKey()}.tar.gz`);
}

/** Makes the PGlite template unless it exists; returns its path. */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = pgliteTemplatePath();
  if (existsSync(file)) return file;
  mkdirSync(path.dirname(file), { recursive: true });
  const database = await openPglite('memory://');
  try {
    await runMigrations(database);
    const dump = await database.snapshot!();
    const work = `${file}.${process.pid}`;
    writeFileSync(work, Buffer.from(await dump.arrayBuffer()));
    renameSync(work, file);
  } finally {
    await database.close();
  }
  return file;
}

/** The name of the template database on the PostgreSQL server for the current migrations. */
export function postgresTemplateName(): string {
  return `mentora_template_${templateKey()}`;
}

/**
 * How long a template of other migrations stays on the server after a run last used it: runs of two branches with
 * different migrations may share a server, and one must not drop the template the other is creating databases from.
 */
const keepUnusedTemplateMs = 24 * 60 * 60 * 1000;

/**
 * Makes the migrated template database on the PostgreSQL server at `baseUrl` unless it exists; returns its name.
 * Each run marks the template it uses with the time (the database's comment); templates of other migrations that no
 * run used for `keepUnusedTemplateMs` are dropped, so the server keeps few.
 */
export async function ensurePostgresTemplate(baseUrl: string): Promise<string> {
  const name = postgresTemplateName();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rows } = await admin.query<{ datname: string; used: string | null }>(
      "select datname, shobj_description(oid, 'pg_database') as used from pg_database where datname like 'mentora_template_%'",
    );
    for (const { datname, used } of rows)
      if (datname !== name && !(Number(used) > Date.now() - keepUnusedTemplateMs)) await admin.query(`drop database if exists ${datname} with (force)`);
    const markUsed = () => admin.query(`comment on database ${name} is '${Date.now()}'`);
    if (rows.some((r) => r.datname === name)) {
      await markUsed();
      return name;
    }
    const work = `${name}_work`;
    await admin.query(`drop database if exists ${work} with (force)`);
    await admin.query(`create database ${work}`);
    const url = new URL(baseUrl);
    url.pathname = `/${work}`;
    const database = openPostgres(url.toString(), 1);
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${work} rename to ${name}`);
    await markUsed();
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {});
    await admin.end();
  }
}

/** The prefix of the names of the PostgreSQL databases test run `run` creates (app.ts); its teardown drops them. */
export const runDatabasePrefix = (run: string) => `mentora_test_${run}_`;

/** Drops every database test run `run` created on the server at `baseUrl` and left behind. */
export async function dropRunDatabases(baseUrl: string, run: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [runDatabasePrefix(run)]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await admin.end();
  }
}
