/**
 * Background jobs of one server process: the e-mail outbox (every OUTBOX_INTERVAL_MS), every minute the
 * session reminders, the 72-hour auto-release, the settlement of uncontested no-show reports and the expiry of unanswered reschedule proposals, the minimum attendance of workshops and their waitlist offers, the expiry of partners' granted credit and of their abandoned card purchases, every 30 s the expiry of 3-D Secure reservations, and every
 * 10 minutes the deletion of unused uploads, every 30 s the payment retries, the e-mails about unread messages (a quarter of MESSAGE_EMAIL_DELAY_MS, between 1 s
 * and 1 minute) and every hour the deletion of old message stream events.
 * Every job claims rows with FOR UPDATE SKIP LOCKED, so several servers can run them at once and each due
 * item is handled once. A job never overlaps itself; `stop()` asks a running tick to stop after
 * its current item and waits for it. Each run's outcome and duration go to `observe` (GET /metrics' `mentora_job_*`).
 */
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { deliverDueEmails, type MailTransport } from './mail/outbox.js';
import type { JobObserver } from './metrics.js';

export type JobLogger = { error: (obj: object, msg: string) => void };
export type SessionJobs = {
  autoRelease: () => Promise<unknown>;
  reminders: () => Promise<unknown>;
  reservations: () => Promise<unknown>;
  noShows: () => Promise<unknown>;
  proposals: () => Promise<unknown>;
  /** Workshops under their minimum attendance 24 hours before the start: cancelled with full refunds. */
  minimumAttendance: () => Promise<unknown>;
  /** Waitlist offers past their 2 hours: expired, the seat offered to the next client. */
  waitlistOffers: () => Promise<unknown>;
};

function every(ms: number, run: (signal: AbortSignal) => Promise<unknown>, log: JobLogger, name: string, observe: JobObserver) {
  let running: Promise<unknown> | null = null;
  const stopping = new AbortController();
  const tick = () => {
    if (stopping.signal.aborted || running) return;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    running = run(stopping.signal)
      .then(
        () => observe(name, 'ok', seconds()),
        (err) => {
          observe(name, 'failed', seconds());
          log.error({ err }, `${name} failed`);
        },
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, ms);
  timer.unref();
  tick();
  return async () => {
    stopping.abort();
    clearInterval(timer);
    await running;
  };
}

/** Starts the jobs of this process (outbox retries per MAIL_MAX_ATTEMPTS / MAIL_RETRY_DELAY_MS). */
export function startJobs(opts: {
  config: Config;
  db: Db;
  transport: MailTransport;
  sessions: SessionJobs;
  /** E-mails about unread messages, and the pruning of old stream events (modules/messages). */
  messages: { unreadEmails: () => Promise<unknown>; pruneEvents: () => Promise<unknown> };
  /** Deletes unused uploads (files/cleanup.ts). */
  uploadCleanup: () => Promise<unknown>;
  /**
   * Partners: warns managers of credit about to expire and retires expired grants (partners/grant-expiry.ts), expires
   * card purchases of credit whose 3-D Secure step was abandoned (partners/credit-purchase-service.ts), and returns
   * sponsored seats nobody took to public sale (partners/sponsorship-service.ts).
   */
  partners: () => Promise<unknown>;
  /**
   * Warns clients of packages about to expire and settles expired ones (packages/use-cases/expire-packages.ts), and
   * expires purchases whose 3-D Secure step was abandoned (packages/use-cases/settle-package-payment.ts).
   */
  packageExpiry: () => Promise<unknown>;
  /**
   * Renews, retries or ends monthly plans, settles their ended months, and gives up starts whose 3-D Secure step was
   * abandoned (plans/use-cases/renew-subscriptions.ts, settle-periods.ts, settle-plan-start.ts).
   */
  planRenewals: () => Promise<unknown>;
  /** Gives back money the payment processor failed to give back (payments/payment-retry-service.ts). */
  paymentRetries: (signal: AbortSignal) => Promise<unknown>;
  log: JobLogger;
  /** Told of every run: the app's metrics (infra/metrics.ts). */
  observe: JobObserver;
}): { stop: () => Promise<void> } {
  const observe = opts.observe;
  const stops = [
    every(
      opts.config.outboxIntervalMs,
      (signal) => deliverDueEmails(opts.db, opts.transport, { maxAttempts: opts.config.mailMaxAttempts, baseDelayMs: opts.config.mailRetryDelayMs, signal }),
      opts.log,
      'outbox delivery',
      observe,
    ),
    every(60_000, opts.sessions.reminders, opts.log, 'session reminders', observe),
    every(60_000, opts.sessions.autoRelease, opts.log, 'auto-release', observe),
    // No-show reports nobody contested within 48 hours: refund or release (docs/product.md "No-shows").
    every(60_000, opts.sessions.noShows, opts.log, 'no-show settlement', observe),
    // Reschedule proposals unanswered by the session's start expire; the booking stands (docs/product.md "Reschedule proposals").
    every(60_000, opts.sessions.proposals, opts.log, 'reschedule proposal expiry', observe),
    // Workshops below their minimum attendance 24 hours before the start: cancelled, refunded (docs/product.md "Workshops").
    every(60_000, opts.sessions.minimumAttendance, opts.log, 'workshop minimum attendance', observe),
    // Waitlist offers unclaimed after 2 hours expire; free seats go to the next waiting client (docs/product.md "Workshops").
    every(60_000, opts.sessions.waitlistOffers, opts.log, 'workshop waitlist offers', observe),
    // Partner credit: warnings 14 and 3 days before a grant expires, then its unspent part retired, and card purchases
    // whose 3-D Secure step was abandoned for a day expired (docs/product.md "Partners");
    // sponsored seats nobody took, back on sale 48 hours before the workshop (docs/product.md "Sponsored workshops").
    every(60_000, opts.partners, opts.log, 'partner credit and seats', observe),
    // Packages: warnings 14 and 3 days before expiry, then the unused sessions refunded or released (docs/product.md "Plans and packages").
    every(60_000, opts.packageExpiry, opts.log, 'package expiry', observe),
    // Plans: renewals charged (or retried 1, 3 and 7 days later, then lapsed), and ended months' unused sessions released.
    every(60_000, opts.planRenewals, opts.log, 'plan renewals', observe),
    // 3-D Secure reservations past their 15 minutes: the intent is cancelled and the slot freed (docs/product.md "Payments").
    every(30_000, opts.sessions.reservations, opts.log, 'reservation expiry', observe),
    // Refunds and voids the processor failed to make, asked again until done (docs/decisions/029-answers-after-commit.md).
    every(30_000, opts.paymentRetries, opts.log, 'payment retries', observe),
    // Uploads never attached within 24 hours, and photos and videos replaced on a profile (docs/security.md "Uploads").
    every(10 * 60_000, opts.uploadCleanup, opts.log, 'upload cleanup', observe),
    // Messages still unread after MESSAGE_EMAIL_DELAY_MS: one e-mail per conversation per batch (docs/product.md "Messages").
    every(Math.min(60_000, Math.max(1000, opts.config.messageEmailDelayMs / 4)), opts.messages.unreadEmails, opts.log, 'unread message e-mails', observe),
    // Stream events older than a week (docs/decisions/020-message-stream.md).
    every(60 * 60_000, opts.messages.pruneEvents, opts.log, 'stream event pruning', observe),
  ];
  return {
    stop: async () => {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
