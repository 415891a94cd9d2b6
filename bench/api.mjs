// API performance (issue 3 §7). Seeds N experts (default 10 000), starts the built server, and measures in
// one run, with autocannon: a bare Fastify route, GET /api/experts?query=design and GET /api/experts/{slug}.
// Prints requests/s, p50/p99 and each as a ratio to the bare route.
//   npm run build && node bench/api.mjs                      (PGlite, temporary DATA_DIR)
//   node bench/api.mjs --database-url postgres://postgres@127.0.0.1:5432/postgres   (a fresh database there)
// Targets: PGlite search p99 ≤ 50 ms; PostgreSQL search p99 ≤ 20 ms and profile ≥ 40% of the bare route.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { load, runCommand, startProcess, waitFor } from './lib.mjs';

const { values } = parseArgs({
  options: { 'database-url': { type: 'string' }, count: { type: 'string', default: '10000' }, duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } },
});
const opts = { duration: Number(values.duration), connections: Number(values.connections) };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-bench-api-'));
let dbEnv = {};
let dropDb = async () => {};
if (values['database-url']) {
  const name = `mentora_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: values['database-url'] });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(values['database-url']);
  url.pathname = `/${name}`;
  dbEnv = { DATABASE_URL: url.toString(), SEED_DEMO: '1' };
  dropDb = async () => {
    const c = new pg.Client({ connectionString: values['database-url'] });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
const kind = values['database-url'] ? 'PostgreSQL' : 'PGlite';

console.log(`Seeding ${values.count} experts on ${kind}…`);
await runCommand(process.execPath, ['--import', 'tsx', 'scripts/seed-experts.ts', '--count', values.count], { DATA_DIR: dataDir, ...dbEnv });

const appPort = 3700 + Math.floor(Math.random() * 100);
const barePort = appPort + 100;
const app = startProcess(['dist/server/main.js'], { PORT: String(appPort), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', ...dbEnv });
const bare = startProcess(['bench/bare-server.mjs'], { PORT: String(barePort) });
try {
  await waitFor(`http://127.0.0.1:${appPort}/readyz`);
  await waitFor(`http://127.0.0.1:${barePort}/bare`);
  const base = `http://127.0.0.1:${appPort}`;
  const slug = (await (await fetch(`${base}/api/experts?query=design&pageSize=1`)).json()).experts[0].slug;
  // Warm up both servers (JIT, caches, connection pool).
  await load(`${base}/api/experts?query=design`, { ...opts, duration: 2 });
  await load(`http://127.0.0.1:${barePort}/bare`, { ...opts, duration: 2 });

  const bareResult = await load(`http://127.0.0.1:${barePort}/bare`, opts);
  const search = await load(`${base}/api/experts?query=design`, opts);
  const profile = await load(`${base}/api/experts/${slug}`, opts);
  const row = (name, r) => ({ endpoint: name, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, 'vs bare': `${((r.rps / bareResult.rps) * 100).toFixed(1)}%`, 'non-2xx': r.errors });
  console.log(`\n${kind}, ${values.count} experts, ${opts.connections} connections × ${opts.duration} s each, ${os.cpus().length} cores`);
  console.table([row('bare Fastify route', bareResult), row('GET /api/experts?query=design', search), row(`GET /api/experts/${slug}`, profile)]);
  const searchTarget = kind === 'PGlite' ? 50 : 20;
  console.log(`search p99 ${search.p99} ms (target ≤ ${searchTarget} ms): ${search.p99 <= searchTarget ? 'OK' : 'MISSED'}`);
  if (kind === 'PostgreSQL') console.log(`profile ${((profile.rps / bareResult.rps) * 100).toFixed(1)}% of bare (target ≥ 40%): ${profile.rps / bareResult.rps >= 0.4 ? 'OK' : 'MISSED'}`);
} finally {
  await app.stop();
  await bare.stop();
  await dropDb();
  rmSync(dataDir, { recursive: true, force: true });
}
