// Message delivery (docs/product.md "Messages"; docs/decisions/020-message-stream.md): the time from sending a message
// (POST /api/conversations/:id/messages) to its arrival on the other party's open stream (GET /api/messages/stream),
// p50 and p99, on one server and across two servers sharing one PostgreSQL database, with `--idle` idle connected
// streams per server and `--conversations` conversations sending at once; and the memory of idle streams (each
// server's RSS before and after they connect, per stream).
//
//   npm run build && node bench/messages.mjs [--idle 1000] [--conversations 50] [--messages 20] [--interval 0] [--together]
//   options: --database-url URL (default $BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a
//            database of its own is created there and dropped), --server dist/server/main.js (another build's
//            main.js, to compare builds), --interval ms: each conversation sends a message every `ms` (or, if later,
//            once the one before was answered and arrived) instead of at once — a load below what the machine
//            can take, so that the delay measured is the path's, not the queue of 50 senders as fast as possible;
//            with --together every conversation sends at the same instants (a burst of --conversations sends at
//            once every `ms`) instead of spread over the interval.
//   Besides delivery it reports the send's answer time, messages per second and the bench's own event-loop delay.
// Not part of npm test.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { markdownTable, startProcess, waitFor } from './lib.mjs';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'dist/server/main.js' },
    idle: { type: 'string', default: '1000' },
    conversations: { type: 'string', default: '50' },
    messages: { type: 'string', default: '20' },
    interval: { type: 'string', default: '0' },
    together: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const idlePerServer = Number(values.idle);
const pairs = Number(values.conversations);
const perPair = Number(values.messages);
const interval = Number(values.interval);
const together = values.together;
const password = 'bench-password-1';
/** The stream route takes 30 connections a minute per account: idle streams are spread over accounts. */
const streamsPerIdleAccount = 25;

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Keep-alive connections for the JSON requests. node:http rather than fetch: on this 2-core machine the bench's own
 * CPU competes with the servers and PostgreSQL, and fetch (undici) took about twice as much per request.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** A JSON request as the signed-in `cookie` (the Origin the server expects). */
function call(base, method, url, cookie, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          origin: base.replace('127.0.0.1', 'localhost'),
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          if (res.statusCode >= 300) return reject(new Error(`${method} ${url}: ${res.statusCode} ${text}`));
          resolve({
            json: text ? JSON.parse(text) : null,
            cookie: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A new account of `role` with a full name, signed in: its id and cookie. */
async function account(base, role, n) {
  const email = `bench-msg-${role}-${n}-${randomUUID().slice(0, 8)}@example.com`;
  await call(base, 'POST', '/api/auth/sign-up/email', null, { email, password, name: '' });
  // Production asks for a verified address before signing in: verified here, as the link in the e-mail would.
  await db.query('update "user" set email_verified = true where email = $1', [email]);
  const { cookie } = await call(base, 'POST', '/api/auth/sign-in/email', null, { email, password });
  const me = (await call(base, 'PUT', '/api/me/profile', cookie, { firstName: 'Bench', lastName: `Person${n}`, role })).json;
  return { id: me.id, cookie };
}

/**
 * Opens a stream of `cookie` on `base`; `onEvent(data)` is called with each event's JSON. Resolves once the server
 * answered (headers), with a close function.
 */
function openStream(base, cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/messages/stream`, { agent: false, headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trim())
            .join('\n');
          if (data) onEvent(JSON.parse(data));
        }
      });
      res.on('error', () => {});
      resolve(() => req.destroy());
    });
    req.on('error', reject);
  });
}

async function measure(bases, pids) {
  const [a, b] = [bases[0], bases.at(-1)];
  // Idle streams: `idlePerServer` on each server, of accounts nobody writes to.
  const idleAccounts = [];
  for (const base of bases)
    for (let n = 0; n < Math.ceil(idlePerServer / streamsPerIdleAccount); n++)
      idleAccounts.push({ base, n, cookie: (await account(base, 'client', n)).cookie });
  // The accounts exist and signed in: only the streams differ between the two readings.
  await new Promise((r) => setTimeout(r, 2000));
  const rssBefore = pids.map(rssKb);
  const closers = [];
  for (const { base, n, cookie } of idleAccounts) {
    const count = Math.min(streamsPerIdleAccount, idlePerServer - n * streamsPerIdleAccount);
    for (let s = 0; s < count; s++) closers.push(await openStream(base, cookie, () => {}));
  }
  await new Promise((r) => setTimeout(r, 2000));
  const rssAfter = pids.map(rssKb);

  // `pairs` conversations: each client writes on server A; its expert's stream is on server B.
  const waiting = new Map();
  const conversations = [];
  for (let n = 0; n < pairs; n++) {
    const client = await account(a, 'client', n);
    const expert = await account(a, 'expert', n);
    await db.query(
      `insert into experts (slug, user_id, name, role, about, expertise, languages, hourly_rate_cents, timezone, cancellation_policy)
       values ($1, $2, $3, 'Staff Engineer', 'Bench expert', '{"Programming & Tech"}', '{English}', 9000, 'UTC', 'flexible')`,
      [`bench-msg-${randomUUID()}`, expert.id, `Bench Expert ${n}`],
    );
    const expertId = (await db.query('select id from experts where user_id = $1', [expert.id])).rows[0].id;
    const { json } = await call(a, 'POST', '/api/conversations', client.cookie, { expertId });
    closers.push(
      await openStream(b, expert.cookie, (event) => {
        if (event.kind !== 'message') return;
        const arrived = waiting.get(event.message.id);
        if (arrived) arrived(performance.now());
      }),
    );
    conversations.push({ id: json.conversation.id, cookie: client.cookie });
  }
  await new Promise((r) => setTimeout(r, 500));

  const latencies = [];
  const answered = [];
  // The bench's own event loop: a delay here delays the arrival timestamps it takes.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const sendingFrom = performance.now();
  await Promise.all(
    conversations.map(async ({ id, cookie }, n) => {
      // Paced: message m is sent at m × interval (the conversations spread over the first interval, or all at the
      // same instants with --together), or once the one before has been answered and arrived if that is later;
      // unpaced, at once.
      const start = sendingFrom + (together ? 0 : (n / pairs) * interval);
      for (let m = 0; m < perPair; m++) {
        const due = start + m * interval - performance.now();
        if (due > 0) await new Promise((r) => setTimeout(r, due));
        const messageId = randomUUID();
        const arrival = new Promise((resolve) => waiting.set(messageId, resolve));
        const sentAt = performance.now();
        await call(a, 'POST', `/api/conversations/${id}/messages`, cookie, { id: messageId, body: `Bench message ${m}` });
        answered.push(performance.now() - sentAt);
        const at = await Promise.race([arrival, new Promise((r) => setTimeout(() => r(null), 10_000))]);
        waiting.delete(messageId);
        if (at === null) throw new Error(`message ${messageId} never arrived`);
        latencies.push(at - sentAt);
      }
    }),
  );
  const sendingMs = performance.now() - sendingFrom;
  loopDelay.disable();
  for (const close of closers) close();
  latencies.sort((x, y) => x - y);
  answered.sort((x, y) => x - y);
  return {
    p50: pct(latencies, 50).toFixed(1),
    p99: pct(latencies, 99).toFixed(1),
    'send answered p50': pct(answered, 50).toFixed(1),
    'send answered p99': pct(answered, 99).toFixed(1),
    'bench loop delay p99': (loopDelay.percentile(99) / 1e6).toFixed(1),
    messages: latencies.length,
    'messages/s': Math.round(latencies.length / (sendingMs / 1000)),
    kbPerIdleStream: ((rssAfter.reduce((s, v) => s + v, 0) - rssBefore.reduce((s, v) => s + v, 0)) / (idlePerServer * bases.length)).toFixed(1),
    rssMbWithIdle: rssAfter.map((kb) => Math.round(kb / 1024)).join(' / '),
  };
}

const name = `mentora_bench_messages_${process.pid}`;
const admin = new pg.Client({ connectionString: values['database-url'] });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(values['database-url']);
url.pathname = `/${name}`;
const db = new pg.Client({ connectionString: url.toString() });
const rows = [];
try {
  for (const servers of [1, 2]) {
    const procs = [];
    const bases = [];
    for (let s = 0; s < servers; s++) {
      const port = 3490 + s;
      const base = `http://127.0.0.1:${port}`;
      procs.push(
        startProcess([values.server], {
          PORT: String(port),
          HOST: '127.0.0.1',
          BASE_URL: `http://localhost:${port}`,
          DATABASE_URL: url.toString(),
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mentora-bench-messages-')),
          NODE_ENV: 'production',
          AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
          AUTH_RATE_LIMIT: '0',
          SEED_DEMO: '0',
        }),
      );
      bases.push(base);
      await waitFor(`${base}/readyz`);
    }
    if (servers === 1) await db.connect();
    try {
      const r = await measure(
        bases,
        procs.map((p) => p.child.pid),
      );
      rows.push({ servers, 'idle streams per server': idlePerServer, 'conversations at once': pairs, 'interval ms': interval, together, ...r });
      console.log(JSON.stringify(rows.at(-1)));
    } finally {
      await Promise.all(procs.map((p) => p.stop()));
    }
  }
} finally {
  agent.destroy();
  await db.end();
  const c = new pg.Client({ connectionString: values['database-url'] });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}
console.log(
  `\nMessage delivery, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}:\n\n${markdownTable(rows)}\n`,
);
