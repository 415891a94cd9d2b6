/**
 * The messages' background jobs (docs/product.md "Messages"; docs/decisions/020-message-stream.md): the e-mail about
 * messages still unread after MESSAGE_EMAIL_DELAY_MS — one per conversation and batch, never twice for the same
 * messages, not to an account that switched it off (/api/me/message-emails), once with several workers (and, on
 * PostgreSQL, with two real servers) — and the pruning of old stream events, after which an old cursor starts afresh.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as words } from '../../src/shared/messages.js';
import { emailOutbox, streamEvents } from '../../src/server/db/schema.js';
import { emailUnreadMessages } from '../../src/server/modules/messages/email-unread-messages.js';
import { pruneStreamEvents } from '../../src/server/modules/messages/prune-stream-events.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { openEventStream } from '../helpers/event-stream.js';
import { createExpert } from '../helpers/marketplace.js';
import { afterJobRuns, startServer, type ServerProcess } from '../helpers/server-process.js';

type Account = { id: string; cookie: string };
const json = { origin, 'content-type': 'application/json' };

/** Everything queued to `to`, oldest first. */
const mailsTo = (ctx: TestContext, to: string) => ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(emailOutbox.createdAt);

describe('messages: e-mails about unread messages and stream pruning', () => {
  let ctx: TestContext;
  let base: string;
  let n = 0;

  const call = (who: Account | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...json, ...(who ? { cookie: who.cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const send = (who: Account, conversationId: string, body: string) =>
    call(who, 'POST', `/api/conversations/${conversationId}/messages`, { id: randomUUID(), body });
  const run = (delayMs = 0) => emailUnreadMessages(ctx.database.db, { baseUrl: ctx.config.baseUrl, secret: ctx.config.authSecret, delayMs });
  /** A client and an expert with a conversation. */
  const pair = async () => {
    n++;
    const [client, expert] = await Promise.all([
      createUser(ctx, { email: `jobs-client-${n}@example.com`, firstName: 'Casey', lastName: 'Client' }),
      createExpert(ctx, { email: `jobs-expert-${n}@example.com` }),
    ]);
    const conversationId = (await call(client, 'POST', '/api/conversations', { expertId: expert.expert.id })).json().conversation.id as string;
    return { client, expert, conversationId, expertEmail: `jobs-expert-${n}@example.com`, clientEmail: `jobs-client-${n}@example.com` };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => ctx?.close());

  it('e-mails one batch per conversation once its oldest message is unread for the delay, and never the same messages twice', async () => {
    const { client, expert, conversationId, expertEmail, clientEmail } = await pair();
    expect((await send(client, conversationId, 'Hello Erin,\nI would like help with\nmy system design interview.')).statusCode).toBe(201);
    expect((await send(client, conversationId, 'Are you free this week?')).statusCode).toBe(201);
    // Not unread long enough yet.
    await run(60_000);
    expect(await mailsTo(ctx, expertEmail)).toHaveLength(0);

    await run();
    const [mail, ...more] = await mailsTo(ctx, expertEmail);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('New message from Casey Client');
    expect(mail!.text).toContain('Casey Client wrote to you on Mentora (2 unread messages):');
    expect(mail!.text).toContain('Hello Erin,\nI would like help with\nmy system design interview.\nAre you free this week?');
    expect(mail!.text).toContain(`${ctx.config.baseUrl}/messages/${conversationId}`);
    expect(mail!.text).toContain(`${ctx.config.baseUrl}/account`);
    // The sender is not e-mailed about their own messages, and nothing goes twice.
    await run();
    expect(await mailsTo(ctx, expertEmail)).toHaveLength(1);
    expect(await mailsTo(ctx, clientEmail)).toHaveLength(0);

    // A later message is a new batch: one more e-mail, quoting only it.
    await send(client, conversationId, 'One more thing: I prefer mornings.');
    await run();
    const mails = await mailsTo(ctx, expertEmail);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('One more thing: I prefer mornings.');
    expect(mails[1]!.text).not.toContain('Are you free this week?');

    // Read messages are not e-mailed: the expert replies (reading everything), the client reads the reply.
    const reply = (await send(expert, conversationId, 'Mornings work. Tuesday?')).json().message;
    await call(client, 'POST', `/api/conversations/${conversationId}/read`, { upTo: reply.id });
    await run();
    expect(await mailsTo(ctx, clientEmail)).toHaveLength(0);
    expect(await mailsTo(ctx, expertEmail)).toHaveLength(2);
  });

  it('an expert’s reply left unread is e-mailed to the client under the expert’s public name', async () => {
    const { client, expert, conversationId, clientEmail } = await pair();
    await send(client, conversationId, 'Hi!');
    await send(expert, conversationId, 'Hello Casey, how can I help?');
    await run();
    const [mail] = await mailsTo(ctx, clientEmail);
    expect(mail!.subject).toBe('New message from Erin Expert');
    expect(mail!.text).toContain('Hello Casey, how can I help?');
  });

  it('an account that switched these e-mails off on /account gets none, even for those messages once switched on again', async () => {
    const { client, expert, conversationId, expertEmail } = await pair();
    expect((await call(expert, 'GET', '/api/me/message-emails')).json()).toEqual({ enabled: true });
    const off = await call(expert, 'PUT', '/api/me/message-emails', { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect((await call(expert, 'GET', '/api/me/message-emails')).json()).toEqual({ enabled: false });
    await send(client, conversationId, 'Sent while e-mails are off');
    await run();
    expect(await mailsTo(ctx, expertEmail)).toHaveLength(0);

    await call(expert, 'PUT', '/api/me/message-emails', { enabled: true });
    await run();
    expect(await mailsTo(ctx, expertEmail)).toHaveLength(0);
    await send(client, conversationId, 'Sent once they are on again');
    await run();
    const mails = await mailsTo(ctx, expertEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain('Sent while e-mails are off');
  });

  it('the switch takes only a boolean, from a signed-in account', async () => {
    const { expert } = await pair();
    const bad = await call(expert, 'PUT', '/api/me/message-emails', { enabled: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(words.messaging.emailsSwitch);
    expect((await call(expert, 'GET', '/api/me/message-emails')).json()).toEqual({ enabled: true });
    expect((await call(null, 'GET', '/api/me/message-emails')).statusCode).toBe(401);
    expect((await call(null, 'PUT', '/api/me/message-emails', { enabled: false })).statusCode).toBe(401);
  });

  it('several workers at once send each e-mail once', async () => {
    const pairs = await Promise.all([pair(), pair(), pair()]);
    for (const p of pairs) await send(p.client, p.conversationId, 'Hello from one of three');
    await Promise.all([run(), run(), run(), run()]);
    for (const p of pairs) expect(await mailsTo(ctx, p.expertEmail)).toHaveLength(1);
  });

  it('prunes stream events older than a week; a stream resuming before them starts afresh with hello', async () => {
    const { client, expert, conversationId } = await pair();
    const stream = await openEventStream(`${base}/api/messages/stream`, expert.cookie);
    await stream.next();
    await send(client, conversationId, 'An old message');
    const old = await stream.next();
    stream.close();
    await send(client, conversationId, 'A newer message');
    await ctx.database.db
      .update(streamEvents)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(sql`${streamEvents.id} <= ${Number(old.id)}`);
    expect(await pruneStreamEvents(ctx.database.db)).toBeGreaterThan(0);
    const [left] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(streamEvents)
      .where(sql`${streamEvents.id} <= ${Number(old.id)}`);
    expect(left!.n).toBe(0);
    expect(await pruneStreamEvents(ctx.database.db)).toBe(0);

    // The event just after the old cursor may have been pruned: the page is told to re-read.
    const beforePruned = await openEventStream(`${base}/api/messages/stream`, expert.cookie, String(Number(old.id) - 1));
    expect((await beforePruned.next()).data).toMatchObject({ kind: 'hello', unread: 2 });
    beforePruned.close();
    // A cursor at the pruned edge loses nothing: it resumes with the newer message.
    const atEdge = await openEventStream(`${base}/api/messages/stream`, expert.cookie, old.id);
    expect((await atEdge.next()).data).toMatchObject({ kind: 'message', message: { body: 'A newer message' } });
    atEdge.close();
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('unread-message e-mails with two servers on one PostgreSQL database (set TEST_DATABASE_URL)', () => {
  let ctx: TestContext;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    const env = { DATABASE_URL: ctx.database.pool!.options.connectionString!, AUTH_RATE_LIMIT: '0', MESSAGE_EMAIL_DELAY_MS: '300' };
    servers = await Promise.all([startServer(env), startServer(env)]);
  }, 200_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await ctx?.close();
  });

  it('both servers run the job; each conversation’s batch is e-mailed once', async () => {
    const accounts = await Promise.all(
      [1, 2, 3].map(async (i) => ({
        client: await createUser(ctx, { email: `two-jobs-client-${i}@example.com`, firstName: 'Casey', lastName: 'Client' }),
        expert: await createExpert(ctx, { email: `two-jobs-expert-${i}@example.com` }),
        expertEmail: `two-jobs-expert-${i}@example.com`,
      })),
    );
    for (const [i, { client, expert }] of accounts.entries()) {
      const server = servers[i % 2]!;
      const post = (url: string, body: object) =>
        server.fetch(`${url}`, { method: 'POST', headers: { ...json, cookie: client.cookie }, body: JSON.stringify(body) });
      const { conversation } = (await (await post('/api/conversations', { expertId: expert.expert.id })).json()) as { conversation: { id: string } };
      for (const body of ['First', 'Second'])
        expect((await post(`/api/conversations/${conversation.id}/messages`, { id: randomUUID(), body })).status).toBe(201);
    }
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const counts = await Promise.all(accounts.map(async (a) => (await mailsTo(ctx, a.expertEmail)).length));
      if (counts.every((c) => c >= 1)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // Both servers run the job twice more: a second e-mail for the same batch would be sent by then.
    await afterJobRuns(servers, 'unread message e-mails', 2);
    for (const a of accounts) {
      const mails = await mailsTo(ctx, a.expertEmail);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('First\nSecond');
    }
  });
});
