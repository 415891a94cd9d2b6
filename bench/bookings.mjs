// Booking cost: server CPU per booking and bookings per second on one and on two servers sharing one PostgreSQL
// database, for one or more server bundles measured alternately in the same run (so a ratio between two
// builds holds on a machine busy with other work while absolute figures do not). Same requests as the booking
// rows of bench/api.mjs: every request a distinct free slot of one of 2 000 open experts, 50 signed-in clients,
// the test card, each request its own X-Forwarded-For address (TRUST_PROXY=1). Server CPU is counted from the first
// booking to the last answer, and again until the outbox (a worker in the same processes) has sent the e-mails the
// bookings queued; bookings per second likewise, over the round and over the round until its last e-mail was sent.
//
//   node bench/bookings.mjs [--server dist/server/main.js]... [--rounds 2] [--duration 10] [--two]
//   options: --database-url URL (default $BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
//            a database of its own is created there and dropped), --count N experts (default 5 000),
//            --connections N (default 50), --port N (first port of the servers, default a random one from 4700;
//            a round uses N and, with --two, N+1), --cpu-prof DIR (each server writes a V8 CPU profile there when
//            it stops: open it in Chrome's DevTools or read it with a script). Run it from the repository whose migrations the bundles expect.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { bookingRequests, seedBenchCatalogue, signInClients } from './booking-load.mjs';
import { cpuMs, load, loadTogether, markdownTable, startProcess, waitFor } from './lib.mjs';

const { values } = parseArgs({
  options: {
    server: { type: 'string', multiple: true, default: ['dist/server/main.js'] },
    rounds: { type: 'string', default: '2' },
    duration: { type: 'string', default: '10' },
    two: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    count: { type: 'string', default: '5000' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const run = 'b';
// Bookings are limited to 30 a minute per account (docs/security.md "Rate limits"): 200 clients keep a minute of
// booking rows (about 70 bookings/s) under it.
const clientCount = 200;
const openExperts = 2000;
const password = 'bench-password-1';
const connections = Number(values.connections);
const duration = Number(values.duration);

const bookings = (cookies, base) => bookingRequests(cookies, base, { run, openExperts });

/** Waits (at most 120 s) until the outbox of the database at `databaseUrl` has no message waiting to be sent. */
async function outboxDrained(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    for (let waited = 0; waited < 120_000; waited += 250) {
      const { rows } = await c.query(`select count(*)::int as n from email_outbox where status = 'pending'`);
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the outbox did not drain within 120 s');
  } finally {
    await c.end();
  }
}

/** Starts `servers` processes of `bundle` on one database, books for `duration` s, returns bookings/s and CPU ms per booking. */
async function measure(bundle, servers, env, base) {
  const port = values.port ? Number(values.port) : 4700 + Math.floor(Math.random() * 200);
  const started = [];
  try {
    for (let i = 0; i < servers; i++) {
      const profile = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
      const server = startProcess([...profile, bundle], {
        PORT: String(port + i),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        TRUST_PROXY: '1',
        AUTH_RATE_LIMIT: '0',
        SEED_DEMO: '0',
        ...env,
      });
      started.push(server);
      await waitFor(`http://127.0.0.1:${port + i}/readyz`);
    }
    const A = `http://127.0.0.1:${port}`;
    const cookies = await signInClients(A, { count: clientCount, run, password });
    const warm = await load(A, { connections, duration: 3, next: bookings(cookies, base) });
    base += Math.ceil(warm.sent / clientCount + 2) * 3_600_000;
    await outboxDrained(env.DATABASE_URL);
    const pids = started.map((s) => s.child.pid);
    const before = pids.map(cpuMs);
    const next = bookings(cookies, base);
    const r =
      servers === 1
        ? await load(A, { connections, duration, next })
        : await loadTogether(started.map((_, i) => [`http://127.0.0.1:${port + i}`, { connections: Math.ceil(connections / servers), duration, next }]));
    const answered = pids.reduce((sum, pid, i) => sum + cpuMs(pid) - before[i], 0);
    // A booking's two e-mails are sent by the outbox worker in the same processes, after the answer: a build that
    // leaves them for later answers more bookings a second while its outbox falls behind, so the rate is also given
    // until the last e-mail was sent.
    const drainStarted = performance.now();
    await outboxDrained(env.DATABASE_URL);
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const mailed = pids.reduce((sum, pid, i) => sum + cpuMs(pid) - before[i], 0);
    const per = (ms) => ms / Math.max(1, r.sent);
    return {
      ...r,
      rpsWithMail: Math.round(r.sent / (duration + drainSeconds)),
      cpuPerBooking: per(answered),
      cpuWithMail: per(mailed),
      next: base + Math.ceil(r.sent / clientCount + 2) * 3_600_000,
    };
  } finally {
    for (const s of started.reverse()) await s.stop();
  }
}

const admin = new pg.Client({ connectionString: values['database-url'] });
await admin.connect();
const name = `mentora_bookings_${Date.now()}`;
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(values['database-url']);
url.pathname = `/${name}`;
const rows = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-bench-bookings-'));
try {
  await seedBenchCatalogue({ DATABASE_URL: url.toString() }, { count: values.count, run, clients: clientCount, openExperts, password });
  const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
  // Two days ahead: no 24-hour or 1-hour reminder falls due while a round runs, so the e-mails counted are the bookings' own.
  let base = Math.ceil((Date.now() + 48 * 3_600_000) / 3_600_000) * 3_600_000;
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const servers of values.two ? [1, 2] : [1]) {
      for (const bundle of values.server) {
        const r = await measure(bundle, servers, env, base);
        base = r.next;
        rows.push({
          round,
          server: bundle,
          servers,
          'bookings/s': r.rps,
          'bookings/s, e-mails sent': r.rpsWithMail,
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          'server CPU ms/booking': r.cpuPerBooking.toFixed(2),
          'with its e-mails sent': r.cpuWithMail.toFixed(2),
          bookings: r.sent,
          'non-2xx': r.errors,
        });
        console.log(JSON.stringify(rows.at(-1)));
      }
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true }); // the .eml files of every round
  const c = new pg.Client({ connectionString: values['database-url'] });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}
console.log(
  `\nBookings, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}:\n\n${markdownTable(rows)}\n`,
);
