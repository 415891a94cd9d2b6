/**
 * A PostgreSQL outage is answered as one (RFC 9110 §15.6.4): sign-in — inside Better Auth's routes —, a profile and every
 * other request that needs the database answer 503 with `Retry-After`, not 500, and `/readyz` names the database as
 * the part that is down; search answers from the catalogue the server holds (decision 032). Once the database answers
 * again, so does the app. The outage: every connection of the test database is
 * ended and the database renamed away, so the pool's new connections find no database. PostgreSQL only.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert } from '../helpers/marketplace.js';

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('a PostgreSQL outage (set TEST_DATABASE_URL)', () => {
  let ctx: TestContext;
  let admin: pg.Client;
  let name: string;
  const signIn = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin, 'content-type': 'application/json' },
      payload: { email: 'outage-client@example.com', password: 'mentora-demo' },
    });
  const search = () => ctx.app.inject('/api/experts?q=design');
  const profile = () => ctx.app.inject('/api/experts/outage-expert');
  /** The answer `res` is the API's 503 for a database that does not answer, with a delay to retry after (s). */
  const expectUnavailable = (res: Awaited<ReturnType<typeof signIn>>) => {
    expect(res.statusCode, res.body).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({ error: { code: 'UNAVAILABLE', message: messages.common.unavailable } });
  };
  /** Renames the test database from `from` to `to`, ending its connections first (the app's pool reconnects at once, so until it takes). */
  const rename = async (from: string, to: string) => {
    for (;;) {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [from]);
      try {
        return await admin.query(`alter database ${from} rename to ${to}`);
      } catch (err) {
        if ((err as { code?: string }).code !== '55006') throw err; // in use: a connection came back in between
      }
    }
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const { rows } = (await ctx.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    name = rows[0]!.name;
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await createUser(ctx, { email: 'outage-client@example.com' });
    await createExpert(ctx, { email: 'outage-expert@example.com' });
  });
  afterAll(async () => {
    await admin?.end();
    await ctx?.close();
  });

  it('answers sign-in and a profile 503 with Retry-After, search from memory, and /readyz names the database, until it is back', async () => {
    expect((await signIn()).statusCode).toBe(200);
    expect((await search()).statusCode).toBe(200);

    await rename(name, `${name}_away`);
    try {
      expectUnavailable(await signIn());
      expectUnavailable(await profile());
      expect((await search()).statusCode).toBe(200);
      const ready = await ctx.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', services: { database: 'down' } });
    } finally {
      await admin.query(`alter database ${name}_away rename to ${name}`);
    }

    await expect.poll(async () => (await signIn()).statusCode, { timeout: 15_000 }).toBe(200);
    expect((await search()).statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(200);
    expect((await ctx.app.inject('/readyz')).json()).toMatchObject({ status: 'ready', services: { database: 'postgres' } });
  });
});
