/**
 * A real PgBouncer (the Debian package's /usr/sbin/pgbouncer) in transaction mode in front of a PostgreSQL server, for
 * tests of what a transaction-mode pooler breaks (LISTEN, session locks). Its own ini and auth file in a temporary
 * folder, listening on a free port of 127.0.0.1; run as the `postgres` account when the tests run as root (PgBouncer
 * refuses root).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process.js';

export const pgbouncerBinary = '/usr/sbin/pgbouncer';

export type PgBouncer = {
  /** `databaseUrl` with its host and port replaced by the pooler's. */
  url: string;
  stop: () => Promise<void>;
};

/**
 * Starts PgBouncer in front of the server of `databaseUrl` (trust authentication for its user) and resolves once a
 * query through it answers. Throws when the binary is missing: `.ci/run` installs it.
 */
export async function startPgBouncer(databaseUrl: string): Promise<PgBouncer> {
  if (!existsSync(pgbouncerBinary)) throw new Error(`${pgbouncerBinary} is missing: apt-get install pgbouncer (.ci/run does)`);
  const target = new URL(databaseUrl);
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mentora-pgbouncer-'));
  chmodSync(dir, 0o755);
  const user = decodeURIComponent(target.username || 'postgres');
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`, { mode: 0o644 });
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 20',
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(pgbouncerBinary, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return { url: url.toString(), stop };
    } catch (err) {
      await client.end().catch(() => {});
      if (Date.now() > deadline || child.exitCode !== null) {
        await stop();
        throw new Error(`PgBouncer did not answer: ${String(err)}\n${output.slice(-2000)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
