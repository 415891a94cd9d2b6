// Lighthouse: performance, accessibility and best-practices scores of the landing page, the results page, an expert
// profile and the workshops page, measured on the built server with demo data.
// Run after `npm run build`: `npm run bench:lighthouse`. Targets: performance ≥ 95, accessibility 100,
// best practices ≥ 95 (Lighthouse's default mobile preset: simulated slow 4G and 4× CPU slowdown).
// Each page is measured RUNS times (default 3); the table shows the median of each score and the lowest.
// It also counts requests that left the server's origin during each load (target 0: fonts, images and
// scripts are all served locally), and the page's all-in JavaScript: every script the load fetched, including the
// chunks fetched after the first paint, as gzip (level 9) of the built files (target ≤ 150 KB on the landing page, the
// page every visitor opens first; the other pages' figures are reported; bench/web.mjs gives the first-load part).
// Environment: CHROME_PATH (default /usr/bin/chromium), RUNS, LIGHTHOUSE_JSON=<file> to keep the raw reports.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startProcess, waitFor } from './lib.mjs';

const runs = Number(process.env.RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const targets = { performance: 95, accessibility: 100, 'best-practices': 95 };
const allInJsTargetKb = 150;

/** KB of gzip (level 9) of the built scripts the load fetched from this server (`/assets/….js`). */
function allInJsKb(requests, origin) {
  const files = new Set(requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(origin)).map((r) => new URL(r.url).pathname));
  const bytes = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(path.join('dist/web', file)), { level: 9 }).length, 0);
  return Number((bytes / 1024).toFixed(1));
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-lighthouse-'));
const port = 3490 + Math.floor(Math.random() * 100);
const origin = `http://127.0.0.1:${port}`;
const server = startProcess(['dist/server/main.js'], { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', BASE_URL: origin, NODE_ENV: 'production' });

/** The middle value of a list of numbers (the lower middle for an even count). */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

let chrome;
try {
  await waitFor(`${origin}/readyz`);
  const { experts } = await (await fetch(`${origin}/api/experts?pageSize=1`)).json();
  const expert = experts[0];
  const pages = [
    { route: '/', url: `${origin}/` },
    { route: '/results', url: `${origin}/results` },
    { route: '/expert/{id}', url: `${origin}/expert/${expert.id}` },
    { route: '/workshops', url: `${origin}/workshops` },
  ];

  chrome = await launch({ chromePath, chromeFlags });
  const rows = [];
  const raw = [];
  for (const page of pages) {
    // One unmeasured load first, so the server's catalogue cache and the disk cache are warm like in use.
    await lighthouse(page.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const scores = { performance: [], accessibility: [], 'best-practices': [] };
    const failing = new Set();
    let foreign = 0;
    let allInJs = 0;
    for (let i = 0, failures = 0; i < runs; i++) {
      const { lhr } = await lighthouse(page.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(targets) });
      // A run Lighthouse itself could not measure (e.g. NO_NAVSTART on a loaded machine, or a gatherer that lost a
      // DOM node while the carousel moved, which leaves a category without a score) is repeated, at most twice per page.
      const unscored = Object.keys(targets).find((key) => lhr.categories[key]?.score === null);
      const error = lhr.runtimeError?.code ?? (unscored ? `no ${unscored} score` : null);
      if (error && failures++ < 2) {
        console.log(`${page.route}: run ${i + 1} failed (${error}), repeating it`);
        i--;
        continue;
      }
      raw.push({ route: page.route, run: i + 1, lhr });
      for (const key of Object.keys(targets)) {
        scores[key].push(Math.round((lhr.categories[key].score ?? 0) * 100));
        for (const ref of lhr.categories[key].auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1 && (key !== 'performance' || audit.score < 0.9))
            failing.add(`${key}: ${ref.id} (${audit.displayValue ?? audit.score})`);
        }
      }
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      foreign = Math.max(foreign, requests.filter((r) => !r.url.startsWith(origin) && !r.url.startsWith('data:')).length);
      allInJs = Math.max(allInJs, allInJsKb(requests, origin));
    }
    const row = { route: page.route };
    for (const key of Object.keys(targets)) {
      row[key] = median(scores[key]);
      row[`${key} min`] = Math.min(...scores[key]);
    }
    row['foreign requests'] = foreign;
    row['all-in JS KB gzip'] = allInJs;
    const jsOk = page.route !== '/' || allInJs <= allInJsTargetKb;
    row.verdict = Object.entries(targets).every(([key, target]) => row[key] >= target) && foreign === 0 && jsOk ? 'OK' : 'MISSED';
    rows.push(row);
    if (failing.size) console.log(`${page.route} — audits below full marks:\n  ${[...failing].join('\n  ')}`);
  }

  console.log(
    `\nLighthouse ${raw[0]?.lhr.lighthouseVersion}, mobile preset, median of ${runs} runs per page (targets: performance ≥ ${targets.performance}, accessibility ${targets.accessibility}, best practices ≥ ${targets['best-practices']}, foreign requests 0, all-in JS on / ≤ ${allInJsTargetKb} KB gzip)`,
  );
  console.table(rows);
  if (process.env.LIGHTHOUSE_JSON) writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(raw));
} finally {
  await chrome?.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
