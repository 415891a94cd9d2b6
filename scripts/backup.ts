/**
 * npm run backup [-- --out DIR] [--server URL]: a consistent copy of a running server's embedded data, taken while
 * it serves (docs/decisions/019-metrics-and-backups.md; docs/deploy.md "Backups"). Run it on the server's machine with
 * the server's environment (DATA_DIR, PORT, AUTH_SECRET). It writes into DIR (default backups/<UTC time>, mode 0700):
 * - pgdata.tar.gz: the PGlite database, from the server's GET /backup/database (a snapshot taken inside PGlite,
 *   since a second process must never open a data directory PGlite has open);
 * - uploads/: the uploaded files, copied from DATA_DIR/uploads after the snapshot (stored files are written once
 *   and moved in whole, so every file a snapshot row names is there unless deleted in between);
 * - auth-secret: the generated AUTH_SECRET (sign-in sessions, two-factor secrets), when not set in the environment;
 * - backup.json, written last: what the backup holds; `npm run restore` accepts only a backup that has it.
 * With PostgreSQL or S3 those parts are skipped with a line saying to use pg_dump or the bucket's own copies.
 * Exits 1, leaving DIR unfinished (no backup.json), when the server does not answer or refuses.
 */
import { chmod, copyFile, cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { createWriteStream, existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { backupToken } from '../src/server/http/backup-route.js';
import { fail, scriptConfig } from './script-config.js';

const { values } = parseArgs({ options: { out: { type: 'string' }, server: { type: 'string' } } });
const config = scriptConfig();
if (!config.secretKnown)
  fail(`Neither AUTH_SECRET nor ${path.join(config.dataDir, 'auth-secret')} is there: run this with the server's own environment (DATA_DIR, AUTH_SECRET).`);
const server = values.server ?? `http://127.0.0.1:${config.port}`;
const out = path.resolve(values.out ?? path.join('backups', new Date().toISOString().replace(/[:.]/g, '-')));

if (existsSync(out) && (await readdir(out)).length > 0) fail(`${out} is not empty: choose a new folder with --out.`);
const ready = await fetch(new URL('/readyz', server), { signal: AbortSignal.timeout(10_000) }).then(
  async (res) => (res.ok ? ((await res.json()) as { services: { database: string; storage: string } }) : null),
  () => null,
);
if (!ready) fail(`No ready Mentora server answers at ${server}: start it, or name it with --server.`);
await mkdir(out, { recursive: true, mode: 0o700 });

const manifest = {
  format: 1,
  createdAt: new Date().toISOString(),
  database: ready.services.database,
  storage: ready.services.storage,
  uploads: 0,
  authSecret: false,
};
if (ready.services.database === 'pglite') {
  const res = await fetch(new URL('/backup/database', server), { headers: { authorization: `Bearer ${backupToken(config.authSecret)}` } });
  if (res.status !== 200 || !res.body)
    fail(`The server at ${server} refused the backup (HTTP ${res.status}): run this on its machine, with its DATA_DIR and AUTH_SECRET.`);
  await pipeline(Readable.fromWeb(res.body as ReadableStream<Uint8Array>), createWriteStream(path.join(out, 'pgdata.tar.gz'), { mode: 0o600 }));
  console.log('database: pgdata.tar.gz (PGlite snapshot)');
} else {
  console.log('database: PostgreSQL, not copied here: back it up with pg_dump (docs/deploy.md "Backups").');
}

const uploads = path.join(config.dataDir, 'uploads');
if (ready.services.storage === 'local' && existsSync(uploads)) {
  // Uploads still being received wait in .staging; they are not stored files yet.
  await cp(uploads, path.join(out, 'uploads'), { recursive: true, filter: (source) => path.basename(source) !== '.staging' });
  const files = await readdir(path.join(out, 'uploads'), { recursive: true, withFileTypes: true });
  manifest.uploads = files.filter((f) => f.isFile()).length;
  console.log(`uploads: ${manifest.uploads} files`);
} else if (ready.services.storage === 's3') {
  console.log('uploads: in S3, not copied here: keep the bucket versioned or replicated (docs/deploy.md "Backups").');
}

if (!process.env.AUTH_SECRET) {
  await copyFile(path.join(config.dataDir, 'auth-secret'), path.join(out, 'auth-secret'));
  await chmod(path.join(out, 'auth-secret'), 0o600);
  manifest.authSecret = true;
} else {
  console.log('AUTH_SECRET is set in the environment: keep it with this backup; sign-ins and two-factor secrets need it.');
}
await writeFile(path.join(out, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
console.log(`backup written to ${out}`);
