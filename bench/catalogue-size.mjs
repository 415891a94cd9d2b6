// What the size of the catalogue costs a server (decision 036): for each catalogue size, on PostgreSQL, the built
// server (`npm run build` first) in production mode is started on a seeded database and measured for
//   - time to /healthz (the process listens) and to /readyz (the catalogue index is read whole: a load balancer
//     sends visitors only from then on),
//   - resident memory once ready and after the search load,
//   - the first never-seen search after ready, and never-seen searches under load (`--connections`, `--duration`)
//     beside a bare Fastify route measured in the same run (bench/bare-server.mjs), as a ratio to it.
//
//   node bench/catalogue-size.mjs                          100 000 and 1 000 000 experts
//   node bench/catalogue-size.mjs --counts 100000 --reuse  keep the seeded database and reuse it next time
//   options: --database-url URL (default $BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
//            --counts N,N…, --connections N (default 50), --duration S (default 10), --out FILE
// Seeding 1 000 000 experts takes about ten minutes on a 2-core machine; each database is dropped afterwards
// unless --reuse.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchDatabase } from './bench-database.mjs';
import { seedBenchCatalogue } from './booking-load.mjs';
import { load, markdownTable, rssMb, startProcess, waitFor } from './lib.mjs';
import { neverSeenSearches } from './search-load.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    counts: { type: 'string', default: '100000,1000000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    reuse: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const run = 's';

/** Milliseconds from `since` until `url` answers 200, polled every 20 ms. */
async function answersAfter(url, since, timeoutMs = 600_000) {
  while (performance.now() - since < timeoutMs) {
    try {
      if ((await fetch(url)).status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** A PostgreSQL database with `count` seeded experts of this bench: `{ url, drop }`. */
async function seededDatabase(count) {
  const database = await benchDatabase(values['database-url'], { prefix: 'mentora_bench_catalogue', count, run, reuse: values.reuse });
  if (!database.seeded) {
    console.log(`Seeding ${count} experts (${database.name})…`);
    const started = performance.now();
    await seedBenchCatalogue({ DATABASE_URL: database.url }, { count, run, clients: 0, openExperts: 0, password: 'bench-password-1' });
    console.log(`  seeded in ${Math.round((performance.now() - started) / 1000)} s`);
  }
  return database;
}

/** One catalogue size: the server started on it, measured as the head of this file says. */
async function measure(count) {
  const database = await seededDatabase(count);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-bench-catalogue-'));
  const port = 3900 + Math.floor(Math.random() * 100);
  const barePort = port + 100;
  const bare = startProcess(['bench/bare-server.mjs'], { PORT: String(barePort) });
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = startProcess([process.env.BENCH_SERVER ?? 'dist/server/main.js'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    SEED_DEMO: '0',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
  });
  try {
    const healthMs = await answersAfter(`${base}/healthz`, started);
    const readyMs = await answersAfter(`${base}/readyz`, started);
    const readyRss = rssMb(server.child.pid);
    await waitFor(`http://127.0.0.1:${barePort}/bare`);
    const searches = neverSeenSearches();
    const firstStarted = performance.now();
    const first = await fetch(`${base}${searches().path}`);
    if (first.status !== 200) throw new Error(`the first search answered ${first.status}`);
    const firstMs = performance.now() - firstStarted;
    const bareBefore = await load(`http://127.0.0.1:${barePort}/bare`, { connections, duration });
    const steady = await load(base, { connections, duration, next: searches });
    const bareAfter = await load(`http://127.0.0.1:${barePort}/bare`, { connections, duration });
    const bareRps = (bareBefore.rps + bareAfter.rps) / 2;
    return {
      experts: count.toLocaleString('en-GB'),
      'to /healthz, s': (healthMs / 1000).toFixed(1),
      'to /readyz, s': (readyMs / 1000).toFixed(1),
      'RSS ready, MB': readyRss,
      'RSS after load, MB': rssMb(server.child.pid),
      'first search, ms': Math.round(firstMs),
      'never-seen req/s': Math.round(steady.rps),
      'vs bare route': `${((steady.rps / bareRps) * 100).toFixed(0)}%`,
      'p50 ms': steady.p50,
      'p99 ms': steady.p99,
      errors: steady.errors,
    };
  } finally {
    await server.stop();
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

const rows = [];
for (const count of values.counts.split(',').map(Number)) rows.push(await measure(count));
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const text = [
  `Catalogue size bench, ${new Date().toISOString().slice(0, 16)}Z: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}; PostgreSQL, production mode, ${connections} connections, ${duration} s of never-seen searches.`,
  '',
  markdownTable(rows),
].join('\n');
console.log(`\n${text}\n`);
if (values.out) writeFileSync(values.out, `${text}\n`);
