import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../src/server/demo/seed.js';
import { createPostgresDatabase } from '../helpers/app.js';
import { checkedFetch, serverEntry, startServer } from '../helpers/server-process.js';

/** Runs the real entry point (the run's server bundle) with `env`; resolves when it exits or is ready. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverEntry()], {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

async function waitReady(port: number, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('not ready');
}

describe('start-up and shutdown', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a malformed DATABASE_URL with one line naming it and exit code 1', async () => {
    const run = start({ DATABASE_URL: 'mysql://nope', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.stderr().trim()).toBe('Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL');
  });

  it('refuses a bad PORT the same way', async () => {
    const run = start({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.stderr().trim().split('\n')).toHaveLength(1);
    expect(run.stderr()).toMatch(/^Invalid configuration: PORT/);
  });

  it('seeds demo data once, keeps data across restarts, and exits 0 on SIGTERM', async () => {
    const port = 3400 + Math.floor(Math.random() * 200);
    const first = start({ PORT: String(port), DATA_DIR: dataDir, BASE_URL: `http://localhost:${port}`, SEED_DEMO: '1' });
    await waitReady(port);
    const origin = `http://localhost:${port}`;
    const api = checkedFetch(origin);
    const signUp = await api.fetch('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'kept@example.com', password: 'kept-password', name: '' }),
    });
    expect(signUp.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start({ PORT: String(port), DATA_DIR: dataDir, BASE_URL: origin, SEED_DEMO: '1' });
    await waitReady(port);
    // The account made before the restart still exists (sign-in says "not verified", not "invalid").
    const signIn = await api.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'kept@example.com', password: 'kept-password' }),
    });
    expect(signIn.status).toBe(403);
    const demo = await api.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'client@example.com', password: 'mentora-demo' }),
    });
    expect(demo.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(api.problems(), 'answers that do not match the OpenAPI document').toEqual([]);
  }, 200_000);
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('two servers starting at once on one empty PostgreSQL database (set TEST_DATABASE_URL)', () => {
  it('both start with SEED_DEMO=1, and the demo data is seeded once', async () => {
    const database = await createPostgresDatabase(pgUrl!);
    const servers = await Promise.allSettled([0, 1].map(() => startServer({ DATABASE_URL: database.url, SEED_DEMO: '1' })));
    try {
      for (const server of servers) expect(server.status, server.status === 'rejected' ? String(server.reason) : '').toBe('fulfilled');
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ email: string; n: number }>(
          'select email, count(*)::int as n from "user" where email = any($1) group by email order by email',
          [demoAccounts.map((a) => a.email)],
        );
        expect(rows).toEqual(demoAccounts.map((a) => ({ email: a.email, n: 1 })).sort((a, b) => a.email.localeCompare(b.email)));
      } finally {
        await client.end();
      }
      // Each server answers with the seeded data (a demo account signs in on both).
      for (const server of servers) {
        if (server.status !== 'fulfilled') continue;
        const signIn = await server.value.fetch(`/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
          body: JSON.stringify({ email: 'client@example.com', password: 'mentora-demo' }),
        });
        expect(signIn.status).toBe(200);
      }
    } finally {
      await Promise.all(servers.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
      await database.drop();
    }
  }, 200_000);
});
