/**
 * npm run backup and npm run restore (docs/deploy.md "Backups"), with real processes and real files: a running
 * server on PGlite with demo accounts, a signed-in session and an uploaded photo is backed up while it serves; the
 * backup is restored into a fresh DATA_DIR, a server starts on it, and the same accounts, sign-in sessions and files
 * are there (the old cookie still signs in: the generated AUTH_SECRET came along). A restore refuses a DATA_DIR that
 * is not empty, and the backup endpoint answers no one without the token. On PostgreSQL (TEST_DATABASE_URL) there
 * is no backup endpoint and the script says to use pg_dump.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openPglite } from '../../src/server/db/client.js';
import { backupToken } from '../../src/server/http/backup-route.js';
import { createPostgresDatabase } from '../helpers/app.js';
import { origin } from '../helpers/auth.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';
import { multipartBody, tinyPng } from '../helpers/uploads.js';

/**
 * Runs `npm run <script>` as its package.json says (tsx), with `env` over this process's (and the servers' BASE_URL:
 * Vitest sets BASE_URL to '/'); resolves with its exit code and output.
 */
function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, BASE_URL: 'http://localhost:3000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** Every file below `dir` (relative path → bytes). */
function filesIn(dir: string): Map<string, Buffer> {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(entries.map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), readFileSync(path.join(e.parentPath, e.name))]));
}

/** The accounts and sign-in sessions of the PGlite database in `dataDir` (the server on it must be stopped). */
async function accountsIn(dataDir: string) {
  const database = await openPglite(path.join(dataDir, 'pgdata'));
  try {
    const users = await database.db.query.user.findMany({ columns: { id: true, email: true }, orderBy: (u, { asc }) => asc(u.id) });
    const sessions = await database.db.query.authSession.findMany({ columns: { id: true, userId: true, token: true }, orderBy: (s, { asc }) => asc(s.id) });
    return { users, sessions };
  } finally {
    await database.close();
  }
}

const pgUrl = process.env.TEST_DATABASE_URL;

// On the embedded database only: the backup copies PGlite's data directory. The PostgreSQL pass has the pg_dump case
// below; this one runs in the PGlite pass (docs/decisions/040-one-pass-for-what-one-database-decides.md).
describe.skipIf(pgUrl)('npm run backup and npm run restore (PGlite)', () => {
  // The generated secret in DATA_DIR/auth-secret, not AUTH_SECRET: the backup must carry it.
  const env = { AUTH_SECRET: '', AUTH_RATE_LIMIT: '0' };

  it('copies a running server’s database, uploads and secret, and a server on the restored copy has the same accounts, sessions and files', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'mentora-backup-'));
    const live = path.join(tmp, 'live');
    const restored = path.join(tmp, 'restored');
    const backup = path.join(tmp, 'backup');
    const servers: ServerProcess[] = [];
    onTestFinished(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      rmSync(tmp, { recursive: true, force: true });
    });
    const source = await startServer({ ...env, DATA_DIR: live, SEED_DEMO: '1' });
    servers.push(source);
    const signIn = await source.fetch(`/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'client@example.com', password: 'mentora-demo' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = (await (await source.fetch(`/api/me`, { headers: { cookie } })).json()) as { user: { id: string; email: string } };
    expect(me.user.email).toBe('client@example.com');
    const body = multipartBody('me.png', tinyPng, 'image/png');
    const uploaded = await source.fetch(`/api/files?purpose=photo`, {
      method: 'POST',
      headers: { origin, cookie, 'content-type': body.contentType },
      body: body.payload,
    });
    expect(uploaded.status).toBe(201);
    const { file } = (await uploaded.json()) as { file: { id: string } };

    // No token, or not from this machine: the endpoint is not there.
    expect((await source.fetch(`/backup/database`)).status).toBe(404);
    expect((await source.fetch(`/backup/database`, { headers: { authorization: 'Bearer guess' } })).status).toBe(404);

    const made = await run('backup', ['--out', backup], { DATA_DIR: live, PORT: String(source.port), AUTH_SECRET: '' });
    expect(made.code, made.output).toBe(0);
    expect(readdirSync(backup).sort()).toEqual(['auth-secret', 'backup.json', 'pgdata.tar.gz', 'uploads']);
    // The server still serves: the copy did not stop it.
    expect((await source.fetch(`/api/me`, { headers: { cookie } })).status).toBe(200);

    const laid = await run('restore', [backup], { DATA_DIR: restored });
    expect(laid.code, laid.output).toBe(0);
    expect(laid.output).toMatch(/database: \d+ accounts/);
    // Never over an existing database.
    const again = await run('restore', [backup], { DATA_DIR: restored });
    expect(again.code).toBe(1);
    expect(again.output).toContain('is not empty');

    const copy = await startServer({ ...env, DATA_DIR: restored });
    servers.push(copy);
    // The sign-in session made before the backup still signs in, on the same account.
    const meAgain = (await (await copy.fetch(`/api/me`, { headers: { cookie } })).json()) as { user: { id: string } | null };
    expect(meAgain.user?.id).toBe(me.user.id);
    const photo = await copy.fetch(`/api/files/${file.id}`, { headers: { cookie } });
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(tinyPng)).toBe(true);

    await Promise.all(servers.map((s) => s.stop()));
    const uploads = filesIn(path.join(live, 'uploads'));
    expect(uploads.size).toBeGreaterThan(1);
    expect(filesIn(path.join(restored, 'uploads'))).toEqual(uploads);
    expect(readFileSync(path.join(restored, 'auth-secret'), 'utf8')).toBe(readFileSync(path.join(live, 'auth-secret'), 'utf8'));
    const [before, after] = [await accountsIn(live), await accountsIn(restored)];
    expect(after.users).toEqual(before.users);
    expect(after.sessions).toEqual(before.sessions);
    // Two servers start with the demo data and two scripts run: about 40 s on a quiet machine, over 4 minutes in a CI
    // run on a loaded one.
  }, 600_000);
});

describe.skipIf(!pgUrl)('npm run backup with PostgreSQL (set TEST_DATABASE_URL)', () => {
  it('has no backup endpoint, and the script names pg_dump and keeps only what is local', async () => {
    const database = await createPostgresDatabase(pgUrl!);
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'mentora-backup-pg-'));
    const secret = 'pg-backup-secret-pg-backup-secret-0123';
    const server = await startServer({ DATABASE_URL: database.url, AUTH_SECRET: secret, DATA_DIR: path.join(tmp, 'data') });
    try {
      const answer = await server.fetch(`/backup/database`, { headers: { authorization: `Bearer ${backupToken(secret)}` } });
      expect(answer.headers.get('content-type')).not.toBe('application/gzip');
      const made = await run('backup', ['--out', path.join(tmp, 'backup')], {
        DATA_DIR: path.join(tmp, 'data'),
        PORT: String(server.port),
        AUTH_SECRET: secret,
      });
      expect(made.code, made.output).toBe(0);
      expect(made.output).toContain('pg_dump');
      expect(made.output).toContain('keep it with this backup');
      expect(readdirSync(path.join(tmp, 'backup'))).toEqual(['backup.json']);
    } finally {
      await server.stop();
      await database.drop();
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
