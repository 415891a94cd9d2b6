// What a journey's page load costs (docs/performance.md "Test suite", "What a page load costs"): N loads of each page
// of PAGES, each in a fresh browser context as a journey makes it, in Chromium's headless shell with the journeys'
// flags, until the app is ready (`data-app-ready`) and the network idle; then N loads in one context, and with
// PERSISTENT=1 N loads in one on-disk profile (Chromium's code cache kept between loads). Prints per load the CPU of
// the whole browser (every process, ended renderers included: run it inside a cpuacct cgroup named by CGROUP, this
// script's own CPU taken off), of the server (SERVER_PID), and the renderer's process, script and task time
// (CDP Performance.getMetrics). A page 'who@example.com:/path' is loaded signed in as that demo login (password
// mentora-demo); '/session/FIRST' is that account's first session. Against a built server started with demo data:
//   mkdir /sys/fs/cgroup/cpuacct/pageload && sh -c 'echo $$ > /sys/fs/cgroup/cpuacct/pageload/cgroup.procs;
//   BASE=http://localhost:3000 CGROUP=/sys/fs/cgroup/cpuacct/pageload SERVER_PID=… exec node bench/page-load-cpu.mjs'
import { chromium } from 'playwright';
import { readFileSync, mkdtempSync } from 'node:fs';
const base = process.env.BASE ?? 'http://localhost:3000';
const cg = process.env.CGROUP;
const serverPid = Number(process.env.SERVER_PID);
const N = Number(process.env.N ?? 8);
const usage = () => (cg ? Number(readFileSync(`${cg}/cpuacct.usage`, 'utf8')) / 1e9 : NaN);
const self = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const tick = 100;
const server = () => {
  const f = readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / tick;
};
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium-headless-shell';
const pages = (process.env.PAGES ?? '/,/results,/workshops,/login,/dashboard/client').split(',');
// 'who@example.com:/path' signs in as that demo login first; '/session/FIRST' is that account's first session.
const who = (p) => (p.includes(':') ? p.split(':')[0] : null);
const signedIn = (p) => who(p) !== null;
const pathOf = async (c, p) => {
  const path = p.includes(':') ? p.split(':')[1] : p;
  if (!path.includes('FIRST')) return path;
  const { sessions } = await (await c.request.get(`${base}/api/sessions`)).json();
  return path.replace('FIRST', sessions[0].id);
};

async function load(context, path) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(base + path);
  await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
  await page.waitForLoadState('networkidle');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
  await page.close();
  return m;
}
async function signIn(context, email) {
  const r = await context.request.post(`${base}/api/auth/sign-in/email`, { data: { email, password: 'mentora-demo' } });
  if (!r.ok()) throw new Error(`sign-in ${r.status()}`);
}
const browser = await chromium.launch({ executablePath, args });
const row = (name, cpu, srv, ms) =>
  console.log(
    `${name.padEnd(38)} browser ${cpu.toFixed(3)} s  server ${srv.toFixed(3)} s  renderer: process ${ms.ProcessTime.toFixed(3)} s, script ${ms.ScriptDuration.toFixed(3)} s, V8 compile ${ms.V8CompileDuration.toFixed(3)} s, tasks ${ms.TaskDuration.toFixed(3)} s`,
  );
const avg = (list) => Object.fromEntries(Object.keys(list[0]).map((k) => [k, list.reduce((s, m) => s + m[k], 0) / list.length]));
// Warm up the server and the browser once.
{
  const c = await browser.newContext();
  await load(c, '/');
  await c.close();
}
for (const path of pages) {
  const fresh = [];
  const again = [];
  let t0 = usage() - self(),
    s0 = server();
  for (let i = 0; i < N; i++) {
    const c = await browser.newContext();
    if (signedIn(path)) await signIn(c, who(path));
    fresh.push(await load(c, await pathOf(c, path)));
    await c.close();
  }
  let t1 = usage() - self(),
    s1 = server();
  row(`${path} fresh context`, (t1 - t0) / N, (s1 - s0) / N, avg(fresh));
  const c = await browser.newContext();
  if (signedIn(path)) await signIn(c, who(path));
  const p = await pathOf(c, path);
  await load(c, p);
  t0 = usage() - self();
  s0 = server();
  for (let i = 0; i < N; i++) again.push(await load(c, p));
  t1 = usage() - self();
  s1 = server();
  row(`${path} again, same context`, (t1 - t0) / N, (s1 - s0) / N, avg(again));
  await c.close();
}
await browser.close();
if (process.env.PERSISTENT) {
  // One profile on disk: Chromium's code cache (V8 bytecode kept beside the HTTP cache) survives between tabs.
  const dir = mkdtempSync('/tmp/ws-profile-');
  const ctx = await chromium.launchPersistentContext(dir, { executablePath, args });
  for (const path of pages.filter((p) => !signedIn(p))) {
    for (let i = 0; i < 3; i++) await load(ctx, path); // the cache is written on the second run, read from the third
    const list = [];
    const t0 = usage() - self(),
      s0 = server();
    for (let i = 0; i < N; i++) {
      await ctx.clearCookies();
      list.push(await load(ctx, path));
    }
    row(`${path} persistent profile`, (usage() - self() - t0) / N, (server() - s0) / N, avg(list));
  }
  await ctx.close();
}
