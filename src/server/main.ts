/**
 * Process entry: reads config, opens and migrates the database, seeds demo data on an empty one,
 * starts the jobs and listens. SIGTERM/SIGINT stop accepting, finish requests in flight and close the
 * database. Invalid configuration prints one line naming the variable and exits 1.
 */
import type { Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openPglite, openPostgres, type Database } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedDemo } from './db/seed.js';
import { startJobs } from './infra/jobs.js';
import { fileTransport, smtpTransport } from './infra/mail/transport.js';
import { paymentProvider } from './infra/payments/select.js';
import { storageDriver } from './infra/storage/select.js';
import { autoReleaseDue, sendDueReminders } from './modules/sessions/lifecycle-service.js';
import { expireReservations } from './modules/sessions/reservation-service.js';

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

async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config.databasePoolSize) : openPglite(path.join(config.dataDir, 'pgdata'));
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
  const database = await openDatabase(config);
  await runMigrations(database);
  const app = await buildApp({ config, database, logger: true });
  if (config.seedDemo && (await seedDemo(database.db, app.auth, storageDriver(config)))) app.log.info('seeded demo data');

  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : fileTransport(path.join(config.dataDir, 'mail'), config.mailFrom);
  const sessionDeps = { db: database.db, provider: paymentProvider(config), baseUrl: config.baseUrl, meetingUrlTemplate: config.meetingUrlTemplate };
  const jobs = startJobs({
    config,
    db: database.db,
    transport,
    sessions: { autoRelease: () => autoReleaseDue(sessionDeps), reminders: () => sendDueReminders(sessionDeps), reservations: () => expireReservations(sessionDeps) },
    log: app.log,
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
}

main().catch((err) => {
  console.error(err instanceof Error ? `Failed to start: ${err.message}` : err);
  process.exit(1);
});
