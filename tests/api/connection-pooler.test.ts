/**
 * Fresh data behind a connection pooler, through a dead change feed, and after a restart — real server processes on
 * one PostgreSQL database, their pools behind a real PgBouncer in transaction mode (tests/helpers/pgbouncer.ts) and
 * their change feeds on a direct connection (DATABASE_LISTEN_URL) through a relay the test can close to new
 * connections (tests/helpers/tcp-gate.ts):
 * - a profile change made through one server is seen on the other within a second;
 * - when the feed's backend is terminated and cannot reconnect, /readyz and /metrics say so, the server stays ready,
 *   nothing is kept, search answers at once from its last catalogue and reloads it in the background; once the
 *   database can be reached again the feed reconnects;
 * - /readyz answers 503 `starting` until the catalogue's first load has finished, while /healthz answers at once.
 * Needs TEST_DATABASE_URL (PostgreSQL) and /usr/sbin/pgbouncer (.ci/run installs it): without PgBouncer it fails.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFeedApplicationName } from '../../src/server/db/client.js';
import { wholeReadGapMs } from '../../src/server/modules/catalogue/catalogue-index.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { origin } from '../helpers/auth.js';
import { createExpert } from '../helpers/marketplace.js';
import { startPgBouncer, type PgBouncer } from '../helpers/pgbouncer.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';
import { tcpGate, type TcpGate } from '../helpers/tcp-gate.js';

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.info('connection-pooler: skipped — set TEST_DATABASE_URL to a PostgreSQL server to run these tests');

type Readiness = { status: string; services: { changeFeed: string; catalogue: string } };
const readyz = async (server: ServerProcess) => {
  const res = await server.fetch(`/readyz`);
  return { code: res.status, body: (await res.json()) as Readiness };
};
/** The value of the gauge `name` in the server's /metrics. */
const gauge = async (server: ServerProcess, name: string) => {
  const text = await (await server.fetch(`/metrics`)).text();
  return Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${name} `))
      ?.split(' ')[1],
  );
};

/** Publishes `rateDollars` as the hourly rate of the expert signed in with `cookie`, through `server`. */
async function setRate(server: ServerProcess, cookie: string, rateDollars: number) {
  const res = await server.fetch(`/api/me/expert-profile`, {
    method: 'PUT',
    headers: { origin, cookie, 'x-forwarded-for': '198.51.100.90', 'content-type': 'application/json' },
    body: JSON.stringify({
      headline: 'Connection Pool Specialist',
      about: 'Keeps databases answering.',
      experience: '',
      courses: [],
      languages: ['English'],
      hobbies: [],
      expertise: ['Programming & Tech'],
      hourlyRate: rateDollars,
      cancellationPolicy: 'strict',
    }),
  });
  expect(res.status).toBe(200);
}

const profileRate = async (server: ServerProcess, expertId: string) =>
  ((await (await server.fetch(`/api/experts/${expertId}`)).json()) as { hourlyRateCents: number }).hourlyRateCents;

/** The ids of the experts a search on `server` finds at exactly `rateDollars` an hour; fails after `timeoutMs`. */
async function searchAtRate(server: ServerProcess, rateDollars: number, timeoutMs = 10_000): Promise<string[]> {
  const res = await server.fetch(`/api/experts?minRate=${rateDollars}&maxRate=${rateDollars}`, { signal: AbortSignal.timeout(timeoutMs) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { experts: { id: string }[] }).experts.map((expert) => expert.id);
}

describe.skipIf(!pgUrl)('behind a transaction-mode pooler, through a dead change feed (set TEST_DATABASE_URL)', () => {
  let ctx: TestContext;
  let bouncer: PgBouncer | undefined;
  let gate: TcpGate | undefined;
  let servers: ServerProcess[] = [];
  let env: Record<string, string>;
  let direct: pg.Client;

  beforeAll(async () => {
    ctx = await createTestApp();
    const databaseUrl = ctx.database.pool!.options.connectionString!;
    bouncer = await startPgBouncer(databaseUrl);
    const target = new URL(databaseUrl);
    gate = await tcpGate(target.hostname, Number(target.port || 5432));
    const listenUrl = new URL(databaseUrl);
    listenUrl.hostname = '127.0.0.1';
    listenUrl.port = String(gate.port);
    env = { DATABASE_URL: bouncer.url, DATABASE_LISTEN_URL: listenUrl.toString(), TRUST_PROXY: '1', AUTH_RATE_LIMIT: '0' };
    servers = await Promise.all([startServer(env), startServer(env)]);
    direct = new pg.Client({ connectionString: databaseUrl });
    await direct.connect();
  }, 200_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await direct?.end();
    await gate?.close();
    await bouncer?.stop();
    await ctx?.close();
  });

  it('a profile change made through one server is seen on the other within a second', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const editor = await createExpert(ctx, { email: 'pooled-expert@example.com' });
    // Read twice on B: B keeps the profile.
    for (let i = 0; i < 2; i++) expect(await profileRate(b, editor.expert.id)).toBe(9000);
    expect(await searchAtRate(b, 311)).toEqual([]);

    await setRate(a, editor.cookie, 311);
    await expect.poll(() => profileRate(b, editor.expert.id), { timeout: 1000, interval: 10 }).toBe(31100);
    await expect.poll(() => searchAtRate(b, 311), { timeout: 1000, interval: 10 }).toEqual([editor.expert.id]);
  });

  it('with the change feed down, nothing is kept, search answers at once and catches up, /readyz and /metrics say so; it reconnects', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const editor = await createExpert(ctx, { email: `feed-down-${randomUUID()}@example.com`, slug: `feed-down-${randomUUID().slice(0, 8)}` });
    await expect.poll(() => searchAtRate(b, 90), { timeout: 2000, interval: 10 }).toContain(editor.expert.id);

    // The feed's connections cannot come back while the gate refuses; the pools (through PgBouncer) are untouched.
    await gate!.refuse();
    const killed = await direct.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()', [
      changeFeedApplicationName,
    ]);
    expect(killed.rowCount).toBeGreaterThanOrEqual(2);
    for (const server of servers) {
      await expect.poll(async () => (await readyz(server)).body.services.changeFeed, { timeout: 5000, interval: 20 }).toBe('down');
      const { code, body } = await readyz(server);
      expect(code).toBe(200);
      expect(body.status).toBe('ready');
      expect(await gauge(server, 'mentora_change_feed_live')).toBe(0);
    }

    // Nothing is kept: the first read on B after A's answer has the change.
    for (let i = 0; i < 2; i++) expect(await profileRate(b, editor.expert.id)).toBe(9000);
    await setRate(a, editor.cookie, 312);
    expect(await profileRate(b, editor.expert.id)).toBe(31200);
    // The catalogue reloads in the background, at most wholeReadGapMs after its last whole read.
    await expect.poll(() => searchAtRate(b, 312), { timeout: wholeReadGapMs + 10_000, interval: 50 }).toEqual([editor.expert.id]);

    // While nobody can read experts, a search is answered from the catalogue the server holds.
    await direct.query('begin');
    try {
      await direct.query('lock table experts in access exclusive mode');
      const [onA, onB] = await Promise.all(servers.map((server) => searchAtRate(server, 312, 5000)));
      // A's last whole read was before the change; B's after it.
      expect(onA).toEqual([]);
      expect(onB).toEqual([editor.expert.id]);
    } finally {
      await direct.query('rollback');
    }

    await gate!.admit();
    for (const server of servers) {
      await expect.poll(async () => (await readyz(server)).body.services.changeFeed, { timeout: 5000, interval: 20 }).toBe('live');
      expect(await gauge(server, 'mentora_change_feed_live')).toBe(1);
    }
    // Live again: B keeps answers and follows changes made on A within a second.
    for (let i = 0; i < 2; i++) expect(await profileRate(b, editor.expert.id)).toBe(31200);
    await setRate(a, editor.cookie, 313);
    await expect.poll(() => profileRate(b, editor.expert.id), { timeout: 1000, interval: 10 }).toBe(31300);
    await expect.poll(() => searchAtRate(b, 313), { timeout: wholeReadGapMs + 10_000, interval: 50 }).toEqual([editor.expert.id]);
  });

  it('/readyz answers 503 starting until the catalogue has loaded, while /healthz answers at once', async () => {
    await direct.query('begin');
    let starting: ServerProcess | undefined;
    try {
      // The first load cannot read experts until the lock is released.
      await direct.query('lock table experts in access exclusive mode');
      starting = await startServer(env, { probe: '/healthz' });
      const { code, body } = await readyz(starting);
      expect(code).toBe(503);
      expect(body).toMatchObject({ status: 'starting', services: { catalogue: 'loading' } });
      expect(await gauge(starting, 'mentora_catalogue_loaded')).toBe(0);
    } finally {
      await direct.query('rollback');
    }
    const server = starting!;
    try {
      await expect.poll(async () => (await readyz(server)).code, { timeout: 30_000, interval: 50 }).toBe(200);
      expect((await readyz(server)).body).toMatchObject({ status: 'ready', services: { catalogue: 'loaded', changeFeed: 'live' } });
      expect(await gauge(server, 'mentora_catalogue_loaded')).toBe(1);
    } finally {
      await server.stop();
    }
  });
});
