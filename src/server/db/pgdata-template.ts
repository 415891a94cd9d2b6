/**
 * Template PGlite cluster: `npm run build` makes an initialised cluster
 * with every committed migration applied (dist/server/pgdata-template/, not committed), and a server that
 * starts on a fresh DATA_DIR copies it instead of running initdb, which is most of PGlite's start-up time.
 * Demo data is never in the template: it is seeded relative to the current time at start (demo/seed.ts).
 *
 * Layout of a template folder: `pgdata/` (the cluster, closed cleanly) and `manifest.json`
 * `{ migrations: <sha256 of the migrations folder>, pglite: <PGlite version> }`. A template whose
 * migrations digest differs from the running server's migrations folder is not used (initdb instead).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { openPglite } from './client.js';
import { migrationsFolder, runMigrations } from './migrate.js';

type Manifest = { migrations: string; pglite: string };

/** sha256 (hex) over the file names and bytes of `folder`'s *.sql files and meta/_journal.json. */
export function migrationsDigest(folder: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .concat('meta/_journal.json');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(folder, file)))
      .update('\0');
  return hash.digest('hex');
}

function readManifest(templateDir: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(path.join(templateDir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** True when `dir` is missing or an empty folder (a database never created there). */
function isEmptyDir(dir: string): boolean {
  if (!existsSync(dir)) return true;
  return readdirSync(dir).length === 0;
}

/**
 * Copies the folder tree `from` to `to` (which must not exist), eight files at a time on libuv's thread pool:
 * about twice as fast as fs.cpSync for a cluster's ~1 100 files on a busy machine.
 */
async function copyTree(from: string, to: string): Promise<void> {
  const files: string[] = [];
  const walk = (rel: string) => {
    mkdirSync(path.join(to, rel), { recursive: true });
    for (const entry of readdirSync(path.join(from, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else files.push(child);
    }
  };
  walk('');
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      await copyFile(path.join(from, file), path.join(to, file));
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/**
 * Build step: writes the template for the migrations folder (migrate.ts) to `templateDir` unless one with the same
 * migrations digest and PGlite version is already there. `pgliteVersion` is the installed
 * @electric-sql/pglite version. Returns true when it (re)made the template. Replaces the folder by rename,
 * so a server copying the old one at the same moment either gets it whole or falls back to initdb.
 */
export async function buildPgdataTemplate(templateDir: string, pgliteVersion: string): Promise<boolean> {
  const manifest: Manifest = { migrations: migrationsDigest(migrationsFolder()), pglite: pgliteVersion };
  const current = readManifest(templateDir);
  if (current && current.migrations === manifest.migrations && current.pglite === manifest.pglite && existsSync(path.join(templateDir, 'pgdata', 'PG_VERSION')))
    return false;
  const work = `${templateDir}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const database = await openPglite(path.join(work, 'pgdata'));
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest)}\n`);
  rmSync(templateDir, { recursive: true, force: true });
  renameSync(work, templateDir);
  return true;
}

/**
 * Start-up step: when `dataDir` holds no database yet and `templateDir` has a template made from the same
 * migrations (`migrationsFolder`, the folder the server migrates from), copies its cluster to `dataDir` (through a temporary sibling folder and a
 * rename, so an interrupted copy leaves no half cluster). Resolves true when it copied. Never touches an
 * existing database; any failure (no template, stale template, copy error) resolves false so the caller
 * falls back to initdb.
 */
export async function copyPgdataTemplate(dataDir: string, templateDir: string, migrationsFolder: string): Promise<boolean> {
  if (!isEmptyDir(dataDir)) return false;
  const manifest = readManifest(templateDir);
  const source = path.join(templateDir, 'pgdata');
  if (!manifest || !existsSync(path.join(source, 'PG_VERSION'))) return false;
  const work = `${dataDir}.tmp-${process.pid}`;
  try {
    if (manifest.migrations !== migrationsDigest(migrationsFolder)) return false;
    rmSync(work, { recursive: true, force: true });
    mkdirSync(path.dirname(work), { recursive: true });
    await copyTree(source, work);
    // rename(2) replaces a missing or empty folder only: a server that filled it meanwhile wins.
    renameSync(work, dataDir);
    return true;
  } catch {
    rmSync(work, { recursive: true, force: true });
    return false;
  }
}
