// Booking cost: server CPU per booking and bookings per second on one and on two servers sharing one PostgreSQL
// database, for one or more server bundles measured alternately in the same run (so a ratio between two
// builds holds on a machine busy with other work while absolute figures do not). Same requests as the booking
// rows of bench/api.mjs: every request a distinct free slot of one of 2 000 open experts, 50 signed-in clients,
// the test card, each request its own X-Forwarded-For address (TRUST_PROXY=1). Server CPU is counted from the first
// booking to the last answer, and again until the outbox (a worker in the same processes) has sent the e-mails the
// bookings queued; bookings per second likewise, over the round and over the round until its last e-mail was sent.
//
// With --plans every round also books the same slots as sessions of monthly plans (docs/product.md "Plans and
// packages": POST /api/subscriptions/{id}/sessions, no card step), each client subscribed by card to a plan of 8
// sessions a month of each of the 10 open experts it books, and reports the plan booking's server CPU as a ratio to
// the one-off booking's measured in the same round on the same server. Every plan load and its warm-up book the
// subscriptions from the first one on (again past 2 000 bookings), and a plan has 8 sessions a month: a run has room
// for at most 4 plan loads (--rounds 2 with one --server, or --rounds 1 with two), fewer at over 2 000 bookings a load;
// past that the month's sessions run out and the plan rows count refusals (non-2xx).
//
//   node bench/bookings.mjs [--server dist/server/main.js]... [--rounds 2] [--duration 10] [--two] [--plans]
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
    plans: { type: 'boolean', default: false },
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

const oneOff = (cookies, base) => bookingRequests(cookies, base, { run, openExperts });

/**
 * Request i of the plan load: the one-off booking's slot i (client i mod C, open expert i mod E, its hour), booked
 * from that client's subscription to that expert's plan (`subscriptions`: '<client n>:<expert n>' → id).
 */
function planBookings(subscriptions) {
  return (cookies, base) => {
    const slot = oneOff(cookies, base);
    let i = 0;
    return () => {
      const n = i++;
      const request = slot();
      const { startsAt } = JSON.parse(request.body);
      const id = subscriptions.get(`${n % cookies.length}:${n % openExperts}`);
      return { ...request, path: `/api/subscriptions/${id}/sessions`, body: JSON.stringify({ startsAt, topic: 'Bench plan booking' }) };
    };
  };
}

/**
 * Offers a plan of 8 sessions of 60 minutes a month on each open expert of the database at `databaseUrl` (the bench
 * experts have no sign-in, so the rows are written directly), then subscribes each client c, by card through `url`,
 * to the plans of the open experts c, c + C, c + 2C, … — the experts its one-off bookings go to. Returns the
 * subscriptions' ids by '<client n>:<expert n>'.
 */
async function subscribeClients(url, databaseUrl, cookies) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(
      `insert into plans (expert_id, slot, name, price_cents, session_count, duration_minutes, chat_promise)
       select id, 1, 'Bench plan', 40000, 8, 60, 'Replies within 2 working days' from experts
       where slug ~ $1 and substring(slug from '[0-9]+$')::int < $2 on conflict do nothing`,
      [`^bench-${run}-[0-9]+$`, openExperts],
    );
    const { rows } = await c.query(
      `select p.id, substring(e.slug from '[0-9]+$')::int as n from plans p join experts e on e.id = p.expert_id where e.slug ~ $1`,
      [`^bench-${run}-[0-9]+$`],
    );
    const planOf = new Map(rows.map((r) => [r.n, r.id]));
    const subscriptions = new Map();
    const origin = new URL(url).origin.replace('127.0.0.1', 'localhost');
    let address = 0;
    for (let client = 0; client < cookies.length; client++)
      for (let expert = client; expert < openExperts; expert += cookies.length) {
        const res = await fetch(`${url}/api/plans/${planOf.get(expert)}/subscriptions`, {
          method: 'POST',
          headers: {
            cookie: cookies[client],
            origin,
            'content-type': 'application/json',
            'idempotency-key': `bench-${run}-${client}-${expert}`,
            'x-forwarded-for': `10.251.${(++address >> 8) & 255}.${address & 255}`,
          },
          body: JSON.stringify({ card: { cardholderName: 'Bench Client', number: '4242 4242 4242 4242', expiry: '12/35', cvc: '123' } }),
        });
        if (res.status !== 201 && res.status !== 200)
          throw new Error(`subscribing client ${client} to expert ${expert} failed: ${res.status} ${await res.text()}`);
        subscriptions.set(`${client}:${expert}`, (await res.json()).subscription.id);
      }
    return subscriptions;
  } finally {
    await c.end();
  }
}

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

/**
 * Starts `servers` processes of `bundle` on one database, books for `duration` s with each load of `loads` (request
 * factories: one-off bookings, and with --plans plan bookings) in turn on the same servers, returns per load bookings/s
 * and CPU ms per booking.
 */
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
    const loads = [['one-off', oneOff]];
    if (values.plans) {
      subscriptions ??= await subscribeClients(A, env.DATABASE_URL, cookies);
      loads.push(['plan', planBookings(subscriptions)]);
    }
    const results = [];
    for (const [kind, bookings] of loads) {
      const r = await measureLoad(started, A, port, cookies, bookings, env, base);
      base = r.next;
      results.push({ kind, ...r });
    }
    return results;
  } finally {
    for (const s of started.reverse()) await s.stop();
  }
}

let subscriptions = null;

/** One load on running servers `started`: a 3-s warm-up, then `duration` s measured. */
async function measureLoad(started, A, port, cookies, bookings, env, base) {
  const servers = started.length;
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
        const results = await measure(bundle, servers, env, base);
        base = results.at(-1).next;
        for (const r of results) {
          rows.push({
            round,
            server: bundle,
            servers,
            booking: r.kind,
            'bookings/s': r.rps,
            'bookings/s, e-mails sent': r.rpsWithMail,
            'p50 ms': r.p50,
            'p99 ms': r.p99,
            'server CPU ms/booking': r.cpuPerBooking.toFixed(2),
            'with its e-mails sent': r.cpuWithMail.toFixed(2),
            bookings: r.sent,
            'non-2xx': r.errors,
            ...(values.plans ? { 'CPU ratio to one-off': (r.cpuPerBooking / results[0].cpuPerBooking).toFixed(2) } : {}),
          });
          console.log(JSON.stringify(rows.at(-1)));
        }
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
