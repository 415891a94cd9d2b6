/**
 * How a service tells of a failure it handled without an error to its caller (docs/decisions/029-answers-after-commit.md):
 * one log line at error level — with the request id when `log` is a request's logger — and one count of its kind in
 * /metrics (`mentora_handled_failures_total{kind}`). Services take a FailureReport, never Fastify.
 */
import type { HandledFailure, Metrics } from './metrics.js';

/** Reports one handled failure of `kind`: `detail` (with `err`) and `message` go to the log. */
export type FailureReport = (kind: HandledFailure, detail: { err: unknown } & Record<string, unknown>, message: string) => void;

/** A FailureReport that logs to `log` (a request's or the app's logger) and counts in `metrics`. */
export function failureReport(log: { error: (obj: object, msg: string) => void }, metrics: Pick<Metrics, 'countFailure'>): FailureReport {
  return (kind, detail, message) => {
    log.error(detail, message);
    metrics.countFailure(kind);
  };
}

/** `deps` with a `report` to `request`'s logger (each line carries the request id) and the app's metrics. */
export function reportingTo<T extends object>(
  deps: T,
  request: { log: { error: (obj: object, msg: string) => void }; server: { metrics: Pick<Metrics, 'countFailure'> } },
): T & { report: FailureReport } {
  return { ...deps, report: failureReport(request.log, request.server.metrics) };
}
