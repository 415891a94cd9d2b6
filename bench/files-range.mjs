// Memory of the file download route under parallel range requests (docs/security.md "Uploads"): a 50 MB public
// intro video, 40 parallel `Range: bytes=0-0` requests (as in the attack: 1.5 GB grew before streaming), then
// 40 parallel ranges spread over the file (seeking), then 40 parallel whole downloads. The server's resident
// memory (RSS) is sampled every 10 ms; the growth over the RSS before each burst must stay under 50 MB.
// The upload of the video is measured the same way (it is streamed to a staging file, not buffered).
//   node bench/files-range.mjs            (the server from source, via tsx; BENCH_SERVER=dist/server/main.js for the build)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { markdownTable, rssMb, startProcess, waitFor } from './lib.mjs';

const targetMb = 50;
const parallel = 40;
const port = Number(process.env.BENCH_PORT ?? 3391);
const base = `http://127.0.0.1:${port}`;
const origin = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-bench-range-'));
const serverArgs = process.env.BENCH_SERVER ? [process.env.BENCH_SERVER] : ['--import', 'tsx', 'src/server/main.ts'];
const server = startProcess(serverArgs, {
  PORT: String(port),
  HOST: '127.0.0.1',
  BASE_URL: origin,
  DATA_DIR: dataDir,
  SEED_DEMO: '1',
  NODE_ENV: 'development',
  AUTH_RATE_LIMIT: '0',
});

/** Runs `burst` while sampling the server's RSS; returns { before, peak, after } in MB. */
async function measure(burst) {
  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const before = rssMb(server.child.pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(server.child.pid))), 10);
  try {
    await burst();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, rssMb(server.child.pid));
  await new Promise((r) => setTimeout(r, 500));
  return { before, peak, after: rssMb(server.child.pid) };
}

try {
  await waitFor(`${base}/readyz`);
  // The demo expert uploads a 50 MB WebM (a real WebM header, padded) and makes it their intro video.
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'expert@example.com', password: 'mentora-demo' }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const head = readFileSync('src/server/demo/demo-media/sarah-chen.webm');
  const video = Buffer.concat([head, randomBytes(50 * 1024 * 1024 - head.length)]);
  const form = new FormData();
  form.append('file', new Blob([video], { type: 'video/webm' }), 'intro.webm');
  let file;
  const upload = await measure(async () => {
    const up = await fetch(`${base}/api/files?purpose=video`, { method: 'POST', headers: { cookie, origin }, body: form });
    if (up.status !== 201) throw new Error(`upload failed: ${up.status} ${await up.text()}`);
    file = (await up.json()).file;
  });
  const profile = await (await fetch(`${base}/api/me/expert-profile`, { headers: { cookie } })).json();
  const { headline, about, experience, courses, languages, hobbies, expertise, cancellationPolicy } = profile;
  const put = await fetch(`${base}/api/me/expert-profile`, {
    method: 'PUT',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      headline,
      about,
      experience,
      courses,
      languages,
      hobbies,
      expertise,
      cancellationPolicy,
      hourlyRate: profile.hourlyRateCents / 100,
      videoFileId: file.id,
    }),
  });
  if (put.status !== 200) throw new Error(`attaching the video failed: ${put.status} ${await put.text()}`);

  const size = video.length;
  const get = async (range) => {
    const res = await fetch(`${base}${file.url}`, { headers: range ? { range } : {} });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== (range ? 206 : 200)) throw new Error(`GET ${range ?? 'whole'}: ${res.status}`);
    return body.length;
  };
  const rows = [
    {
      burst: 'upload of the video (streamed to disk)',
      'bytes sent': video.length,
      'RSS before (MB)': upload.before,
      'RSS peak (MB)': upload.peak,
      'growth (MB)': upload.peak - upload.before,
      [`target < ${targetMb} MB`]: upload.peak - upload.before < targetMb ? 'met' : 'MISSED',
    },
  ];
  const run = async (label, ranges) => {
    let bytes = 0;
    const m = await measure(async () => {
      bytes = (await Promise.all(ranges.map(get))).reduce((a, n) => a + n, 0);
    });
    rows.push({
      burst: label,
      'bytes sent': bytes,
      'RSS before (MB)': m.before,
      'RSS peak (MB)': m.peak,
      'growth (MB)': m.peak - m.before,
      [`target < ${targetMb} MB`]: m.peak - m.before < targetMb ? 'met' : 'MISSED',
    });
  };
  await get('bytes=0-0'); // warm up the route
  await run(
    `${parallel} × bytes=0-0`,
    Array.from({ length: parallel }, () => 'bytes=0-0'),
  );
  await run(
    `${parallel} × 1 MB ranges across the file`,
    Array.from({ length: parallel }, (_, i) => `bytes=${i * 1_250_000}-${i * 1_250_000 + 1_048_575}`),
  );
  await run(
    `${parallel} × whole file`,
    Array.from({ length: parallel }, () => undefined),
  );
  console.log(`File downloads: a ${Math.round(size / 2 ** 20)} MB public video, ${parallel} parallel requests per burst, server RSS sampled every 10 ms.\n`);
  console.log(markdownTable(rows));
  if (rows.some((r) => r[`target < ${targetMb} MB`] !== 'met')) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
