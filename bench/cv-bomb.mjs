// CV analysis under attack, against the built server (`npm run build` first): ten analyses at once of a
// 1 MB PDF whose content stream inflates to 1 GiB, while /healthz is asked every 20 ms.
//
//   node bench/cv-bomb.mjs            options: --bombs N (default 10), --mib N (inflated size, default 1024)
//   BENCH_SERVER=path/to/main.js measures another server bundle than dist/server/main.js.
//
// Prints: the answer of a real CV (tests/fixtures/cvs, to show the bundled reader works), the status and time
// of every bomb analysis, /healthz p50 / p99 / max latency during them, and the server's RSS before, at its
// peak and 2 s after, and the peak of the server with its CV reader processes. Targets: /healthz p99 ≤ 100 ms; RSS after within 100 MB of before.
// The server runs on a fresh PGlite DATA_DIR with the demo data (SEED_DEMO=1); the bench signs in as the demo
// expert. The hostile PDF comes from tests/helpers/hostile-pdf.ts (loaded with tsx).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { markdownTable, rssMb, startProcess, waitFor } from './lib.mjs';

const { values } = parseArgs({ options: { bombs: { type: 'string', default: '10' }, mib: { type: 'string', default: '1024' } } });
const { pdfBomb } = await tsImport('../tests/helpers/hostile-pdf.ts', import.meta.url);

const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-cv-bomb-'));
const server = startProcess([process.env.BENCH_SERVER ?? 'dist/server/main.js'], {
  PORT: String(port),
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  BASE_URL: base,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  DATA_DIR: dataDir,
  DATABASE_URL: undefined,
  SEED_DEMO: '1',
  AUTH_RATE_LIMIT: '0',
});

/** RSS in MB of process `pid` and of its child processes (the CV readers), from /proc. */
function treeRssMb(pid) {
  let total = rssMb(pid);
  for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean)) {
    try {
      total += rssMb(child) || 0;
    } catch {
      // it ended meanwhile
    }
  }
  return total;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

try {
  await waitFor(`${base}/readyz`);
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'expert@example.com', password: 'mentora-demo' }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const headers = {
    origin: base,
    cookie: signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };

  const uploadCv = async (name, bytes) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const res = await fetch(`${base}/api/files?purpose=cv`, { method: 'POST', headers, body: form });
    if (res.status !== 201) throw new Error(`upload of ${name} failed: ${res.status} ${await res.text()}`);
    return (await res.json()).file.id;
  };
  const analyse = async (fileId) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/expertise-suggestions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ fileId, selected: [] }),
    });
    const body = await res.json();
    return { status: res.status, ms: Math.round(performance.now() - started), answer: body.error?.message ?? body.suggested_expertise.join(', ') };
  };

  const real = 'priya-raman-software-engineer.pdf';
  const realAnswer = await analyse(await uploadCv(real, readFileSync(path.join('tests/fixtures/cvs', real))));
  console.log(`A real CV (${real}): ${realAnswer.status} in ${realAnswer.ms} ms: ${realAnswer.answer}`);

  const bomb = pdfBomb(Number(values.mib));
  const bombId = await uploadCv('bomb.pdf', bomb);
  for (let i = 0; i < 20; i++) await fetch(`${base}/healthz`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssBefore = rssMb(server.child.pid);

  let done = false;
  let rssPeak = rssBefore;
  let treePeak = rssBefore;
  const latencies = [];
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${base}/healthz`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      rssPeak = Math.max(rssPeak, rssMb(server.child.pid));
      treePeak = Math.max(treePeak, treeRssMb(server.child.pid));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: Number(values.bombs) }, () => analyse(bombId)));
  const wall = Math.round(performance.now() - started);
  done = true;
  await probing;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssAfter = rssMb(server.child.pid);

  console.log(
    `\n${values.bombs} analyses at once of a ${(bomb.length / 2 ** 20).toFixed(2)} MB PDF inflating to ${values.mib} MiB (all answered in ${wall} ms):\n`,
  );
  console.log(markdownTable(results.map((r, i) => ({ bomb: i + 1, status: r.status, ms: r.ms, answer: r.answer }))));
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `\n/healthz during them: ${sorted.length} answers, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms (target p99 ≤ 100 ms)`,
  );
  console.log(
    `Server RSS: before ${rssBefore} MB, peak ${rssPeak} MB, 2 s after ${rssAfter} MB: ${rssAfter - rssBefore >= 0 ? '+' : ''}${rssAfter - rssBefore} MB (target within 100 MB)`,
  );
  console.log(`Server and its CV readers together, peak: ${treePeak} MB`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
