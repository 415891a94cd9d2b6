// API performance and memory, measured with autocannon against the built
// server (`npm run build` first), in one run per database, each endpoint also as a ratio to a bare Fastify
// route measured in the same run (the mean of a measurement before and one after the endpoints).
//
//   node bench/api.mjs                 PostgreSQL (100 000 experts) and then PGlite (10 000 experts)
//   node bench/api.mjs --only postgres --reuse      keep the seeded PostgreSQL database and reuse it next time
//   options: --database-url URL (default $BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
//            --count N (PostgreSQL experts), --pglite-count N, --only postgres|pglite, --duration S (per row),
//            --mixed-duration S (the memory load), --connections N, --out FILE (also write the Markdown there)
//   BENCH_SERVER=path/to/main.js measures another server bundle than dist/server/main.js.
//
// Rows: search for one query ("design": every hit after the first is a kept answer) and for
// a mix of 60 queries (terms × filters × sorts × pages); never-seen searches (every request a URL not asked
// before: one to three words, some misspelt, any filter, sort and page), on the normal server; those two also on a second server with the
// caches off; one profile and a mix of 1 000 profiles; slots; the signed-in session list (kept per user,
// SIGNED_IN_CACHE_MS); the profile mix, slots and session list again with every cache off (CATALOGUE_CACHE_MS,
// SLOTS_CACHE_MS and SIGNED_IN_CACHE_MS 0: every request runs its SQL and checks its session in the database); bookings of distinct slots on one server and on two
// servers sharing the database (the second one with the caches off).
// Memory: the server's RSS after start-up (idle) and after `--mixed-duration` s of mixed load (searches,
// profiles, slots, session lists, 5% bookings).
// Each row also gives the server's CPU time per request (user + system time of the server process(es) over the
// row / requests answered) and the bare route's CPU per request divided by it: on a machine busy with other
// work that ratio stays put while requests/s does not.
//
// The servers run with TRUST_PROXY=1 and every booking carries its own X-Forwarded-For address, as behind a
// load balancer; bookings spread over 200 clients, so the per-account booking limit (30 a minute) does not cap the
// measurement; AUTH_RATE_LIMIT=0 only because the bench signs its 200 accounts in at once (sign-in is not measured).
// Targets: search p99 ≤ 20 ms on PostgreSQL (≤ 50 ms on PGlite); reads ≥ 40% of the bare route's requests/s;
// never-seen searches ≥ 25% of the kept "design" answer's requests/s and p99 ≤ 250 ms on PostgreSQL.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchDatabase } from './bench-database.mjs';
import { bookingRequests, seedBenchCatalogue, signInClients } from './booking-load.mjs';
import { neverSeenSearches, random } from './search-load.mjs';
import { cpuMs, load, loadTogether, markdownTable, rssMb, startProcess, waitFor } from './lib.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    count: { type: 'string', default: '100000' },
    'pglite-count': { type: 'string', default: '10000' },
    only: { type: 'string' },
    reuse: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    'mixed-duration': { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    out: { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
// Bookings are limited to 30 a minute per account (docs/security.md "Rate limits"): 200 clients keep a minute of
// booking rows (about 70 bookings/s) under it.
const clientCount = 200;
const openExperts = 2000;
const password = 'bench-password-1';
const run = 'b';

// ---------------------------------------------------------------- request generators

/** 60 search URLs: common and rare terms, filters, sorts and pages, as the results page sends them. */
function searchMix() {
  const terms = [
    'design',
    'product',
    'data',
    'marketing',
    'leadership',
    'career',
    'interview',
    'finance',
    'music',
    'engineer',
    'teacher',
    'consult',
    'video',
    'writing',
    'legal',
    'strategy',
    'senior',
    'speaking',
    'kubernetes',
    '',
  ];
  const filters = ['', '&language=Spanish', '&expertise=Marketing', '&minRate=50&maxRate=150', '&language=English&maxRate=100'];
  const sorts = ['relevance', 'price_asc', 'rating'];
  const rnd = random(7);
  return Array.from({ length: 60 }, (_, i) => {
    const term = terms[i % terms.length];
    const filter = filters[Math.floor(rnd() * filters.length)];
    const sort = sorts[Math.floor(rnd() * sorts.length)];
    const page = 1 + Math.floor(rnd() * 3);
    return `/api/experts?query=${encodeURIComponent(term)}${filter}&sort=${sort}&page=${page}`;
  });
}

const cycle = (list) => {
  let i = 0;
  return () => list[i++ % list.length];
};

/** Distinct bookable slots (bench/booking-load.mjs). */
const bookings = (cookies, base) => bookingRequests(cookies, base, { run, openExperts });

// ---------------------------------------------------------------- one database

/**
 * Measures one database. `env` is the server environment for it (DATABASE_URL or DATA_DIR); `second`
 * adds the cache-off server on the same database (PostgreSQL only: PGlite is one process's); `after` (ms since
 * the epoch) is when the last session already in the database ends.
 */
async function measure(kind, count, env, { second, restartUncached, after = 0 }) {
  const port = 3700 + Math.floor(Math.random() * 200);
  const serverEnv = (p, extra = {}) => ({
    PORT: String(p),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT: '0',
    SEED_DEMO: '0',
    OUTBOX_INTERVAL_MS: '1000',
    ...env,
    ...extra,
  });
  const base = (p) => `http://127.0.0.1:${p}`;
  /** Every kept answer off (src/server/cache/): the cache-off rows. */
  const cachesOff = { CATALOGUE_CACHE_MS: '0', SLOTS_CACHE_MS: '0', SIGNED_IN_CACHE_MS: '0' };
  const barePort = port + 400;
  const stops = [];
  const start = async (p, extra) => {
    const server = startProcess([process.env.BENCH_SERVER ?? 'dist/server/main.js'], serverEnv(p, extra));
    stops.push(server.stop);
    await waitFor(`${base(p)}/readyz`);
    return server;
  };
  try {
    const bare = startProcess(['bench/bare-server.mjs'], { PORT: String(barePort) });
    stops.push(bare.stop);
    const app = await start(port);
    const uncached = second ? await start(port + 200, cachesOff) : null;
    await waitFor(`${base(barePort)}/bare`);
    const idleRss = rssMb(app.child.pid);
    const A = base(port);

    // Sign the bench clients in (one address each) and collect 1 000 profile slugs.
    const cookies = await signInClients(A, { count: clientCount, run, password });
    const slugs = [];
    for (let page = 1; page <= 20; page++)
      slugs.push(...(await (await fetch(`${A}/api/experts?sort=rating&pageSize=50&page=${page}`)).json()).experts.map((e) => e.slug));
    const slotUrls = Array.from({ length: 200 }, (_, i) => {
      const date = new Date(Date.now() + (1 + (i % 14)) * 86_400_000).toISOString().slice(0, 10);
      return `/api/experts/bench-${run}-${i % openExperts}/slots?date=${date}&duration=60&tz=America%2FNew_York`;
    });

    // Bookings start after every session already in the database (a reused one keeps earlier runs').
    let bookingBase = Math.ceil((Math.max(after, Date.now() + 3 * 3_600_000) + 3_600_000) / 3_600_000) * 3_600_000;
    // The signed-in session list reads client 0's 10 sessions (plus earlier runs').
    const setup = bookings([cookies[0]], bookingBase);
    for (let k = 0; k < 10; k++) {
      const r = setup();
      const res = await fetch(`${A}${r.path}`, r);
      if (res.status !== 201) throw new Error(`setup booking failed: ${res.status} ${await res.text()}`);
    }
    bookingBase += 24 * 3_600_000;

    const opts = { connections, duration };
    const searches = searchMix();
    const mixRow = (label, r, bare) => ({
      endpoint: label,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'vs bare': bare ? `${((r.rps / bare.rps) * 100).toFixed(0)}%` : '',
      'server CPU ms/req': r.cpuPerReq.toFixed(2),
      'vs bare (CPU)': bare ? `${((bare.cpuPerReq / r.cpuPerReq) * 100).toFixed(0)}%` : '',
      requests: r.sent,
      'non-2xx': r.errors,
    });
    /** Runs `run()` and adds the CPU the server processes `pids` used per request (robust to a busy machine). */
    const measured = async (pids, run) => {
      await new Promise((r) => setTimeout(r, 1000)); // let the previous row's requests in flight finish
      const before = pids.map(cpuMs);
      const r = await run();
      const used = pids.reduce((sum, pid, i) => sum + cpuMs(pid) - before[i], 0);
      return { ...r, cpuPerReq: used / Math.max(1, r.sent) };
    };

    // Warm-up (JIT, caches, connection pools). The never-seen searches warm up from the generator their row then
    // goes on with, so no URL of the row was sent before; what stays warm is the code and the words' lexemes, kept
    // per word (decision 027), as on a server that has been answering searches.
    const neverSeenUrls = neverSeenSearches();
    await load(`${base(barePort)}/bare`, { ...opts, duration: 2 });
    await load(A, { ...opts, duration: 3, next: () => ({ path: searches[Math.floor(Math.random() * searches.length)] }) });
    await load(A, { ...opts, duration: 3, next: neverSeenUrls });
    await load(`${A}/api/experts/${slugs[0]}`, { ...opts, duration: 2 });

    console.log(`\n${kind}: measuring (${connections} connections, ${duration} s per row)…`);
    const results = [];
    const a = [app.child.pid];
    const both = uncached ? [app.child.pid, uncached.child.pid] : a;
    const row = async (label, pids, url, o) => results.push([label, await measured(pids, () => load(url, { ...opts, ...o }))]);
    /** The kept rows again on the server `B` (processes `pids`) with every cache off: what each cache saves. */
    const cacheOffRows = async (pids, B) => {
      await row('search "design", cache off', pids, `${B}/api/experts?query=design`);
      await row('search, mix of 60, cache off', pids, B, { next: cycle(searches.map((p) => ({ path: p }))) });
      await row(`profile, mix of ${slugs.length}, cache off`, pids, B, { next: cycle(slugs.map((s) => ({ path: `/api/experts/${s}` }))) });
      await row('slots (200 expert-days), cache off', pids, B, { next: cycle(slotUrls.map((p) => ({ path: p }))) });
      await row('session list, signed in, cache off', pids, `${B}/api/sessions`, { headers: { cookie: cookies[0] } });
    };
    const bareBefore = await measured([bare.child.pid], () => load(`${base(barePort)}/bare`, opts));
    await row('search "design" (cached)', a, `${A}/api/experts?query=design`);
    await row('search, mix of 60 queries (cached)', a, A, { next: cycle(searches.map((p) => ({ path: p }))) });
    await row('search, never-seen queries', a, A, { next: neverSeenUrls });
    await row('profile (one)', a, `${A}/api/experts/${slugs[0]}`);
    await row(`profile, mix of ${slugs.length}`, a, A, { next: cycle(slugs.map((s) => ({ path: `/api/experts/${s}` }))) });
    await row('slots (200 expert-days)', a, A, { next: cycle(slotUrls.map((p) => ({ path: p }))) });
    await row('session list, signed in', a, `${A}/api/sessions`, { headers: { cookie: cookies[0] } });
    const book1 = await measured(a, () => load(A, { ...opts, next: bookings(cookies, bookingBase) }));
    results.push(['booking, one server', book1]);
    bookingBase += Math.ceil(book1.sent / clientCount + 2) * 3_600_000;
    let book2;
    if (uncached) {
      const B = base(port + 200);
      const shared = bookings(cookies, bookingBase);
      book2 = await measured(both, () => loadTogether([A, B].map((url) => [url, { connections: Math.ceil(connections / 2), duration, next: shared }])));
      results.push(['booking, two servers', book2]);
      bookingBase += Math.ceil(book2.sent / clientCount + 2) * 3_600_000;
      await cacheOffRows([uncached.child.pid], B);
    }
    const bareAfter = await measured([bare.child.pid], () => load(`${base(barePort)}/bare`, opts));
    const bareRef = { rps: (bareBefore.rps + bareAfter.rps) / 2, cpuPerReq: (bareBefore.cpuPerReq + bareAfter.cpuPerReq) / 2 };
    const bareRps = bareRef.rps;

    // Memory: 60 s of mixed load on the first server.
    const profiles = cycle(slugs.map((s) => `/api/experts/${s}`));
    const slots = cycle(slotUrls);
    const searchNext = cycle(searches);
    const book = bookings(cookies, bookingBase);
    const rnd = random(11);
    const mixed = await measured(a, () =>
      load(A, {
        connections,
        duration: Number(values['mixed-duration']),
        next: () => {
          const x = rnd();
          if (x < 0.4) return { method: 'GET', path: searchNext(), body: undefined, headers: {} };
          if (x < 0.65) return { method: 'GET', path: profiles(), body: undefined, headers: {} };
          if (x < 0.8) return { method: 'GET', path: slots(), body: undefined, headers: {} };
          if (x < 0.95) return { method: 'GET', path: '/api/sessions', body: undefined, headers: { cookie: cookies[Math.floor(x * 1000) % cookies.length] } };
          return book();
        },
      }),
    );
    const loadedRss = rssMb(app.child.pid);

    // PGlite: the cache-off rows on a restarted server (one process owns the database).
    if (restartUncached) {
      await app.stop();
      const restarted = await start(port + 200, cachesOff);
      const B = base(port + 200);
      await load(B, { ...opts, duration: 2, next: cycle(searches.map((p) => ({ path: p }))) });
      await cacheOffRows([restarted.child.pid], B);
    }

    const bareRow = {
      rps: Math.round(bareRps),
      p50: bareBefore.p50,
      p99: Math.max(bareBefore.p99, bareAfter.p99),
      sent: bareBefore.sent + bareAfter.sent,
      errors: bareBefore.errors + bareAfter.errors,
      cpuPerReq: bareRef.cpuPerReq,
    };
    const rows = [mixRow('bare Fastify route (mean of before/after)', bareRow, null), ...results.map(([label, r]) => mixRow(label, r, bareRef))];
    rows.push(mixRow(`mixed load, ${values['mixed-duration']} s (memory)`, mixed, null));
    const searchTarget = kind.startsWith('PGlite') ? 50 : 20;
    const byLabel = Object.fromEntries(results);
    const neverSeen = byLabel['search, never-seen queries'];
    const kept = byLabel['search "design" (cached)'];
    const readLabels = [
      'search "design" (cached)',
      'search, mix of 60 queries (cached)',
      'profile (one)',
      `profile, mix of ${slugs.length}`,
      'slots (200 expert-days)',
      'session list, signed in',
    ];
    const lines = [
      `### ${kind}, ${count.toLocaleString('en-US')} experts`,
      '',
      markdownTable(rows),
      '',
      `- search p99 (target ≤ ${searchTarget} ms): "design" ${byLabel['search "design" (cached)'].p99} ms, mix ${byLabel['search, mix of 60 queries (cached)'].p99} ms` +
        (byLabel['search "design", cache off']
          ? `; cache off: "design" ${byLabel['search "design", cache off'].p99} ms, mix ${byLabel['search, mix of 60, cache off'].p99} ms`
          : ''),
      `- never-seen searches: ${neverSeen.rps} req/s = ${((neverSeen.rps / kept.rps) * 100).toFixed(0)}% of the kept "design" answer's ${kept.rps} req/s` +
        ` (target ≥ 25%), by server CPU per request ${((kept.cpuPerReq / neverSeen.cpuPerReq) * 100).toFixed(0)}%; p50 ${neverSeen.p50} ms, p99 ${neverSeen.p99} ms (target ≤ 250 ms on PostgreSQL)`,
      `- reads as a share of the bare route's requests/s (target ≥ 40%), and by server CPU per request: ` +
        readLabels
          .map(
            (label) => `${label} ${((byLabel[label].rps / bareRps) * 100).toFixed(0)}% / ${((bareRef.cpuPerReq / byLabel[label].cpuPerReq) * 100).toFixed(0)}%`,
          )
          .join(', '),
      book2
        ? `- booking: two servers ${book2.rps} req/s vs one ${book1.rps} req/s = ×${(book2.rps / book1.rps).toFixed(2)}`
        : `- booking: ${book1.rps} req/s (one process: PGlite is embedded in it)`,
      `- server RSS: ${idleRss} MB idle after start-up, ${loadedRss} MB after ${values['mixed-duration']} s of mixed load`,
    ];
    console.log(`\n${lines.join('\n')}\n`);
    return lines.join('\n');
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

// ---------------------------------------------------------------- PostgreSQL

async function postgres() {
  const count = Number(values.count);
  const { url, name, seeded, drop } = await benchDatabase(values['database-url'], { prefix: 'mentora_bench', count, run, reuse: values.reuse });
  try {
    let after = 0;
    if (seeded) {
      console.log(`Reusing ${name} (${count} experts already seeded).`);
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      after = Number((await db.query('select coalesce(extract(epoch from max(ends_at)) * 1000, 0) as t from sessions')).rows[0].t);
      await db.end();
    } else {
      console.log(`Seeding ${count} experts on PostgreSQL (${name})…`);
      await seedBenchCatalogue({ DATABASE_URL: url }, { count, run, clients: clientCount, openExperts, password });
    }
    return await measure(
      'PostgreSQL',
      count,
      { DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mentora-bench-files-')) },
      { second: true, after },
    );
  } finally {
    await drop();
  }
}

// ---------------------------------------------------------------- PGlite

async function pglite() {
  const count = Number(values['pglite-count']);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-bench-api-'));
  try {
    console.log(`Seeding ${count} experts on PGlite (${dataDir})…`);
    await seedBenchCatalogue(
      { DATA_DIR: dataDir, DATABASE_URL: undefined },
      { count, run, clients: clientCount, openExperts: Math.min(openExperts, count), password },
    );
    return await measure('PGlite (embedded)', count, { DATA_DIR: dataDir, DATABASE_URL: undefined }, { second: false, restartUncached: true });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const sections = [];
const started = Date.now();
if (values.only !== 'pglite') {
  try {
    sections.push(await postgres());
  } catch (err) {
    // No PostgreSQL where we were told to look: say so and go on with the embedded database.
    if (err?.code !== 'ECONNREFUSED' && err?.code !== 'ENOTFOUND') throw err;
    const note = `PostgreSQL not reachable at ${values['database-url']} (${err.code}): its section was skipped (--database-url).`;
    console.error(note);
    sections.push(`### PostgreSQL\n\n${note}`);
  }
}
if (values.only !== 'postgres') sections.push(await pglite());
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const header = `API bench, ${new Date().toISOString().slice(0, 16)}Z: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${connections} connections, ${duration} s per row; took ${Math.round((Date.now() - started) / 1000)} s.`;
const report = `${header}\n\n${sections.join('\n\n')}\n`;
if (values.out) writeFileSync(values.out, report);
console.log(report);
