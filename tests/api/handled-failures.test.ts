/**
 * Failures that used to be swallowed are logged with the request id (when there is a request), counted in /metrics
 * (`mentora_handled_failures_total{kind}`) and answered truthfully (docs/decisions/029-answers-after-commit.md): a
 * database that does not answer the read of an expert is a 503, not "expert not found"; a catalogue that fails to load
 * at start-up leaves a log line. The database is made to fail by renaming the experts' table away for a moment.
 * Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import type { Database } from '../../src/server/db/client.js';
import { createTestApp } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert } from '../helpers/marketplace.js';
import { createUnreadyApp, handledFailures, logLines } from '../helpers/unready-app.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Renames the experts' table away (every read of it fails) or back. */
const expertsAway = (database: Database, away: boolean) =>
  database.db.execute(away ? sql`alter table experts rename to experts_away` : sql`alter table experts_away rename to experts`);

describe('failures answered truthfully, logged and counted', () => {
  it('a database failure while starting a conversation is a 503 with the request id in the log, not "expert not found"', async () => {
    const { lines, stream } = logLines();
    const ctx = await createTestApp({}, { logger: { level: 'error', stream } });
    closers.push(ctx.close);
    const client = await createUser(ctx, { email: 'failing-db-client@example.com' });
    const expert = await createExpert(ctx, { email: 'failing-db-expert@example.com' });
    const start = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: { origin, 'content-type': 'application/json', cookie: client.cookie },
        payload: { expertId: expert.expert.id },
      });

    await expertsAway(ctx.database, true);
    const res = await start();
    await expertsAway(ctx.database, false);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().error.message).toBe(messages.common.unavailable);
    expect(lines.find((l) => l.msg === 'database unavailable')).toMatchObject({ reqId: res.headers['x-request-id'] });
    expect(await handledFailures(ctx.app, 'database_unavailable')).toBe(1);
    // The database back, the same request starts the conversation.
    expect((await start()).statusCode).toBe(201);
  });

  it('a catalogue that fails to load at start-up is logged and counted, and the first search loads it', async () => {
    const { app, database, lines, close } = await createUnreadyApp('test', { CATALOGUE_CACHE_MS: '0' });
    closers.push(close);
    await expertsAway(database, true);
    await app.ready();
    await expect.poll(() => lines.some((l) => l.msg === 'catalogue load failed'), { timeout: 10_000 }).toBe(true);
    await expertsAway(database, false);
    expect(await handledFailures(app, 'catalogue_load')).toBe(1);
    expect((await app.inject('/api/experts')).statusCode).toBe(200);
  });
});
