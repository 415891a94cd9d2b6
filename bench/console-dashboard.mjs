// The team console's dashboard (GET /api/admin/dashboard?days=7|30|90) on PostgreSQL with a year of business for
// 100 000 experts, measured without and then with the indexes of migration 0036 in one run (the same machine load),
// against the built server (`npm run build` first).
//
//   node bench/console-dashboard.mjs            seed a new database, measure, drop it
//   node bench/console-dashboard.mjs --reuse    keep / reuse mentora_bench_100000 (the database of `bench/api.mjs --reuse`)
//   options: --database-url URL (default $BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
//            --count N (experts, default 100 000), --bookings-per-day N (2 000), --clients-per-day N (300),
//            --applications-per-day N (60), --duration S (per row, 10), --concurrency N (4), --out FILE (the Markdown),
//            --plans FILE (the full EXPLAIN ANALYZE plans)
//
// The year of history: `--bookings-per-day` paid sessions a day, each with its payment and ledger events (hold; fee and
// release once it took place; a refund for the 7% cancelled), a dispute for one session in 200 (nine in ten decided),
// `--clients-per-day` client sign-ups, `--applications-per-day` expert applications (the last two days' still
// waiting), and the experts' profiles created over the last two years. The rows are past history written in one
// statement per table with the triggers off (session_replication_role = replica: the busy-time guard and change feed
// are for live writes), consistent by construction.
// Rows: each period, one request at a time (p50 / p99 of the server's answer) and `--concurrency` at once; then EXPLAIN
// (ANALYZE, BUFFERS) of the dashboard's query over 90 days (src/server/modules/admin/dashboard-service.ts), without
// and with the indexes. The signed-in team member is a bench client made admin for the run (and made a client again).
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { PgDialect } from 'drizzle-orm/pg-core';
import { seedBenchCatalogue } from './booking-load.mjs';
import { load, markdownTable, startProcess, waitFor } from './lib.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    count: { type: 'string', default: '100000' },
    'bookings-per-day': { type: 'string', default: '2000' },
    'clients-per-day': { type: 'string', default: '300' },
    'applications-per-day': { type: 'string', default: '60' },
    reuse: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '4' },
    out: { type: 'string' },
    plans: { type: 'string' },
  },
});
const count = Number(values.count);
const duration = Number(values.duration);
const concurrency = Number(values.concurrency);
const run = 'b';
const password = 'bench-password-1';
const periods = [7, 30, 90];
const migration = readFileSync(new URL('../drizzle/0036_dashboard_indexes.sql', import.meta.url), 'utf8');
/** The indexes migration 0036 creates: dropped for the "without" rows, created again from the migration itself. */
const indexNames = [...migration.matchAll(/CREATE INDEX "([^"]+)"/g)].map((m) => m[1]);
const createIndexes = migration
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^--.*$/gm, '').trim())
  .filter(Boolean);

// ---------------------------------------------------------------- the year of history

/** Writes the year of history (see the header) unless it is there already; returns how many rows each table got. */
async function seedYear(db) {
  const seeded = (await db.query(`select count(*)::int as n from sessions where idempotency_key like 'dash-%'`)).rows[0].n;
  if (seeded) {
    console.log(`Reusing the year of history already in the database (${seeded} sessions).`);
    return;
  }
  const year = 365;
  const sessions = Number(values['bookings-per-day']) * year;
  const clients = Number(values['clients-per-day']) * year;
  const applications = Number(values['applications-per-day']) * year;
  const started = Date.now();
  console.log(`Seeding a year: ${sessions} sessions, ${clients} clients, ${applications} applications…`);
  await db.query('begin');
  await db.query(`set local session_replication_role = replica`);
  await db.query(`select setseed(0.36)`);
  const at = (days) => `now() - make_interval(secs => ${days} * 86400 * random())`;
  // Each lateral names the series' `i` so it is computed per row (an uncorrelated one is computed once for all).
  await db.query(
    `insert into "user" (id, name, email, email_verified, role, first_name, last_name, created_at, updated_at)
     select 'dash-client-' || i, 'Dash Client ' || i, 'dash-client-' || i || '@example.com', true, 'client', 'Dash', 'Client ' || i, t, t
     from generate_series(0, $1::int - 1) i, lateral (select i as k, ${at(year)} as t) c`,
    [clients],
  );
  await db.query(`update experts set created_at = ${at(2 * year)} where slug like 'bench-${run}-%'`);
  await db.query(`update "user" u set created_at = e.created_at from experts e where e.user_id = u.id and e.slug like 'bench-${run}-%'`);
  await db.query(
    `create temp table dash_experts on commit drop as
     select (row_number() over (order by id)) - 1 as n, id, name, coalesce(hourly_rate_cents, 8000) as rate from experts where slug like 'bench-${run}-%'`,
  );
  // Sessions: start times spread evenly over the year to two weeks ahead (so one client's or one expert's sessions,
  // `clients` or `experts` apart in the series, are weeks apart and never overlap), each booked 1 to 14 days before
  // (those that would be booked in the future are left out); 1% unfinished reservations that expired, 7% cancelled,
  // the rest completed once their time has passed, else booked.
  await db.query(
    `insert into sessions (id, client_id, expert_id, expert_name, client_name, starts_at, ends_at, duration_minutes, kind, topic,
       hourly_rate_cents, total_amount_cents, status, meeting_url, idempotency_key, cancellation_policy, platform_fee_bps,
       cancelled_by, cancelled_at, completed_at, created_at, updated_at)
     select gen_random_uuid(), 'dash-client-' || (i % $2), e.id, e.name, 'Dash Client ' || (i % $2), s.starts, s.starts + interval '60 minutes',
       60, 'paid', 'Dashboard bench', e.rate, e.rate, st.status, 'https://meet.example.com/dash-' || i, 'dash-' || i, 'moderate', 1500,
       case when st.status = 'cancelled' then 'client' end, case when st.status = 'cancelled' then s.made + (s.starts - s.made) / 2 end,
       case when st.status = 'completed' then s.starts + interval '60 minutes' end, s.made, s.made
     from generate_series(0, $1::int - 1) i
     join dash_experts e on e.n = i % (select count(*) from dash_experts)
     cross join lateral (select date_trunc('hour', now() - interval '351 days' + i * (interval '365 days' / $1::int)) as starts) t
     cross join lateral (select t.starts, t.starts - make_interval(days => 1 + (i % 14), mins => (i % 600)) as made, random() as r) s
     cross join lateral (select case when s.r < 0.01 then 'expired' when s.r < 0.08 then 'cancelled'
       when s.starts + interval '60 minutes' < now() then 'completed' else 'booked' end as status) st
     where s.made < now()`,
    [sessions, clients],
  );
  await db.query(
    `insert into payments (id, session_id, amount_cents, refunded_cents, status, provider, provider_ref, idempotency_key, created_at, updated_at)
     select gen_random_uuid(), s.id, s.total_amount_cents, case when s.status = 'cancelled' then s.total_amount_cents else 0 end,
       case s.status when 'cancelled' then 'refunded' when 'completed' then 'released' else 'held' end,
       'simulated', 'dash-' || s.id, 'dash-pay-' || s.id, s.created_at, s.created_at
     from sessions s where s.idempotency_key like 'dash-%' and s.status <> 'expired'`,
  );
  await db.query(
    `insert into payment_events (payment_id, type, amount_cents, note, created_at)
     select p.id, e.type, e.amount, 'dashboard bench', e.t from payments p join sessions s on s.id = p.session_id
     cross join lateral (values
       ('hold', s.total_amount_cents, s.created_at),
       (case when s.status = 'completed' then 'fee' end, s.total_amount_cents * s.platform_fee_bps / 10000, s.ends_at + interval '1 day'),
       (case when s.status = 'completed' then 'release' end, s.total_amount_cents - s.total_amount_cents * s.platform_fee_bps / 10000, s.ends_at + interval '1 day'),
       (case when s.status = 'cancelled' then 'refund' end, s.total_amount_cents, s.cancelled_at)
     ) e(type, amount, t)
     where p.idempotency_key like 'dash-pay-%' and e.type is not null and e.t < now()`,
  );
  await db.query(
    `insert into disputes (session_id, client_id, description, status, decision, refund_cents, resolved_at, created_at)
     select s.id, s.client_id, 'The expert left after ten minutes.', d.status, case when d.status = 'resolved' then 'expert' end,
       case when d.status = 'resolved' then 0 end, case when d.status = 'resolved' then d.resolved end, d.opened
     from sessions s
     cross join lateral (select s.ends_at + interval '2 hours' as opened, s.ends_at + interval '2 hours' + make_interval(secs => 3 * 86400 * random()) as resolved) t
     cross join lateral (select t.opened, t.resolved, case when random() < 0.9 and t.resolved < now() then 'resolved' else 'open' end as status) d
     where s.idempotency_key like 'dash-%' and s.status = 'completed' and hashtext(s.id::text) % 200 = 0 and t.opened < now()`,
  );
  await db.query(
    `insert into expert_applications (user_id, professional_title, years_experience, selected_expertise, why_expert, status, created_at, updated_at)
     select 'dash-client-' || i, 'Senior Product Manager', '6-10', array['Marketing'], 'I want to help people grow.',
       case when c.t > now() - interval '2 days' then 'submitted' when random() < 0.7 then 'approved' else 'rejected' end, c.t, c.t
     from generate_series(0, $1::int - 1) i, lateral (select i as k, ${at(year)} as t) c`,
    [applications],
  );
  await db.query('commit');
  for (const table of ['"user"', 'experts', 'sessions', 'payments', 'payment_events', 'disputes', 'expert_applications'])
    await db.query(`vacuum analyze ${table}`);
  console.log(`Seeded in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/** Rows per table the dashboard reads (for the report). */
async function tableSizes(db) {
  const n = async (q) => (await db.query(q)).rows[0].n;
  return {
    sessions: await n('select count(*)::int as n from sessions'),
    'payment events': await n('select count(*)::int as n from payment_events'),
    disputes: await n('select count(*)::int as n from disputes'),
    accounts: await n('select count(*)::int as n from "user"'),
    experts: await n('select count(*)::int as n from experts'),
    applications: await n('select count(*)::int as n from expert_applications'),
  };
}

// ---------------------------------------------------------------- measuring

/** EXPLAIN (ANALYZE, BUFFERS) of the dashboard's query over `days`, as the server sends it. */
async function explain(db, days) {
  const { dashboardSeriesSql } = await tsImport('../src/server/modules/admin/dashboard-service.ts', import.meta.url);
  const query = new PgDialect().sqlToQuery(dashboardSeriesSql(days, new Date()));
  // As the server runs it (getDashboard): JIT off.
  await db.query('begin');
  await db.query('set local jit = off');
  const plan = (await db.query(`explain (analyze, buffers) ${query.sql}`, query.params)).rows.map((r) => r['QUERY PLAN']);
  await db.query('commit');
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan.at(-1))?.[1]);
  // The scans show where the time goes: Seq Scan without the indexes, Index (Only) Scan with them.
  const scans = plan
    .filter((l) => /Scan on|Scan using/.test(l))
    .map((l) =>
      l
        .trim()
        .replace(/\s+\(cost.*?\)/, '')
        .replace(/^->\s*/, ''),
    );
  return { ms, plan: plan.join('\n'), scans };
}

/** One request at a time, then `concurrency` at once, for each period. */
async function measurePeriods(url, cookie, label) {
  const rows = [];
  for (const days of periods) {
    const path = `${url}/api/admin/dashboard?days=${days}`;
    await load(path, { connections: 1, duration: 2, headers: { cookie } });
    for (const connections of [1, concurrency]) {
      const r = await load(path, { connections, duration, headers: { cookie } });
      rows.push({ indexes: label, days, 'at once': connections, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, requests: r.sent, 'non-2xx': r.errors });
    }
  }
  return rows;
}

async function main() {
  const admin = new pg.Client({ connectionString: values['database-url'] });
  await admin.connect();
  const name = values.reuse ? `mentora_bench_${count}` : `mentora_bench_dashboard_${Date.now()}`;
  const url = new URL(values['database-url']);
  url.pathname = `/${name}`;
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const db = new pg.Client({ connectionString: url.toString() });
  const loadBefore = os.loadavg();
  const started = Date.now();
  let server;
  let teamEmail;
  try {
    await db.connect();
    const catalogue = await db
      .query(`select count(*)::int as n from experts where slug like 'bench-${run}-%'`)
      .then((r) => r.rows[0].n)
      .catch(() => 0);
    if (catalogue < count) {
      console.log(`Seeding ${count} experts on PostgreSQL (${name})…`);
      await seedBenchCatalogue({ DATABASE_URL: url.toString() }, { count, run, clients: 50, openExperts: 2000, password });
    }
    await seedYear(db);
    const sizes = await tableSizes(db);

    const port = 3900 + Math.floor(Math.random() * 80);
    const base = `http://127.0.0.1:${port}`;
    server = startProcess([process.env.BENCH_SERVER ?? 'dist/server/main.js'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SEED_DEMO: '0',
      DATABASE_URL: url.toString(),
    });
    await waitFor(`${base}/readyz`);
    // A bench client as the team member (role and authenticator flag set in the database, as after enrolment).
    teamEmail = `bench-client-${run}-49@example.com`;
    const cookie = await signInTeamMember(base);
    const probe = await fetch(`${base}/api/admin/dashboard?days=7`, { headers: { cookie } });
    if (probe.status !== 200) throw new Error(`the dashboard answered ${probe.status}: ${await probe.text()}`);

    // Without the indexes, then with them (created by the migration's own statements), in the same window.
    for (const index of indexNames) await db.query(`drop index if exists "${index}"`);
    await db.query('analyze');
    const without = await explain(db, 90);
    const rowsWithout = await measurePeriods(base, cookie, 'without');
    for (const statement of createIndexes) await db.query(statement);
    await db.query('analyze');
    const withIdx = await explain(db, 90);
    const rowsWith = await measurePeriods(base, cookie, 'with 0036');

    const loadAfter = os.loadavg();
    const fmt = (l) => l.map((x) => x.toFixed(2)).join(' / ');
    const lines = [
      `Console dashboard bench, ${new Date().toISOString().slice(0, 16)}Z: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
        `${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, PostgreSQL ${name}, ${duration} s per row; took ${Math.round((Date.now() - started) / 1000)} s. ` +
        `Load average (1 / 5 / 15 min) ${fmt(loadBefore)} before, ${fmt(loadAfter)} after.`,
      '',
      `Rows: ${Object.entries(sizes)
        .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
        .join(', ')}.`,
      '',
      markdownTable([...rowsWithout, ...rowsWith]),
      '',
      `- the dashboard's query over 90 days (EXPLAIN ANALYZE): ${without.ms} ms without the indexes, ${withIdx.ms} ms with them (×${(without.ms / withIdx.ms).toFixed(1)})`,
      `- scans without: ${without.scans.join('; ')}`,
      `- scans with: ${withIdx.scans.join('; ')}`,
    ];
    const report = lines.join('\n');
    console.log(`\n${report}\n`);
    if (values.out) writeFileSync(values.out, `${report}\n`);
    if (values.plans) writeFileSync(values.plans, `-- without the indexes\n${without.plan}\n\n-- with migration 0036\n${withIdx.plan}\n`);
  } finally {
    if (teamEmail) await db.query(`update "user" set role = 'client', two_factor_enabled = false where email = $1`, [teamEmail]).catch(() => {});
    await server?.stop();
    await db.end().catch(() => {});
    if (!values.reuse) {
      const c = new pg.Client({ connectionString: values['database-url'] });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    }
  }

  /** Signs the team member in (before it is an admin, so without a second factor), then makes it one. */
  async function signInTeamMember(base) {
    await db.query(`update "user" set role = 'client', two_factor_enabled = false where email = $1`, [teamEmail]);
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(base).origin.replace('127.0.0.1', 'localhost') },
      body: JSON.stringify({ email: teamEmail, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in of the team member failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await db.query(`update "user" set role = 'admin', two_factor_enabled = true where email = $1`, [teamEmail]);
    await new Promise((r) => setTimeout(r, 1000)); // the change feed drops the server's kept session check
    return cookie;
  }
}

await main();
