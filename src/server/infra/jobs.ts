/**
 * Background jobs of one server process: the e-mail outbox (every OUTBOX_INTERVAL_MS) and, every minute,
 * session reminders and the 72-hour auto-release. Every job claims rows with FOR UPDATE SKIP LOCKED, so
 * several servers can run them at once. A job never overlaps itself; `stop()` waits for running ticks.
 */
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { deliverDueEmails, type MailTransport } from './mail/outbox.js';

export type JobLogger = { error: (obj: object, msg: string) => void };
export type SessionJobs = { autoRelease: () => Promise<unknown>; reminders: () => Promise<unknown> };

function every(ms: number, run: () => Promise<unknown>, log: JobLogger, name: string) {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = run()
      .catch((err) => log.error({ err }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, ms);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

export function startJobs(opts: { config: Config; db: Db; transport: MailTransport; sessions: SessionJobs; log: JobLogger }): { stop: () => Promise<void> } {
  const stops = [
    every(opts.config.outboxIntervalMs, () => deliverDueEmails(opts.db, opts.transport), opts.log, 'outbox delivery'),
    every(60_000, opts.sessions.reminders, opts.log, 'session reminders'),
    every(60_000, opts.sessions.autoRelease, opts.log, 'auto-release'),
  ];
  return {
    stop: async () => {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
