// Shared helpers of the bench scripts: start a process, wait for a URL, run autocannon, read a process's RSS,
// print a Markdown table.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** process.env with `env` on top; a key set to undefined is removed. */
function withEnv(env = {}) {
  const merged = { ...process.env, ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  return merged;
}

export function startProcess(args, env) {
  const child = spawn(process.execPath, args, { env: withEnv(env), stdio: ['ignore', 'ignore', 'inherit'] });
  return {
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet: try again.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Runs autocannon against `url` for `duration` s with `connections`. `next()` (optional) returns the next
 * request `{ method?, path, headers?, body? }` (a fresh one per request: a mix of URLs, unique bookings).
 * Returns requests/s (average), p50 / p99 latency (ms), requests sent, and non-2xx + socket errors.
 */
export async function load(url, { connections = 50, duration = 10, next, headers } = {}) {
  const requests = next ? [{ setupRequest: (req) => ({ ...req, ...next() }) }] : undefined;
  const result = await autocannon({ url, connections, duration, headers, requests });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    sent: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** Several autocannon runs at once (e.g. one per server), summed: total requests/s, worst p50/p99, all errors. */
export async function loadTogether(runs) {
  const results = await Promise.all(runs.map(([url, opts]) => load(url, opts)));
  return {
    rps: results.reduce((a, r) => a + r.rps, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    sent: results.reduce((a, r) => a + r.sent, 0),
    errors: results.reduce((a, r) => a + r.errors, 0),
  };
}

/** CPU time (user + system) process `pid` has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident set size of process `pid` in MB (Linux /proc). */
export function rssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

/** A GitHub-flavoured Markdown table of `rows` (objects with the same keys). */
export function markdownTable(rows) {
  const keys = Object.keys(rows[0]);
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(keys), line(keys.map(() => '---')), ...rows.map((r) => line(keys.map((k) => String(r[k]))))].join('\n');
}

export function runCommand(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: withEnv(env), stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}
