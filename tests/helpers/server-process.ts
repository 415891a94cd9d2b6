/**
 * Real server processes for multi-process tests: the run's server bundle (made from the current sources by the global
 * setup, as the build makes it: no `npm run build` needed), on a free port of 127.0.0.1, with the same AUTH_SECRET
 * and BASE_URL as createTestApp so accounts and cookies made in the test process work on every server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { inject } from 'vitest';
import { answerChecker } from './openapi-answers.js';

export type ServerProcess = {
  port: number;
  /** http://127.0.0.1:port */
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything the process printed so far (stdout + stderr). */
  output: () => string;
  /**
   * `fetch` of `path` on this server, its answer checked against the OpenAPI document the server serves (as
   * createTestApp's apps are, tests/helpers/openapi-answers.ts): what does not match is kept, and `stop()` fails with it.
   */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** Sends SIGTERM and waits for the exit code; SIGKILL after `timeoutMs`; fails with the answers that did not match the document. */
  stop: (timeoutMs?: number) => Promise<number | null>;
};

/**
 * The server entry point to run with this Node.js: under Vitest the run's bundle (tests/helpers/global-setup.ts);
 * under Playwright, whose journeys run against the build, the build's.
 */
export function serverEntry(): string {
  return path.join(process.env.VITEST ? inject('serverBundle') : 'dist/server', 'main.js');
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls GET `probe` (/readyz) until 200; rejects with the server's output when it exits or `timeoutMs` passes. */
async function waitReady(server: Omit<ServerProcess, 'stop' | 'fetch'>, timeoutMs: number, probe: string): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && exitCode === undefined) {
    try {
      const res = await fetch(`${server.url}${probe}`);
      if (res.status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  server.child.kill('SIGKILL');
  throw new Error(`server on port ${server.port} did not become ready (exit ${exitCode}):\n${server.output().slice(-3000)}`);
}

/**
 * Starts one server with `env` over test defaults (NODE_ENV=test, a fresh DATA_DIR, no demo seed) and
 * resolves once GET /readyz answers 200 (`probe: '/healthz'`: once the process answers, ready or not). `port` reuses
 * a port (a restart); otherwise a free one is taken.
 */
export async function startServer(
  env: Record<string, string>,
  opts: { port?: number; timeoutMs?: number; probe?: '/readyz' | '/healthz' } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'mentora-proc-'));
  const child = spawn(process.execPath, [serverEntry()], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      BASE_URL: 'http://localhost:3000',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      SEED_DEMO: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => {
    if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  });
  const server = { port, url: `http://127.0.0.1:${port}`, child, exited, output: () => output };
  await waitReady(server, opts.timeoutMs ?? 90_000, opts.probe ?? '/readyz');
  const answers = checkedFetch(server.url);
  return {
    ...server,
    fetch: answers.fetch,
    stop: async (timeoutMs = 15_000) => {
      let code: number | null = child.exitCode;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        code = await exited;
        clearTimeout(timer);
      }
      const problems = answers.problems();
      if (problems.length) throw new Error(`answers of the server on port ${port} that do not match its OpenAPI document:\n${problems.join('\n')}`);
      return code;
    },
  };
}

/**
 * `fetch` on the server at `url` whose answers are checked against the document it serves at /api/docs/json (read on
 * the first call), and the mismatches found. An event stream is checked for its status and media type, not read.
 */
export function checkedFetch(url: string) {
  const found = new Set<string>();
  let check: Promise<ReturnType<typeof answerChecker>> | undefined;
  return {
    fetch: async (path: string, init?: RequestInit) => {
      check ??= fetch(`${url}/api/docs/json`).then(async (res) => answerChecker((await res.json()) as OpenAPIV3_1.Document));
      const res = await fetch(`${url}${path}`, init);
      const contentType = res.headers.get('content-type');
      const body = contentType?.startsWith('text/event-stream') ? Buffer.from('stream') : Buffer.from(await res.clone().arrayBuffer());
      const method = init?.method ?? 'GET';
      for (const problem of (await check)(method, new URL(path, url).pathname, res.status, contentType ?? undefined, body)) found.add(problem);
      return res;
    },
    problems: () => [...found],
  };
}

/** How many runs of the background job `name` the server has finished (GET /metrics' mentora_job_runs_total). */
async function jobRuns(server: Pick<ServerProcess, 'url'>, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`mentora_job_runs_total{name="${name}"`));
  return Number(line?.split(' ').at(-1) ?? 0);
}

/**
 * Resolves once every server in `servers` has finished `runs` more runs of the job `name` than when called, so that
 * whatever those runs would have done (a duplicate e-mail, a second batch) has happened: a test of absence waits for
 * the work that could break it rather than for a fixed time.
 */
export async function afterJobRuns(servers: Pick<ServerProcess, 'url'>[], name: string, runs = 1, timeoutMs = 30_000): Promise<void> {
  const before = await Promise.all(servers.map((s) => jobRuns(s, name)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await Promise.all(servers.map((s) => jobRuns(s, name)));
    if (now.every((count, i) => count >= before[i]! + runs)) return;
    if (Date.now() > deadline) throw new Error(`the job "${name}" did not run ${runs} more time(s) on every server within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
