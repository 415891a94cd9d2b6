// Web budgets (issue 2 §7): per route, the gzip size of the JS and CSS the browser loads first, and the
// server's time from start to GET /readyz 200 on a fresh DATA_DIR (and on a reopened one).
// Run after `npm run build`: `npm run bench:web`. Targets: landing JS ≤ 150 KB gzip; start to ready ≤ 5 s.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

const entry = closure('index.html');
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

async function timeToReady(dataDir, port) {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' }, stdio: 'ignore' });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('server not ready after 60 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (res.status === 200) return performance.now() - started;
      } catch {}
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-bench-'));
const port = 3390 + Math.floor(Math.random() * 100);
const fresh = await timeToReady(dataDir, port);
const reopen = await timeToReady(dataDir, port);
rmSync(dataDir, { recursive: true, force: true });
console.table([
  { measure: 'start → /readyz 200, fresh DATA_DIR (migrate + seed)', ms: Math.round(fresh), target: '≤ 5000', ok: fresh <= 5000 },
  { measure: 'start → /readyz 200, existing DATA_DIR', ms: Math.round(reopen), target: '—', ok: true },
]);
