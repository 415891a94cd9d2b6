/**
 * Messages (docs/product.md "Messages"; docs/security.md "Messages"): starting a conversation, the inbox, unread
 * counts, read receipts, pages of older messages, idempotent sending, the 20-new-experts-a-day limit, who may read
 * and write, bad input; the live stream (GET /api/messages/stream) on a listening server — events as they happen and
 * a resumed stream missing nothing — and, on PostgreSQL, a message sent on one server arriving on a stream held by
 * another.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newExpertsPerDay } from '../../src/shared/messaging.js';
import type { ConversationList } from '../../src/shared/schemas/conversations.js';
import { messages as words } from '../../src/shared/messages.js';
import { conversations, experts, messages, user } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { openEventStream } from '../helpers/event-stream.js';
import { book, createExpert, slotIn } from '../helpers/marketplace.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';

type Account = { id: string; cookie: string };
const json = { origin, 'content-type': 'application/json' };

describe('messages', () => {
  let ctx: TestContext;
  let base: string;
  let client: Account;
  let expert: Account & { expert: { id: string; slug: string } };
  let otherExpert: Account & { expert: { id: string; slug: string } };
  let stranger: Account;
  let admin: Account;

  const call = (who: Account | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...json, ...(who ? { cookie: who.cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const start = async (who: Account, body: object) => call(who, 'POST', '/api/conversations', body);
  const send = (who: Account, conversationId: string, body: string, id: string = randomUUID()) =>
    call(who, 'POST', `/api/conversations/${conversationId}/messages`, { id, body });
  const unread = async (who: Account) => (await call(who, 'GET', '/api/messages/unread')).json().unread as number;
  /** The client's conversation with `with` (started once: starts are limited to 10 a minute per account). */
  const known = new Map<string, string>();
  const conversationWith = async (with_: { expert: { id: string } }) => {
    if (!known.has(with_.expert.id)) known.set(with_.expert.id, (await start(client, { expertId: with_.expert.id })).json().conversation.id);
    return known.get(with_.expert.id)!;
  };
  const inbox = async (who: Account) => (await call(who, 'GET', '/api/conversations')).json<ConversationList>().conversations;

  beforeAll(async () => {
    ctx = await createTestApp();
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    [client, expert, otherExpert, stranger, admin] = await Promise.all([
      createUser(ctx, { email: 'msg-client@example.com', firstName: 'Casey', lastName: 'Client' }),
      createExpert(ctx, { email: 'msg-expert@example.com' }),
      createExpert(ctx, { email: 'msg-other-expert@example.com' }),
      createUser(ctx, { email: 'msg-stranger@example.com' }),
      createUser(ctx, { email: 'msg-admin@example.com', role: 'admin' }),
    ]);
  });
  afterAll(async () => ctx?.close());

  it('a client starts one conversation per expert, from the profile by slug or id; the expert replies', async () => {
    const first = await start(client, { expertId: expert.expert.slug });
    expect(first.statusCode).toBe(201);
    const conversation = first.json().conversation;
    known.set(expert.expert.id, conversation.id);
    expect(conversation).toMatchObject({ other: { role: 'expert', name: 'Erin Expert', expertSlug: expert.expert.slug }, lastMessage: null, unread: 0 });
    const again = await start(client, { expertId: expert.expert.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().conversation.id).toBe(conversation.id);
    // An empty conversation the client started is not in the expert's inbox yet.
    expect((await inbox(expert)).map((c) => c.id)).not.toContain(conversation.id);

    expect((await send(client, conversation.id, '  Hello Erin, can you help with system design?  ')).statusCode).toBe(201);
    expect(await unread(expert)).toBe(1);
    const [row] = await inbox(expert);
    expect(row).toMatchObject({ id: conversation.id, other: { role: 'client', name: 'Casey Client', imageUrl: null, expertSlug: null }, unread: 1 });
    expect(row!.lastMessage).toMatchObject({ body: 'Hello Erin, can you help with system design?', mine: false });
    const reply = await send(expert, conversation.id, 'Yes, happy to.');
    expect(reply.statusCode).toBe(201);
    expect(reply.json().message).toMatchObject({ body: 'Yes, happy to.', mine: true, conversationId: conversation.id });
    // Replying reads what came before it.
    expect(await unread(expert)).toBe(0);
    expect(await unread(client)).toBe(1);
  });

  it('lists the most recent conversation first, marks unread ones, and read receipts tell the other side', async () => {
    const c1 = await conversationWith(expert);
    const c2 = await conversationWith(otherExpert);
    await send(client, c2, 'Hi second expert');
    const list = await inbox(client);
    expect(list.map((c) => c.id)).toEqual([c2, c1]);
    const second = (await send(otherExpert, c2, 'Hello back')).json().message;
    const third = (await send(otherExpert, c2, 'Anything else?')).json().message;
    expect((await inbox(client)).find((c) => c.id === c2)).toMatchObject({ unread: 2, lastMessage: { body: 'Anything else?', mine: false } });
    expect(await unread(client)).toBe(3);

    const read = await call(client, 'POST', `/api/conversations/${c2}/read`, { upTo: second.id });
    expect(read.statusCode).toBe(200);
    expect(read.json().unread).toBe(2);
    const seen = (await call(otherExpert, 'GET', `/api/conversations/${c2}`)).json().conversation;
    expect(seen.otherReadAt).toBe(second.sentAt);
    // Reading never moves back.
    await call(client, 'POST', `/api/conversations/${c2}/read`, { upTo: third.id });
    expect((await call(client, 'POST', `/api/conversations/${c2}/read`, { upTo: second.id })).json().unread).toBe(1);
    expect((await call(otherExpert, 'GET', `/api/conversations/${c2}`)).json().conversation.otherReadAt).toBe(third.sentAt);
  });

  it('pages older messages with a cursor, oldest first in each page', async () => {
    const other = await createExpert(ctx, { email: 'msg-pages@example.com' });
    const id = await conversationWith(other);
    const bodies = ['one', 'two', 'three', 'four', 'five', 'six', 'seven'];
    for (const body of bodies) expect((await send(body.length % 2 ? client : other, id, body)).statusCode).toBe(201);
    const page1 = (await call(client, 'GET', `/api/conversations/${id}/messages?limit=3`)).json();
    expect(page1.messages.map((m: { body: string }) => m.body)).toEqual(['five', 'six', 'seven']);
    expect(page1.hasMore).toBe(true);
    const page2 = (await call(client, 'GET', `/api/conversations/${id}/messages?limit=3&before=${page1.messages[0].id}`)).json();
    expect(page2.messages.map((m: { body: string }) => m.body)).toEqual(['two', 'three', 'four']);
    const page3 = (await call(client, 'GET', `/api/conversations/${id}/messages?limit=3&before=${page2.messages[0].id}`)).json();
    expect(page3).toMatchObject({ messages: [{ body: 'one', mine: true }], hasMore: false });
    // A cursor from another conversation is refused.
    const elsewhere = (await inbox(client)).find((c) => c.id !== id)!.id;
    const foreign = await call(client, 'GET', `/api/conversations/${elsewhere}/messages?before=${page1.messages[0].id}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(words.messaging.messageNotFound);
  });

  it('sending again with the same message id answers the first message and adds nothing', async () => {
    const id = await conversationWith(expert);
    const messageId = randomUUID();
    const [a, b] = await Promise.all([send(client, id, 'Only once', messageId), send(client, id, 'Only once', messageId)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().message).toEqual(b.json().message);
    const rows = await ctx.database.db.select().from(messages).where(eq(messages.id, messageId));
    expect(rows).toHaveLength(1);
    const reused = await send(client, id, 'Something else', messageId);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.message).toBe(words.messaging.idReused);
    const c2 = await conversationWith(otherExpert);
    expect((await send(client, c2, 'Only once', messageId)).statusCode).toBe(422);
  });

  it(`a client can start conversations with at most ${newExpertsPerDay} new experts a day`, async () => {
    const busy = await createUser(ctx, { email: 'msg-busy@example.com', firstName: 'Busy', lastName: 'Client' });
    const many = await Promise.all(
      Array.from({ length: newExpertsPerDay + 1 }, async (_, i) => {
        const [u] = await ctx.database.db
          .insert(user)
          .values({ id: `daily-${i}`, name: `Daily ${i}`, email: `daily-${i}@example.com`, role: 'expert', firstName: 'Daily', lastName: `${i}` })
          .returning();
        const [row] = await ctx.database.db
          .insert(experts)
          .values({
            slug: `daily-${i}`,
            userId: u!.id,
            name: `Daily ${i}`,
            role: 'Mentor',
            about: 'About',
            expertise: ['Programming & Tech'],
            languages: ['English'],
            hourlyRateCents: 5000,
            timezone: 'UTC',
            cancellationPolicy: 'flexible',
          })
          .returning();
        return row!;
      }),
    );
    await ctx.database.db
      .insert(conversations)
      .values(many.slice(0, newExpertsPerDay).map((e) => ({ clientId: busy.id, expertId: e.id, startedBy: 'client' as const })));
    const refused = await start(busy, { expertId: many[newExpertsPerDay]!.id });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(words.messaging.newExpertsPerDay(newExpertsPerDay));
    // An existing conversation is still answered, and one started more than 24 hours ago no longer counts.
    expect((await start(busy, { expertId: many[0]!.id })).statusCode).toBe(200);
    await ctx.database.db
      .update(conversations)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(conversations.expertId, many[0]!.id));
    expect((await start(busy, { expertId: many[newExpertsPerDay]!.id })).statusCode).toBe(201);
  });

  it('only the two participants read or write a conversation; others are told it does not exist', async () => {
    const id = await conversationWith(expert);
    const last = (await send(client, id, 'Private words')).json().message;
    for (const who of [stranger, otherExpert, admin]) {
      for (const res of [
        await call(who, 'GET', `/api/conversations/${id}`),
        await call(who, 'GET', `/api/conversations/${id}/messages`),
        await send(who, id, 'Let me in'),
        await call(who, 'POST', `/api/conversations/${id}/read`, { upTo: last.id }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.message).toBe(words.messaging.notFound);
      }
      expect((await inbox(who)).map((c) => c.id)).not.toContain(id);
    }
    for (const [method, url] of [
      ['GET', '/api/conversations'],
      ['GET', `/api/conversations/${id}`],
      ['GET', `/api/conversations/${id}/messages`],
      ['GET', '/api/messages/unread'],
      ['GET', '/api/messages/stream'],
    ] as const)
      expect((await call(null, method, url)).statusCode).toBe(401);
    expect((await start(stranger, { expertId: 'no-such-expert' })).statusCode).toBe(404);
    expect((await start(expert, { expertId: otherExpert.expert.id })).json().error.message).toBe(words.messaging.clientsStart);
    const nameless = await createUser(ctx, { email: 'msg-nameless@example.com', lastName: '' });
    const incomplete = await start(nameless, { expertId: expert.expert.id });
    expect(incomplete.statusCode).toBe(403);
    expect(incomplete.json().error.message).toBe(words.messaging.completeProfile);
    const draft = await createExpert(ctx, { email: 'msg-draft@example.com' });
    await ctx.database.db.update(experts).set({ status: 'draft', publishedAt: null }).where(eq(experts.id, draft.expert.id));
    expect((await start(client, { expertId: draft.expert.id })).statusCode).toBe(404);
  });

  it('either party of a session starts the conversation from the session; nobody else can', async () => {
    const sessionExpert = await createExpert(ctx, { email: 'msg-session-expert@example.com' });
    const session = (await book(ctx, client.cookie, { expertId: sessionExpert.expert.id, startsAt: slotIn(30) })).json().session;
    const byExpert = await start(sessionExpert, { sessionId: session.id });
    expect(byExpert.statusCode).toBe(201);
    expect(byExpert.json().conversation.other).toMatchObject({ role: 'client', name: 'Casey Client' });
    const byClient = await start(client, { sessionId: session.id });
    expect(byClient.json().conversation.id).toBe(byExpert.json().conversation.id);
    const byStranger = await start(stranger, { sessionId: session.id });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().error.message).toBe(words.messaging.sessionNotFound);
  });

  it('refuses bad input in the product words and changes nothing', async () => {
    const id = await conversationWith(expert);
    const before = await ctx.database.db.select().from(messages).where(eq(messages.conversationId, id));
    const cases: [unknown, string][] = [
      [{ id: randomUUID(), body: '   \n ' }, words.messaging.empty],
      [{ id: randomUUID(), body: 'x'.repeat(5001) }, words.messaging.tooLong(5000)],
      [{ id: 'not-a-uuid', body: 'Hello' }, words.messaging.idReused],
    ];
    for (const [payload, message] of cases) {
      const res = await call(client, 'POST', `/api/conversations/${id}/messages`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect((await call(client, 'POST', `/api/conversations/${id}/messages`, { id: randomUUID(), body: 'Hi', html: '<b>' })).statusCode).toBe(400);
    expect((await call(client, 'GET', `/api/conversations/not-a-uuid`)).statusCode).toBe(400);
    expect((await call(client, 'POST', `/api/conversations/${id}/read`, { upTo: randomUUID() })).statusCode).toBe(400);
    expect(await ctx.database.db.select().from(messages).where(eq(messages.conversationId, id))).toEqual(before);
    // 5 000 characters after trimming is the most.
    expect((await send(client, id, ` ${'y'.repeat(5000)} `)).statusCode).toBe(201);
  });

  it("the account export holds the messages the account wrote, not the other person's", async () => {
    const id = await conversationWith(expert);
    await send(client, id, 'Mine to export');
    await send(expert, id, 'Theirs, not in the client export');
    const data = (await call(client, 'GET', '/api/me/export')).json();
    const bodies = (data.messagesWritten as { body: string }[]).map((m) => m.body);
    expect(bodies).toContain('Mine to export');
    expect(bodies).not.toContain('Theirs, not in the client export');
    const theirs = (await call(expert, 'GET', '/api/me/export')).json().messagesWritten as { body: string }[];
    expect(theirs.map((m) => m.body)).toContain('Theirs, not in the client export');
  });

  it("a deleted account's conversations go, for both sides", async () => {
    const leaving = await createUser(ctx, { email: 'msg-leaving@example.com', firstName: 'Lee', lastName: 'Leaving' });
    const id = (await start(leaving, { expertId: expert.expert.id })).json().conversation.id as string;
    await send(leaving, id, 'Goodbye soon');
    expect((await inbox(expert)).map((c) => c.id)).toContain(id);
    expect((await call(leaving, 'POST', '/api/me/delete', { password: 'mentora-demo' })).statusCode).toBe(200);
    expect((await inbox(expert)).map((c) => c.id)).not.toContain(id);
    expect(await ctx.database.db.select().from(messages).where(eq(messages.conversationId, id))).toEqual([]);
  });

  it('the stream brings new messages, read receipts and unread counts as they happen', async () => {
    const id = await conversationWith(otherExpert);
    const expertStream = await openEventStream(`${base}/api/messages/stream`, otherExpert.cookie);
    const clientStream = await openEventStream(`${base}/api/messages/stream`, client.cookie);
    try {
      expect(expertStream.status).toBe(200);
      expect((await expertStream.next()).data).toMatchObject({ kind: 'hello' });
      expect((await clientStream.next()).data).toMatchObject({ kind: 'hello' });
      const sent = (await send(client, id, 'Are you there?')).json().message;
      const arrived = await expertStream.next();
      expect(arrived.event).toBe('message');
      expect(arrived.data).toMatchObject({ kind: 'message', conversationId: id, message: { id: sent.id, body: 'Are you there?', mine: false } });
      expect(arrived.data.unread).toBe(await unread(otherExpert));
      // The sender's other pages learn it too.
      expect((await clientStream.next()).data).toMatchObject({ kind: 'message', message: { id: sent.id, mine: true } });
      await call(otherExpert, 'POST', `/api/conversations/${id}/read`, { upTo: sent.id });
      expect((await clientStream.next()).data).toMatchObject({ kind: 'read', conversationId: id, byMe: false, readAt: sent.sentAt });
      expect((await expertStream.next()).data).toMatchObject({ kind: 'read', byMe: true, unread: 0 });
      // Nobody else's stream hears of it.
      const strangerStream = await openEventStream(`${base}/api/messages/stream`, stranger.cookie);
      expect((await strangerStream.next()).data.kind).toBe('hello');
      await send(client, id, 'Still private');
      await expertStream.next();
      // A stream hears its events in order: what it hears up to the stranger's own later message is all it was sent.
      const own = (await start(stranger, { expertId: expert.expert.id })).json().conversation.id as string;
      await send(stranger, own, 'A question of my own');
      const heard: Record<string, unknown>[] = [];
      do heard.push((await strangerStream.next()).data);
      while ((heard.at(-1)!.message as { body?: string } | undefined)?.body !== 'A question of my own');
      expect(heard.filter((event) => event.conversationId === id)).toEqual([]);
      strangerStream.close();
    } finally {
      expertStream.close();
      clientStream.close();
    }
  });

  it('a stream resumed with Last-Event-ID gets every event it missed, once and in order', async () => {
    const id = await conversationWith(expert);
    const first = await openEventStream(`${base}/api/messages/stream`, expert.cookie);
    await first.next();
    await send(client, id, 'before the drop');
    const seen = await first.next();
    expect(seen.data).toMatchObject({ message: { body: 'before the drop' } });
    first.close();

    const bodies = ['first while away', 'second while away', 'third while away'];
    for (const body of bodies) await send(client, id, body);
    const resumed = await openEventStream(`${base}/api/messages/stream`, expert.cookie, seen.id);
    try {
      const events = [await resumed.next(), await resumed.next(), await resumed.next()];
      expect(events.map((e) => (e.data.message as { body: string }).body)).toEqual(bodies);
      expect(events.map((e) => Number(e.id))).toEqual([...events.map((e) => Number(e.id))].sort((a, b) => a - b));
      expect(Number(events[0]!.id)).toBeGreaterThan(Number(seen.id));
      // And it goes on live, the next event it hears being the next message: none of the three came twice.
      await send(client, id, 'after the return');
      expect((await resumed.next()).data).toMatchObject({ message: { body: 'after the return' } });
    } finally {
      resumed.close();
    }
  });

  it('every account’s unread count is the sum over its conversations, after sends, reads and deleted accounts', async () => {
    const id = await conversationWith(expert);
    const [a, b] = [randomUUID(), randomUUID()];
    await send(client, id, 'one', a);
    await send(client, id, 'two', b);
    await call(expert, 'POST', `/api/conversations/${id}/read`, { upTo: a });
    expect((await call(expert, 'GET', '/api/messages/unread')).json().unread).toBe((await inbox(expert)).reduce((sum, c) => sum + c.unread, 0));
    // Every account of this file's many conversations, kept by the database, against the sums computed afresh.
    const kept = await ctx.database.db.execute(sql`
      select u.id, coalesce(k.unread, 0) as kept,
        coalesce((select sum(c.client_unread) from conversations c where c.client_id = u.id), 0)
        + coalesce((select sum(c.expert_unread) from conversations c join experts e on e.id = c.expert_id where e.user_id = u.id), 0) as summed
      from "user" u left join message_unread k on k.user_id = u.id`);
    const rows = (kept as unknown as { rows: { kept: number | string; summed: number | string }[] }).rows;
    expect(rows.filter((r) => Number(r.summed) > 0).length).toBeGreaterThan(0);
    for (const r of rows) expect(Number(r.kept)).toBe(Number(r.summed));
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('messages across two servers on one PostgreSQL database (set TEST_DATABASE_URL)', () => {
  let ctx: TestContext;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    const env = { DATABASE_URL: ctx.database.pool!.options.connectionString!, AUTH_RATE_LIMIT: '0' };
    servers = await Promise.all([startServer(env), startServer(env)]);
  }, 200_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await ctx?.close();
  });

  it('a message sent on server A arrives on a stream connected to server B', async () => {
    const [client, expert] = await Promise.all([
      createUser(ctx, { email: 'two-client@example.com', firstName: 'Casey', lastName: 'Client' }),
      createExpert(ctx, { email: 'two-expert@example.com' }),
    ]);
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const started = await a.fetch(`/api/conversations`, {
      method: 'POST',
      headers: { ...json, cookie: client.cookie },
      body: JSON.stringify({ expertId: expert.expert.id }),
    });
    const { conversation } = (await started.json()) as { conversation: { id: string } };
    const stream = await openEventStream(`${b.url}/api/messages/stream`, expert.cookie);
    try {
      expect((await stream.next()).data.kind).toBe('hello');
      const res = await a.fetch(`/api/conversations/${conversation.id}/messages`, {
        method: 'POST',
        headers: { ...json, cookie: client.cookie },
        body: JSON.stringify({ id: randomUUID(), body: 'Hello from server A' }),
      });
      expect(res.status).toBe(201);
      // How soon it arrives (within a second, docs/product.md "Messages") is bench/messages.mjs's to measure.
      const arrived = await stream.next();
      expect(arrived.data).toMatchObject({
        kind: 'message',
        conversationId: conversation.id,
        message: { body: 'Hello from server A', mine: false },
        unread: 1,
      });
    } finally {
      stream.close();
    }
  });
});
