/**
 * The real app on a throw-away database (PGlite, or PostgreSQL with TEST_DATABASE_URL) before `ready()`, for tests that
 * add a route of their own or change the database before the server starts; and its log lines as objects. The usual
 * ready app is createTestApp's (app.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openTestDatabase } from './app.js';

/** A pino destination that keeps each line written, parsed, in `lines`. */
export function logLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, stream };
}

/**
 * The app in `env` (NODE_ENV 'test' or 'production'; more variables in `extra`), migrated and built but not ready,
 * logging errors into `lines`; `close()` removes everything.
 */
export async function createUnreadyApp(env: 'production' | 'test', extra: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-unready-'));
  const { database, drop } = await openTestDatabase(2);
  const config = loadConfig({ NODE_ENV: env, DATA_DIR: dataDir, AUTH_SECRET: 'test-secret-test-secret-test-secret-0123', SEED_DEMO: '0', ...extra });
  const { lines, stream } = logLines();
  const app = await buildApp({ config, database, logger: { level: 'error', stream } });
  // Closed in the order they were opened, backwards.
  const close = async () => {
    for (const step of [() => app.close(), drop]) await step();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, database, config, lines, close };
}

/** The value of the counter `mentora_handled_failures_total{kind}` in the app's /metrics (0 when absent). */
export async function handledFailures(app: { inject: (o: { url: string; remoteAddress: string }) => Promise<{ body: string }> }, kind: string) {
  const text = (await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body;
  return Number(new RegExp(`^mentora_handled_failures_total\\{kind="${kind}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
}
