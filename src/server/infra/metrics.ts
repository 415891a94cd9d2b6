/**
 * The server's Prometheus metrics (prom-client), served by GET /metrics (http/metrics-route.ts); every name, and the
 * alerts worth setting on them, are in docs/deploy.md "Metrics and alerts". One `Metrics` per app:
 * - `http_request_duration_seconds{method, route, status_code}`: a histogram of every answer, labelled with the
 *   route's pattern (`/api/experts/:idOrSlug`), never the raw URL, so the number of series stays bounded; its
 *   `_count` is the request counter;
 * - `mentora_db_pool_*` (PostgreSQL only: PGlite is one in-process connection with no pool to watch, its saturation
 *   shows as request latency and event-loop lag);
 * - `mentora_outbox_*`: the e-mail outbox's backlog, read from the database at each scrape;
 * - `mentora_job_*{name}`: runs, failures, durations and the last success of each background job (infra/jobs.ts);
 * - `mentora_handled_failures_total{kind}`: failures the server logged and recovered from or answered 503 for, instead
 *   of an error after committing or a silent loss (`countFailure`, kinds below);
 * - gauges other parts add with `addGauge` (`mentora_realtime_connections`: modules/messages/stream-routes.ts);
 * - the process's own (prom-client's default metrics: memory, CPU, event-loop lag, GC, handles), once per process.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { outboxBacklog } from './mail/outbox.js';

/**
 * What failed and was handled (docs/decisions/029-answers-after-commit.md): `answer_mismatch` an answer its response
 * schema refuses (sent as committed), `database_unavailable` a read answered 503 because the database did not answer,
 * `catalogue_load` a failed load of the search index, `payment_action` a refund or void the payment processor failed
 * to make (queued for retrying, modules/payments/payment-retry-service.ts).
 */
export type HandledFailure = 'answer_mismatch' | 'database_unavailable' | 'catalogue_load' | 'payment_action';

/** How a background job's run ended, and how long it took (s). */
export type JobObserver = (name: string, outcome: 'ok' | 'failed', seconds: number) => void;

export type Metrics = {
  /** Records one answer: `route` is the matched route's pattern, undefined when no route matched. */
  observeRequest: (method: string, route: string | undefined, statusCode: number, seconds: number) => void;
  observeJob: JobObserver;
  /** Counts one handled failure of `kind` (the caller logs it, with the request id when there is a request). */
  countFailure: (kind: HandledFailure) => void;
  /**
   * Adds the gauge `name` whose value `read` (cheap, synchronous) gives at each scrape: how a part of the server
   * that owns a count exposes it, e.g. the message streams their open connections (`mentora_realtime_connections`).
   */
  addGauge: (name: string, help: string, read: () => number) => void;
  /** The exposition text (Prometheus text format 0.0.4) and its content type. */
  scrape: () => Promise<{ contentType: string; text: string }>;
};

let processRegistry: Registry | undefined;

/**
 * The process's metrics, collected once per process however many apps it builds (tests build many): each
 * collection starts an event-loop delay monitor and a GC observer that live as long as the process.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A gauge whose value `read` gives at each scrape. */
function readGauge(registry: Registry, name: string, help: string, read: () => number) {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

/** PostgreSQL pool gauges, read from node-postgres at each scrape. */
function poolGauges(registry: Registry, pool: NonNullable<Database['pool']>) {
  readGauge(registry, 'mentora_db_pool_connections', 'Open connections in the PostgreSQL pool (busy and idle)', () => pool.totalCount);
  readGauge(registry, 'mentora_db_pool_idle_connections', 'Open connections in the PostgreSQL pool not running a query', () => pool.idleCount);
  readGauge(registry, 'mentora_db_pool_waiting_queries', 'Queries waiting for a free connection of the PostgreSQL pool', () => pool.waitingCount);
  readGauge(registry, 'mentora_db_pool_max_connections', 'Largest size of the PostgreSQL pool (DATABASE_POOL_SIZE)', () => pool.options.max ?? 10);
}

/**
 * Outbox gauges; `update()` reads the backlog in one query (each scrape calls it) and sets NaN ("unknown") while the
 * database does not answer, so the other metrics are still served.
 */
function outboxGauges(registry: Registry, database: Database) {
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] });
  const pending = gauge('mentora_outbox_pending_messages', 'E-mails queued and not sent yet (due now or waiting for a retry)');
  const oldest = gauge('mentora_outbox_oldest_pending_age_seconds', 'Age of the oldest e-mail not sent yet (0 when none is waiting)');
  const failed = gauge('mentora_outbox_failed_messages', 'E-mails refused for good by the mail server or given up after MAIL_MAX_ATTEMPTS tries');
  return {
    update: async () => {
      const backlog = await outboxBacklog(database.db).catch(() => null);
      pending.set(backlog?.pending ?? NaN);
      oldest.set(backlog?.oldestPendingSeconds ?? NaN);
      failed.set(backlog?.failed ?? NaN);
    },
  };
}

/** The metrics of one app on `database`. */
export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  if (database.pool) poolGauges(registry, database.pool);
  const outbox = outboxGauges(registry, database);
  const runs = new Counter({ name: 'mentora_job_runs_total', help: 'Runs of each background job', labelNames: ['name'] as const, registers: [registry] });
  const failures = new Counter({
    name: 'mentora_job_failures_total',
    help: 'Runs of each background job that ended in an error (logged as "<name> failed")',
    labelNames: ['name'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'mentora_job_duration_seconds',
    help: 'Time each background job run took',
    labelNames: ['name'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const lastSuccess = new Gauge({
    name: 'mentora_job_last_success_timestamp_seconds',
    help: 'When each background job last finished without an error (Unix time)',
    labelNames: ['name'] as const,
    registers: [registry],
  });
  const failuresHandled = new Counter({
    name: 'mentora_handled_failures_total',
    help: 'Failures logged and handled instead of failing an answer after commit or being lost, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  return {
    observeRequest: (method, route, statusCode, seconds) =>
      requests.observe({ method, route: route ?? '(unmatched)', status_code: String(statusCode) }, seconds),
    observeJob: (name, outcome, seconds) => {
      runs.inc({ name });
      durations.observe({ name }, seconds);
      if (outcome === 'failed') failures.inc({ name });
      else lastSuccess.set({ name }, Date.now() / 1000);
    },
    countFailure: (kind) => failuresHandled.inc({ kind }),
    addGauge: (name, help, read) => readGauge(registry, name, help, read),
    scrape: async () => {
      await outbox.update();
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
  };
}
