/**
 * Process entry: reads config, opens and migrates the database, seeds demo data on an empty one,
 * starts the jobs and listens. SIGTERM/SIGINT stop accepting, finish requests in flight and close the
 * database. Invalid configuration prints one line naming the variable and exits 1.
 */
import { rmSync } from 'node:fs';
import type { Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openPglite, openPostgres, type Database } from './db/client.js';
import { migrationsFolder, runMigrations } from './db/migrate.js';
import { copyPgdataTemplate } from './db/pgdata-template.js';
import { seedDemo } from './demo/seed.js';
import { failureReport } from './infra/failure-report.js';
import { startJobs } from './infra/jobs.js';
import { fileTransport, smtpTransport } from './infra/mail/transport.js';
import { paymentProvider } from './infra/payments/select.js';
import { storageDriver } from './infra/storage/select.js';
import { deleteUnusedUploads } from './modules/files/cleanup.js';
import { retryDueGiveBacks } from './modules/payments/payment-retry-service.js';
import { emailUnreadMessages } from './modules/messages/email-unread-messages.js';
import { pruneStreamEvents } from './modules/messages/prune-stream-events.js';
import { sessionDeps } from './modules/sessions/deps.js';
import { autoReleaseDue } from './modules/sessions/use-cases/auto-release-sessions.js';
import { settleDueNoShows } from './modules/sessions/use-cases/settle-no-shows.js';
import { expireRescheduleProposals } from './modules/sessions/use-cases/expire-reschedule-proposals.js';
import { cancelUnderAttendedWorkshops } from './modules/workshops/use-cases/cancel-under-attended-workshops.js';
import { closeStartedWaitlists } from './modules/workshops/use-cases/close-started-waitlists.js';
import { expireWaitlistOffers } from './modules/workshops/use-cases/expire-waitlist-offers.js';
import { sendDueReminders } from './modules/sessions/use-cases/send-session-reminders.js';
import { sendDueWorkshopReminders } from './modules/workshops/use-cases/send-workshop-reminders.js';
import { expireReservations } from './modules/sessions/use-cases/expire-reservations.js';
import { expireAbandonedCreditPurchases } from './modules/partners/credit-purchase-service.js';
import { retireExpiredGrants, warnExpiringGrants } from './modules/partners/grant-expiry.js';
import { releaseSponsoredSeats } from './modules/partners/sponsorship-service.js';
import { sendMonthlyStatements } from './modules/partners/statement-service.js';
import { settleExpiredPackages, warnExpiringPackages } from './modules/packages/use-cases/expire-packages.js';
import { expireAbandonedPackagePayments } from './modules/packages/use-cases/settle-package-payment.js';
import { expireAbandonedPlanStarts } from './modules/plans/use-cases/settle-plan-start.js';
import { renewDueSubscriptions } from './modules/plans/use-cases/renew-subscriptions.js';
import { settleEndedPeriods } from './modules/plans/use-cases/settle-periods.js';

/**
 * Lets kept-alive connections (nginx keeps them) end with the shutdown: returns `drain()`, which makes every
 * response not yet started, and every later one, say "Connection: close", and closes connections as soon
 * as they fall idle. Without it one idle keep-alive client would hold the process open.
 */
function connectionDrainer(server: Server): () => void {
  const active = new Set<ServerResponse>();
  let draining = false;
  server.on('request', (_request, response: ServerResponse) => {
    if (draining) response.shouldKeepAlive = false;
    active.add(response);
    response.once('close', () => active.delete(response));
  });
  return () => {
    draining = true;
    for (const response of active) if (!response.headersSent) response.shouldKeepAlive = false;
    setInterval(() => server.closeIdleConnections(), 50).unref();
  };
}

/** The template cluster `npm run build` puts next to the bundle (dist/server/pgdata-template); absent under tsx. */
const pgdataTemplate = fileURLToPath(new URL('./pgdata-template', import.meta.url));

/**
 * PostgreSQL when DATABASE_URL is set; otherwise PGlite in DATA_DIR/pgdata. A fresh DATA_DIR starts from the
 * build's template cluster when there is one for the same migrations (pgdata-template.ts), else by initdb;
 * should the copied cluster not open, it is removed and initdb runs instead.
 */
async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize, config.databaseListenUrl);
  const dataDir = path.join(config.dataDir, 'pgdata');
  const copied = await copyPgdataTemplate(dataDir, pgdataTemplate, migrationsFolder());
  try {
    return await openPglite(dataDir);
  } catch (err) {
    if (!copied) throw err;
    rmSync(dataDir, { recursive: true, force: true });
    return openPglite(dataDir);
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Milliseconds since the process started, per start-up step (one log line once listening).
  const startup: Record<string, number> = { imports: Math.round(performance.now()) };
  const mark = (step: string) => (startup[step] = Math.round(performance.now()));
  const database = await openDatabase(config);
  mark('database');
  await runMigrations(database);
  mark('migrations');
  const app = await buildApp({ config, database, logger: true });
  mark('app');
  if (config.seedDemo && (await seedDemo(database.db, app.auth, storageDriver(config)))) app.log.info('seeded demo data');
  mark('seed');

  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : fileTransport(path.join(config.dataDir, 'mail'), config.mailFrom);
  // The jobs' handled failures are logged by the app's logger and counted (infra/failure-report.ts).
  const deps = { ...sessionDeps(config, database.db, paymentProvider(config)), report: failureReport(app.log, app.metrics) };
  const uploadStorage = storageDriver(config);
  const jobs = startJobs({
    config,
    db: database.db,
    transport,
    sessions: {
      autoRelease: () => autoReleaseDue(deps),
      // The sessions' reminders (seats too, to their attendees) and the experts' one reminder per workshop.
      reminders: () => Promise.all([sendDueReminders(deps), sendDueWorkshopReminders(deps)]),
      reservations: () => expireReservations(deps),
      noShows: () => settleDueNoShows(deps),
      proposals: () => expireRescheduleProposals(deps.db),
      minimumAttendance: () => cancelUnderAttendedWorkshops(deps),
      // Offers past their deadline, free seats offered, and the lines of workshops that have started.
      waitlistOffers: () => Promise.all([expireWaitlistOffers(deps), closeStartedWaitlists(database.db)]),
    },
    messages: {
      unreadEmails: () => emailUnreadMessages(database.db, { baseUrl: config.baseUrl, secret: config.authSecret, delayMs: config.messageEmailDelayMs }),
      pruneEvents: () => pruneStreamEvents(database.db),
    },
    uploadCleanup: () => deleteUnusedUploads(database.db, uploadStorage, { log: app.log }),
    partners: async () => {
      await warnExpiringGrants(database.db, config.baseUrl);
      await retireExpiredGrants(database.db);
      await expireAbandonedCreditPurchases(database.db, deps);
      await releaseSponsoredSeats(database.db);
      await sendMonthlyStatements(database.db, config.baseUrl);
    },
    packageExpiry: async () => {
      await warnExpiringPackages(database.db, config.baseUrl);
      await settleExpiredPackages(deps);
      await expireAbandonedPackagePayments(deps);
    },
    planRenewals: async () => {
      await renewDueSubscriptions(deps);
      await settleEndedPeriods(deps);
      await expireAbandonedPlanStarts(deps);
    },
    paymentRetries: (signal) => retryDueGiveBacks(deps, new Date(), signal),
    log: app.log,
    observe: app.metrics.observeJob,
  });

  const drain = connectionDrainer(app.server);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Stop accepting and finish requests in flight while the jobs finish their current item.
    drain();
    await Promise.all([app.close(), jobs.stop()]);
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  mark('listening');
  app.log.info({ startupMs: startup }, 'ready');
}

main().catch((err) => {
  console.error(err instanceof Error ? `Failed to start: ${err.message}` : err);
  process.exit(1);
});
