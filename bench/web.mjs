// Web budgets: per route, the gzip size of the JS and CSS the browser loads first, and the
// server's time from start to GET /readyz 200 on a fresh DATA_DIR (and on a reopened one), median of 3 runs.
// Run after `npm run build`: `npm run bench:web`. Targets: landing JS ≤ 150 KB gzip; start to ready ≤ 5 s.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const webDir = 'dist/web';
const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length;

/** Every file a chunk needs before it runs: itself, its static imports (recursively) and their CSS. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return { js: new Set(), css: new Set() };
  seen.add(key);
  const js = new Set([chunk.file]);
  const css = new Set(chunk.css ?? []);
  for (const dep of chunk.imports ?? []) {
    const sub = closure(dep, seen);
    sub.js.forEach((f) => js.add(f));
    sub.css.forEach((f) => css.add(f));
  }
  return { js, css };
}

// The entry (boot.ts) imports the app (main.tsx) at once, or right after the first paint of a server-rendered
// page: both are first-load code.
const entry = closure('index.html');
const app = closure('main.tsx');
app.js.forEach((f) => entry.js.add(f));
app.css.forEach((f) => entry.css.add(f));
const router = readFileSync('src/web/app/router.tsx', 'utf8');
const routes = [{ path: '/', module: null }];
for (const m of router.matchAll(/path: '([^']+)', lazy: page\(\(\) => import\('\.\.\/([^']+)'\)\)/g)) routes.push({ path: m[1], module: `${m[2]}.tsx` });

const kb = (n) => (n / 1024).toFixed(1);
const rows = routes.map(({ path: route, module }) => {
  const js = new Set(entry.js);
  const css = new Set(entry.css);
  if (module) {
    const lazy = closure(module);
    lazy.js.forEach((f) => js.add(f));
    lazy.css.forEach((f) => css.add(f));
  }
  const jsBytes = [...js].reduce((s, f) => s + gz(f), 0);
  const cssBytes = [...css].reduce((s, f) => s + gz(f), 0);
  return { route, jsKb: kb(jsBytes), cssKb: kb(cssBytes), files: js.size + css.size };
});

console.log('First load per route (gzip, level 9)');
console.table(rows);
const landing = rows[0];
console.log(`Landing page first-load JS: ${landing.jsKb} KB gzip (target ≤ 150 KB) — ${Number(landing.jsKb) <= 150 ? 'OK' : 'OVER BUDGET'}`);

/**
 * Starts dist/server/main.js on `dataDir` and resolves with the ms from spawn to GET /readyz 200, and the
 * server's own step times (its 'ready' log line, `startupMs`: ms since process start per step).
 */
async function timeToReady(dataDir, port) {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  const exited = new Promise((r) => child.once('exit', r));
  let ms;
  try {
    while (ms === undefined) {
      if (performance.now() - started > 60_000) throw new Error('server not ready after 60 s');
      if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (res.status === 200) ms = performance.now() - started;
      } catch {
        // Not listening yet: try again.
      }
      if (ms === undefined) await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  // Read once the server has exited: its log lines are buffered until then.
  const steps = /"startupMs":(\{[^}]*\})/.exec(log)?.[1];
  return { ms, steps: steps ? JSON.parse(steps) : null };
}

// Each run: a new DATA_DIR (fresh: template copy or initdb, migrations, demo seed), then the same DATA_DIR
// again (existing). BENCH_START_RUNS runs (default 3); the median is judged.
const runs = Math.max(1, Number(process.env.BENCH_START_RUNS ?? 3));
// A port nobody listens on (another server answering /readyz there would fake the figures).
const port = await new Promise((resolve, reject) => {
  const probe = createServer().once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const fresh = [];
const reopen = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-bench-'));
  try {
    fresh.push(await timeToReady(dataDir, port));
    reopen.push(await timeToReady(dataDir, port));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const median = (list) => [...list].sort((a, b) => a.ms - b.ms)[Math.floor((list.length - 1) / 2)];
const freshMedian = median(fresh);
const reopenMedian = median(reopen);
const all = (list) => list.map((r) => Math.round(r.ms)).join(', ');
console.log(`Start → /readyz 200 over ${runs} run(s): fresh ${all(fresh)} ms; existing ${all(reopen)} ms`);
console.table([
  { measure: 'start → /readyz 200, fresh DATA_DIR (migrate + seed), median', ms: Math.round(freshMedian.ms), target: '≤ 5000', ok: freshMedian.ms <= 5000 },
  { measure: 'start → /readyz 200, existing DATA_DIR, median', ms: Math.round(reopenMedian.ms), target: '—', ok: true },
]);
console.log('Server steps of the median runs (ms since process start, from its "ready" log line):');
console.table([
  { run: 'fresh', ...freshMedian.steps },
  { run: 'existing', ...reopenMedian.steps },
]);
