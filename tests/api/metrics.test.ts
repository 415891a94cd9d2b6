/**
 * GET /metrics (docs/deploy.md "Metrics and alerts", docs/security.md "Metrics and backups") and request ids:
 * - with METRICS_TOKEN set, only a request bearing it is answered (401 otherwise, from anywhere);
 * - without it, only a request from this machine (404 otherwise, also a remote client forwarded by a local proxy);
 * - request counters move, labelled with the route's pattern, never the raw URL; the outbox gauges follow its rows;
 *   job runs and failures are counted; the pool gauges exist on PostgreSQL only; open message streams are counted;
 *   process metrics are there;
 * - /metrics is neither in the API document nor swallowed by the web pages;
 * - every answer carries X-Request-Id, the request's log line carries the same id, and an incoming id is kept only
 *   behind a trusted proxy and only when well formed.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { emailOutbox } from '../../src/server/db/schema.js';
import { startJobs } from '../../src/server/infra/jobs.js';
import { enqueueEmail } from '../../src/server/infra/mail/outbox.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { openEventStream } from '../helpers/event-stream.js';

const token = 'metrics-token-0123456789abcdef';
const notFound = { error: { code: 'NOT_FOUND', message: 'Not found' } };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The value of the sample `name{labels}` in exposition `text`, or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(ctx: TestContext, headers: Record<string, string> = {}): Promise<string> {
  const res = await ctx.app.inject({ url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

describe('GET /metrics without METRICS_TOKEN: this machine only', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers a loopback request in the Prometheus text format, with process metrics, and anyone else the API 404', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await ctx.app.inject({ url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      for (const name of ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes']) expect(sample(res.body, name), name).toBeGreaterThan(0);
      for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds']) expect(sample(res.body, name), name).toBeGreaterThanOrEqual(0);
    }
    for (const remoteAddress of ['10.1.2.3', '203.0.113.9', '::ffff:10.1.2.3', '2001:db8::1']) {
      const res = await ctx.app.inject({ url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.json()).toEqual(notFound);
      // A bearer token means nothing while none is configured.
      expect((await ctx.app.inject({ url: '/metrics', remoteAddress, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(404);
    }
  });

  it('counts answers by route pattern and status, never by raw URL', async () => {
    const before = await scrape(ctx);
    const labels = { method: 'GET', route: '/api/experts/:idOrSlug', status_code: '404' };
    const count = (text: string) => sample(text, 'http_request_duration_seconds_count', labels) ?? 0;
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) expect((await ctx.app.inject(`/api/experts/${id}`)).statusCode).toBe(404);
    const after = await scrape(ctx);
    expect(count(after) - count(before)).toBe(2);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(count(after));
    for (const id of ids) expect(after).not.toContain(id);
    // A path no route matches is one series, whatever the path.
    const unmatched = await ctx.app.inject({ method: 'DELETE', url: `/nowhere/${ids[0]}` });
    expect(unmatched.statusCode).toBe(404);
    expect(sample(await scrape(ctx), 'http_request_duration_seconds_count', { method: 'DELETE', route: '(unmatched)', status_code: '404' })).toBe(1);
  });

  it('reports the outbox: pending messages, the oldest one’s age, and failed ones', async () => {
    const db = ctx.database.db;
    const empty = await scrape(ctx);
    expect(sample(empty, 'mentora_outbox_pending_messages')).toBe(0);
    expect(sample(empty, 'mentora_outbox_oldest_pending_age_seconds')).toBe(0);
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) await enqueueEmail(db, { to, subject: 'Hello', text: 'Hello' });
    await db.execute(sql`update ${emailOutbox} set created_at = now() - interval '90 seconds' where "to" = 'a@example.com'`);
    await db.execute(sql`update ${emailOutbox} set status = 'failed' where "to" = 'c@example.com'`);
    await db.execute(
      sql`insert into ${emailOutbox} ("to", subject, text, status, created_at) values ('d@example.com', 'Old', 'Old', 'sent', now() - interval '1 day')`,
    );
    const text = await scrape(ctx);
    expect(sample(text, 'mentora_outbox_pending_messages')).toBe(2);
    expect(sample(text, 'mentora_outbox_failed_messages')).toBe(1);
    const age = sample(text, 'mentora_outbox_oldest_pending_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(120);
  });

  it('counts background job runs and failures by job', async () => {
    const jobs = startJobs({
      config: ctx.config,
      db: ctx.database.db,
      transport: { send: async () => {} },
      sessions: {
        autoRelease: async () => {},
        reminders: () => Promise.reject(new Error('reminders broke')),
        reservations: async () => {},
        noShows: async () => {},
        proposals: async () => {},
        minimumAttendance: async () => {},
        waitlistOffers: async () => {},
      },
      messages: { unreadEmails: async () => {}, pruneEvents: async () => {} },
      uploadCleanup: async () => {},
      partners: async () => {},
      packageExpiry: async () => {},
      planRenewals: async () => {},
      paymentRetries: async () => {},
      log: { error: () => {} },
      observe: ctx.app.metrics.observeJob,
    });
    // Each job runs once at start; stop() waits for the runs in flight.
    await new Promise((r) => setTimeout(r, 50));
    await jobs.stop();
    const text = await scrape(ctx);
    expect(sample(text, 'mentora_job_runs_total', { name: 'session reminders' })).toBe(1);
    expect(sample(text, 'mentora_job_failures_total', { name: 'session reminders' })).toBe(1);
    expect(sample(text, 'mentora_job_runs_total', { name: 'outbox delivery' })).toBe(1);
    expect(sample(text, 'mentora_job_failures_total', { name: 'outbox delivery' })).toBeUndefined();
    expect(sample(text, 'mentora_job_last_success_timestamp_seconds', { name: 'outbox delivery' })).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(sample(text, 'mentora_job_duration_seconds_count', { name: 'upload cleanup' })).toBe(1);
  });

  it('shows the PostgreSQL pool, and no pool on PGlite', async () => {
    const text = await scrape(ctx);
    if (ctx.database.kind === 'postgres') {
      expect(sample(text, 'mentora_db_pool_max_connections')).toBe(5);
      expect(sample(text, 'mentora_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'mentora_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'mentora_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(text).not.toContain('mentora_db_pool_');
    }
  });

  it('is not in the API document and is not taken for a page', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.includes('metrics'))).toEqual([]);
    // With or without the built web app (its catch-all page route), /metrics is the metrics.
    const res = await ctx.app.inject({ url: '/metrics', headers: { accept: 'text/html' } });
    expect(res.headers['content-type']).not.toMatch(/html/);
    expect((await ctx.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9', headers: { accept: 'text/html' } })).json()).toEqual(notFound);
  });
});

describe('open realtime connections', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  it('counts the message streams open on this server', async () => {
    const open = async () => sample(await scrape(ctx), 'mentora_realtime_connections');
    expect(await open()).toBe(0);
    const [a, b] = await Promise.all(['stream-a@example.com', 'stream-b@example.com'].map((email) => createUser(ctx, { email })));
    const streams = await Promise.all([a!, b!, a!].map((account) => openEventStream(`${base}/api/messages/stream`, account.cookie)));
    for (const stream of streams) expect((await stream.next()).event).toBe('hello');
    expect(await open()).toBe(3);
    streams[0]!.close();
    streams[1]!.close();
    // The server hears of a closed connection shortly after the client closes it.
    const deadline = Date.now() + 5000;
    while ((await open()) !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await open()).toBe(1);
    streams[2]!.close();
  });
});

describe('GET /metrics without METRICS_TOKEN behind a trusted proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => ctx.close());

  it('refuses a remote client forwarded by a proxy on this machine', async () => {
    expect((await ctx.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(404);
  });
});

describe('METRICS_TOKEN', () => {
  it('must be a bearer token of at least 16 characters, or start-up stops naming it', () => {
    for (const bad of ['short', 'has spaces in the token', 'quote"in-the-token-value', 'ünïcode-token-value-1234']) {
      expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(/^Invalid configuration: METRICS_TOKEN /);
    }
    const secret = { AUTH_SECRET: 'test-secret-test-secret-test-secret-0123' };
    expect(loadConfig({ ...secret, METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({ ...secret, METRICS_TOKEN: 'abc/DEF+ghi_jkl.mn~o-==' }).metricsToken).toBe('abc/DEF+ghi_jkl.mn~o-==');
    expect(loadConfig(secret).metricsToken).toBeUndefined();
  });
});

describe('GET /metrics with METRICS_TOKEN: the token only', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(() => ctx.close());

  it('answers the token from anywhere and refuses everything else with 401, this machine included', async () => {
    for (const remoteAddress of ['127.0.0.1', '203.0.113.9']) {
      const ok = await ctx.app.inject({ url: '/metrics', remoteAddress, headers: { authorization: `Bearer ${token}` } });
      expect(ok.statusCode, remoteAddress).toBe(200);
      expect(sample(ok.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      for (const authorization of [undefined, '', `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, `Basic ${token}`, token, 'Bearer ']) {
        const res = await ctx.app.inject({ url: '/metrics', remoteAddress, headers: authorization === undefined ? {} : { authorization } });
        expect(res.statusCode, `${remoteAddress} ${authorization}`).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.json().error.code).toBe('UNAUTHENTICATED');
        expect(res.body).not.toContain('process_');
      }
    }
  });
});

describe('request ids', () => {
  const lines: string[] = [];
  let ctx: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    proxied = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await ctx.close();
    await proxied.close();
  });

  it('a request’s log line and its answer carry the same id, a fresh UUID for each request', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/contact', headers: { origin, 'x-request-id': 'chosen-by-client' }, payload: {} });
    expect(res.statusCode).toBe(400);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(uuid);
    const logged = lines
      .map((l) => JSON.parse(l) as { msg: string; reqId?: string; url?: string })
      .filter((l) => l.msg === 'request' && l.url === '/api/contact');
    expect(logged.map((l) => l.reqId)).toEqual([id]);
    // Reads, kept answers (the catalogue's second read is one with TEST_CACHE=production) and 404s carry one too, each its own.
    const ids: unknown[] = [];
    for (const url of ['/api/config', '/api/experts', '/api/experts', '/nowhere', '/metrics']) ids.push((await ctx.app.inject(url)).headers['x-request-id']);
    for (const other of ids) expect(other).toMatch(uuid);
    expect(new Set([id, ...ids]).size).toBe(6);
  });

  it('behind a trusted proxy keeps a well-formed incoming X-Request-Id, and replaces any other', async () => {
    const keep = await proxied.app.inject({ url: '/api/config', headers: { 'x-request-id': 'lb-7f3a:01.abc_DEF-9' } });
    expect(keep.headers['x-request-id']).toBe('lb-7f3a:01.abc_DEF-9');
    for (const bad of ['', 'has space', 'x'.repeat(129), 'new\\nline', 'é', '<script>']) {
      const res = await proxied.app.inject({ url: '/api/config', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(uuid);
    }
    // Without a trusted proxy the client's id is never taken.
    expect((await ctx.app.inject({ url: '/api/config', headers: { 'x-request-id': 'lb-7f3a' } })).headers['x-request-id']).toMatch(uuid);
  });
});
