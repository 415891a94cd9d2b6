/**
 * An answer its response schema refuses (docs/decisions/029-answers-after-commit.md): in production the request is
 * answered as committed, the mismatch logged with the request id and counted in /metrics; in tests (NODE_ENV=test)
 * the request fails with a 500, so that the test sees it. A route made for the test writes a row and then answers a
 * value its schema does not allow. Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { user } from '../../src/server/db/schema.js';
import { createUnreadyApp, handledFailures } from '../helpers/unready-app.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The app in `env` (NODE_ENV) with POST /api/test-mismatch, which commits a user row and answers a kind its schema lacks. */
async function appIn(env: 'production' | 'test') {
  const { app, database, config, lines, close } = await createUnreadyApp(env);
  closers.push(close);
  app.post('/api/test-mismatch', { schema: { response: { 201: z.object({ id: z.string(), kind: z.enum(['intro', 'paid']) }) } } }, async (_request, reply) => {
    const id = `mismatch-${Date.now()}`;
    await database.db.insert(user).values({ id, email: `${id}@example.com`, name: 'Mismatch', emailVerified: true });
    return reply.status(201).send({ id, kind: 'workshop' as 'paid' });
  });
  await app.ready();
  const write = () => app.inject({ method: 'POST', url: '/api/test-mismatch', headers: { origin: config.baseUrl } });
  return { database, lines, write, mismatches: () => handledFailures(app, 'answer_mismatch') };
}

describe('an answer that does not match its response schema', () => {
  it('in production is answered as committed, logged with the request id and counted', async () => {
    const { database, lines, write, mismatches } = await appIn('production');
    const res = await write();
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer.kind).toBe('workshop');
    expect(await database.db.select().from(user).where(eq(user.id, answer.id))).toHaveLength(1);
    const logged = lines.find((l) => l.msg === 'answer does not match its response schema');
    expect(logged).toMatchObject({ reqId: res.headers['x-request-id'], route: '/api/test-mismatch', statusCode: 201 });
    expect(await mismatches()).toBe(1);
  });

  it('in tests fails the request loudly, logged and counted the same', async () => {
    const { lines, write, mismatches } = await appIn('test');
    const res = await write();
    expect(res.statusCode).toBe(500);
    expect(lines.find((l) => l.msg === 'answer does not match its response schema')).toMatchObject({ reqId: res.headers['x-request-id'] });
    expect(await mismatches()).toBe(1);
  });
});
