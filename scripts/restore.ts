/**
 * npm run restore -- DIR: lays a backup made by `npm run backup` into DATA_DIR (docs/deploy.md "Backups"). DATA_DIR
 * must not exist or be empty: a restore never overwrites a database. It loads pgdata.tar.gz into DATA_DIR/pgdata
 * through PGlite (`loadDataDir`) and counts the accounts to prove the copy opens, copies the uploads and the
 * auth-secret, and prints what it restored. Start the server on DATA_DIR afterwards; it applies any newer
 * migrations as at every start. On failure it removes what it wrote and exits 1.
 */
import { count } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { chmod, copyFile, cp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite } from '../src/server/db/client.js';
import { user } from '../src/server/db/schema.js';
import { fail, scriptConfig } from './script-config.js';

const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) fail('Usage: npm run restore -- <backup folder>   (DATA_DIR names the new data directory)');
const from = path.resolve(positionals[0]!);
const manifestFile = path.join(from, 'backup.json');
if (!existsSync(manifestFile)) fail(`${from} is not a finished backup (no backup.json).`);
const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { format: number; createdAt: string };
if (manifest.format !== 1) fail(`${from} is a backup of format ${manifest.format}, which this version cannot read.`);

const { dataDir } = scriptConfig();
if (existsSync(dataDir) && (await readdir(dataDir)).length > 0)
  fail(`${dataDir} is not empty: restore only into a new or empty DATA_DIR (move the old one aside first).`);

try {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const tarball = path.join(from, 'pgdata.tar.gz');
  if (existsSync(tarball)) {
    const database = await openPglite(path.join(dataDir, 'pgdata'), new Blob([await readFile(tarball)]));
    try {
      const [accounts] = await database.db.select({ n: count() }).from(user);
      console.log(`database: ${accounts?.n ?? 0} accounts`);
    } finally {
      await database.close();
    }
  }
  if (existsSync(path.join(from, 'uploads'))) {
    await cp(path.join(from, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
    console.log('uploads: copied');
  }
  if (existsSync(path.join(from, 'auth-secret'))) {
    await copyFile(path.join(from, 'auth-secret'), path.join(dataDir, 'auth-secret'));
    await chmod(path.join(dataDir, 'auth-secret'), 0o600);
  }
} catch (err) {
  // DATA_DIR was empty: leave it so again (it may be a mount point, so only its contents go).
  for (const entry of await readdir(dataDir).catch(() => [])) await rm(path.join(dataDir, entry), { recursive: true, force: true });
  fail(`Restore failed, nothing kept in ${dataDir}: ${err instanceof Error ? err.message : String(err)}`);
}
console.log(`restored the backup of ${manifest.createdAt} into ${dataDir}`);
