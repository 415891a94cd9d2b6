#!/usr/bin/env node
// `npm test`: every test stage this machine can run, side by side where they do not depend on each other, then one
// closing line summing every stage (docs/architecture.md "Tests"):
//   static checks (types, lint, format) · build · browser journeys (after the build) · unit + API + security tests on
//   PGlite with the host in a zone west of UTC · unit + API + security tests on PostgreSQL + Redis with the production
//   cache settings and the host in a zone east of UTC (when a PostgreSQL server answers at TEST_PG_URL, default
//   127.0.0.1:5432).
// TEST_NODE_22, the path of a Node.js 22 binary (.ci/run sets it), runs the PGlite pass on Node.js 22 while the rest
// runs on this Node.js (24 in CI): every unit, API and security test then runs on both lines, and on both databases.
// Each stage writes its output to .tmp/test-logs/<stage>.log and its tests to <stage>.json; a failed stage's output
// is printed at the end. TEST_JOBS: how many cores' worth of stages run at once (default: the machine's cores).
// `node scripts/test.mjs <stage> …` runs only the stages named.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const logs = path.resolve('.tmp/test-logs');
const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const node22 = process.env.TEST_NODE_22;
const jobs = Number(process.env.TEST_JOBS) || os.availableParallelism();

/**
 * Every stage runs at niceness 10 (`nice`, where the system has it), the CV reader's own
 * (src/server/modules/applications/cv-text-process.ts): a reader of lower priority than the tests beside it would get
 * almost no CPU on the cores the suite keeps busy, and run out of its wall-clock limit on a normal CV. The stages
 * share the cores evenly: the journeys at a higher priority left the PostgreSQL pass beside them the end of the run
 * (docs/performance.md "Pairing stages by what they wait for").
 */
const niceness = 10;
const canNice = spawnSync('nice', ['-n', String(niceness), 'true'], { stdio: 'ignore' }).status === 0;

/** True when `code`, run by this Node.js, exits 0 within ten seconds: whether a service answers. */
const answers = (code) => spawnSync(process.execPath, ['-e', code], { timeout: 10_000, stdio: 'ignore' }).status === 0;
const postgresAnswers = answers(
  `const pg=require('pg');const c=new pg.Client({connectionString:${JSON.stringify(pgUrl)},connectionTimeoutMillis:3000});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))`,
);
const redisAnswers =
  postgresAnswers &&
  answers(
    `const {Redis}=require('ioredis');const r=new Redis(${JSON.stringify(redisUrl)},{lazyConnect:true,connectTimeout:3000,retryStrategy:()=>null});r.on('error',()=>{});r.connect().then(()=>r.ping()).then(()=>process.exit(0),()=>process.exit(1))`,
  );

const bin = (name) => path.resolve('node_modules/.bin', name);
/** A Vitest stage: `files` (all of vitest.config.ts when empty) on `node`, with `env`, reporting to <name>.json. */
const vitest = (name, files, { node = process.execPath, env = {}, weight = 1 } = {}) => ({
  name,
  command: node,
  args: [
    path.resolve('node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=dot',
    '--reporter=json',
    `--outputFile.json=${path.join(logs, `${name}.json`)}`,
    ...files,
  ],
  env,
  weight,
  report: 'vitest',
  runsOn: spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim(),
});
/**
 * The host's zone of each Vitest pass: no answer may depend on the server's TZ (docs/product.md "Availability"), so
 * every test runs once with the host west of UTC and once east of it, half a day apart and both with daylight saving
 * time (the journeys' server keeps the machine's own zone).
 */
const zoneWest = 'America/Los_Angeles';
const zoneEast = 'Australia/Sydney';

/**
 * The security files that run in the PostgreSQL + Redis pass only when there is one (in the PGlite pass otherwise):
 * what they prove (every route's authorisation, fuzzed input, hostile CVs) is the app's, not the database's, and they
 * are the PGlite pass's three longest files (docs/decisions/040-one-pass-for-what-one-database-decides.md).
 */
const onePassFiles = ['tests/security/authorization-matrix.test.ts', 'tests/security/fuzz.test.ts', 'tests/security/cv-bomb.test.ts'];

/**
 * The stages, in the order they start when cores are free. `needs`: stages that must pass first; `after`: stages
 * that must have ended, passed or not; `weight`: the cores it keeps busy. Paired by what they wait
 * for (docs/performance.md "Test suite"): the journeys wait for pages and the server (about 1.2 cores busy of their
 * two workers) and the PostgreSQL pass for its database server
 * (about 1.1 cores with the server's processes), so the two run side by side and keep both cores busy; the PGlite
 * pass keeps its two workers busy on its own (its database runs in them), so it comes last, the moment the PostgreSQL
 * pass ends. The type check, lint and the format check fill the gaps its workers leave.
 */
const stages = [
  { name: 'build', command: 'npm', args: ['run', '--silent', 'build'], weight: 1 },
  // The tests on PostgreSQL (+ Redis) with every kept answer on, as deployed, so that any test reading an answer stale
  // after a write fails (docs/decisions/017-one-cache-owner.md).
  ...(postgresAnswers
    ? [
        vitest('postgres', ['tests/unit', 'tests/api', 'tests/security'], {
          env: { TZ: zoneEast, TEST_DATABASE_URL: pgUrl, TEST_CACHE: 'production', ...(redisAnswers ? { REDIS_TEST_URL: redisUrl } : {}) },
        }),
      ]
    : []),
  {
    name: 'journeys',
    command: bin('playwright'),
    args: ['test', '--reporter=dot,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(logs, 'journeys.json') },
    needs: ['build'],
    weight: 1,
    report: 'playwright',
  },
  // Not beside the PostgreSQL pass: two passes of two workers each on two cores make the suite's timing tests fail.
  {
    ...vitest('pglite', postgresAnswers ? onePassFiles.map((file) => `--exclude=${file}`) : [], { env: { TZ: zoneWest }, ...(node22 ? { node: node22 } : {}) }),
    after: ['postgres'],
  },
  // TypeScript 7, the native compiler (package alias typescript-native; decision 030), in one thread: the stages beside
  // it keep the cores busy, and its parallel checkers only add CPU then. typescript-eslint keeps TypeScript 5.9.
  { name: 'types', command: path.resolve('node_modules/typescript-native/bin/tsc'), args: ['--noEmit', '--singleThreaded'], weight: 1 },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'], weight: 1 },
  { name: 'format', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'], weight: 1 },
];
const notRun = [
  ...(postgresAnswers ? [] : [`postgres: no PostgreSQL server answers at ${new URL(pgUrl).host}`]),
  ...(postgresAnswers && !redisAnswers ? [`the Redis tests: no Redis answers at ${new URL(redisUrl).host}`] : []),
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !stages.some((s) => s.name === name));
if (unknown.length) {
  console.error(`Unknown stage ${unknown.join(', ')}; the stages here: ${stages.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const planned = chosen.length ? stages.filter((s) => chosen.includes(s.name)) : stages;

/** Passed, failed and skipped tests of a finished stage: from its JSON report, or one check for a stage without. */
function counts(stage, exitCode) {
  if (!stage.report) return { passed: exitCode === 0 ? 1 : 0, failed: exitCode === 0 ? 0 : 1, skipped: 0 };
  let found;
  try {
    const json = JSON.parse(readFileSync(path.join(logs, `${stage.name}.json`), 'utf8'));
    found =
      stage.report === 'playwright'
        ? { passed: json.stats.expected + json.stats.flaky, failed: json.stats.unexpected, skipped: json.stats.skipped }
        : { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
  } catch {
    found = { passed: 0, failed: 0, skipped: 0 };
  }
  // A file that fails to load, an error outside any test or a missing report fails the stage without failing a test.
  if (exitCode !== 0 && found.failed === 0) found.failed = 1;
  return found;
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/**
 * The `n` slowest files of a Vitest stage, or journeys of a Playwright stage, as `[seconds, name]`: where a stage's
 * time goes, printed with the closing summary so that a CI log alone shows it.
 */
function slowest(stage, n = 8) {
  let json;
  try {
    json = JSON.parse(readFileSync(path.join(logs, `${stage.name}.json`), 'utf8'));
  } catch {
    return [];
  }
  const found = [];
  if (stage.report === 'vitest') {
    for (const file of json.testResults ?? []) found.push([file.endTime - file.startTime, path.relative(process.cwd(), file.name)]);
  } else {
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? []) found.push([test.results.reduce((sum, r) => sum + r.duration, 0), `${spec.file}:${spec.line} ${spec.title}`]);
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of json.suites ?? []) walk(suite);
  }
  return found.sort((a, b) => b[0] - a[0]).slice(0, n);
}
const started = performance.now();
const results = new Map();
const running = new Map();

function start(stage) {
  const log = createWriteStream(path.join(logs, `${stage.name}.log`));
  const begun = performance.now();
  console.log(`▶ ${stage.name}${stage.runsOn ? ` (Node.js ${stage.runsOn})` : ''}`);
  const [command, args] = !canNice ? [stage.command, stage.args] : ['nice', ['-n', String(niceness), stage.command, ...stage.args]];
  const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: '0', ...stage.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  running.set(stage.name, stage);
  child.on('close', (code, signal) => {
    log.end();
    running.delete(stage.name);
    const exitCode = code ?? (signal ? 1 : 0);
    const result = { ...counts(stage, exitCode), exitCode, ms: performance.now() - begun };
    results.set(stage.name, result);
    const tally = stage.report ? ` · ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped` : '';
    console.log(`${exitCode === 0 ? '✔' : '✘'} ${stage.name} in ${seconds(result.ms)}${tally}`);
    schedule();
  });
}

/** Starts every waiting stage whose needs have passed, in order, while the cores in use stay within `jobs`. */
function schedule() {
  for (const stage of planned) {
    if (results.has(stage.name) || running.has(stage.name)) continue;
    const needs = (stage.needs ?? []).filter((n) => planned.some((s) => s.name === n));
    if (needs.some((n) => results.has(n) && results.get(n).exitCode !== 0)) {
      results.set(stage.name, { passed: 0, failed: 1, skipped: 0, exitCode: 1, ms: 0, blocked: true });
      console.log(`✘ ${stage.name}: not run, ${needs.join(', ')} failed`);
      continue;
    }
    const after = (stage.after ?? []).filter((n) => planned.some((s) => s.name === n));
    if (!needs.every((n) => results.has(n)) || !after.every((n) => results.has(n))) continue;
    const busy = [...running.values()].reduce((sum, s) => sum + s.weight, 0);
    // A stage heavier than the machine starts alone rather than never.
    if (running.size && busy + stage.weight > jobs) continue;
    start(stage);
  }
  if (results.size === planned.length) finish();
}

function finish() {
  const failed = planned.filter((s) => results.get(s.name).exitCode !== 0 && !results.get(s.name).blocked);
  for (const stage of failed) {
    const text = readFileSync(path.join(logs, `${stage.name}.log`), 'utf8');
    // A test runner's own account of its failures, without the log lines of the tests that passed before them.
    const summary = text.search(/Failed Tests \d+|^\s+\d+\) /m);
    const shown = (summary >= 0 ? text.slice(summary) : text).split('\n').slice(-300);
    console.log(`\n──── ${stage.name} failed (.tmp/test-logs/${stage.name}.log) ────`);
    console.log(shown.join('\n'));
  }
  console.log('');
  for (const stage of planned) {
    const r = results.get(stage.name);
    console.log(
      `${stage.name.padEnd(10)} ${r.exitCode === 0 ? 'ok    ' : 'FAILED'} ${seconds(r.ms).padStart(6)}  ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`,
    );
  }
  for (const line of notRun) console.log(`not run: ${line}`);
  for (const stage of planned.filter((s) => s.report && results.get(s.name).ms > 0)) {
    const slow = slowest(stage);
    if (slow.length) console.log(`\nslowest in ${stage.name}:\n${slow.map(([ms, name]) => `  ${seconds(ms).padStart(6)}  ${name}`).join('\n')}`);
  }
  const sum = (key) => [...results.values()].reduce((total, r) => total + r[key], 0);
  console.log(
    `\n${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped (${planned.length} stages in ${seconds(performance.now() - started)})`,
  );
  process.exitCode = sum('failed') === 0 && failed.length === 0 ? 0 : 1;
}

// Only the logs of the stages about to run go: a run of one stage keeps the others' reports to compare with.
mkdirSync(logs, { recursive: true });
for (const stage of planned) for (const ext of ['log', 'json']) rmSync(path.join(logs, `${stage.name}.${ext}`), { force: true });
schedule();
