/**
 * Revoked access ends the message stream at once (docs/security.md "Messages"): an open `GET /api/messages/stream`
 * ends within a second when its sign-in session is signed out or revoked (that session's stream only), when the
 * password is reset or changed with "sign out other devices", when the team suspends the account and when the
 * account is deleted — and never carries a message sent after. Runs on PGlite, or PostgreSQL (and Redis for sign-in
 * sessions) with TEST_DATABASE_URL / REDIS_TEST_URL; the same across two servers is in redis.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin, sessionTokenOf, signIn } from '../helpers/auth.js';
import { messageBodies, openEventStream } from '../helpers/event-stream.js';
import { createExpert } from '../helpers/marketplace.js';
import { waitForEmails } from '../helpers/outbox.js';

const json = { origin, 'content-type': 'application/json' };
const redisUrl = process.env.REDIS_TEST_URL;

/** "Within a second" (docs/security.md "Messages"). */
const endsWithinMs = 1000;

type Client = { id: string; email: string; cookie: string; other: string; conversationId: string };

describe('a message stream ends when its sign-in does', () => {
  let ctx: TestContext;
  let base: string;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let accounts = 0;

  const post = (path: string, cookie: string, body: unknown = {}) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { ...json, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  const openStream = async (cookie: string) => {
    const stream = await openEventStream(`${base}/api/messages/stream`, cookie);
    expect((await stream.next()).data.kind).toBe('hello');
    return stream;
  };

  /** A new client in a conversation with the expert, signed in on two devices (`cookie` and `other`). */
  const twoDevices = async (): Promise<Client> => {
    const email = `stream-revoked-${++accounts}@example.com`;
    const client = await createUser(ctx, { email, firstName: 'Robin', lastName: 'Revoked' });
    const other = await signIn(ctx, email);
    const started = await post('/api/conversations', client.cookie, { expertId: expert.expert.id });
    expect(started.status).toBe(201);
    return { ...client, other, conversationId: ((await started.json()) as { conversation: { id: string } }).conversation.id };
  };

  /**
   * Opens a stream on the client's `other` device (and on its first, when `firstGoesOn`), runs `end`, and checks that
   * the stream ends within a second, that a message the expert sends next never reaches it (the first device's stream
   * gets it), and that the cookie opens no new stream. Without `conversationLeft` (a deleted account's conversations
   * go) no message is sent.
   */
  const endsTheStream = async (end: (client: Client) => Promise<Response>, opts: { firstGoesOn: boolean; conversationLeft: boolean }) => {
    const client = await twoDevices();
    const [ending, first] = await Promise.all([openStream(client.other), opts.firstGoesOn ? openStream(client.cookie) : undefined]);
    try {
      expect((await end(client)).status).toBe(200);
      await ending.ended(endsWithinMs);
      if (opts.conversationLeft) {
        const sent = await post(`/api/conversations/${client.conversationId}/messages`, expert.cookie, { id: randomUUID(), body: 'After the end' });
        expect(sent.status).toBe(201);
        if (first) expect(messageBodies([await first.next()])).toEqual(['After the end']);
      }
      expect(messageBodies(ending.pending())).toEqual([]);
      expect((await fetch(`${base}/api/messages/stream`, { headers: { cookie: client.other } })).status).toBe(401);
    } finally {
      ending.close();
      first?.close();
    }
  };

  beforeAll(async () => {
    ctx = await createTestApp(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `mentora-test-stream-revocation-${Date.now()}:` } : {});
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    [expert, admin] = await Promise.all([
      createExpert(ctx, { email: 'stream-revocation-expert@example.com' }),
      createUser(ctx, { email: 'stream-revocation-admin@example.com', role: 'admin' }),
    ]);
  });
  afterAll(async () => ctx?.close());

  it("signing out one device ends that device's stream only", () =>
    endsTheStream((client) => post('/api/auth/sign-out', client.other), { firstGoesOn: true, conversationLeft: true }));

  it("a session revoked from another device's session list ends that session's stream only", () =>
    endsTheStream((client) => post('/api/auth/revoke-session', client.cookie, { token: sessionTokenOf(client.other) }), {
      firstGoesOn: true,
      conversationLeft: true,
    }));

  it('changing the password with "sign out other devices" ends the other devices\' streams', () =>
    endsTheStream(
      (client) =>
        post('/api/auth/change-password', client.cookie, { currentPassword: 'mentora-demo', newPassword: 'a-whole-new-secret-7', revokeOtherSessions: true }),
      { firstGoesOn: false, conversationLeft: true },
    ));

  it('a password reset ends every stream of the account', () =>
    endsTheStream(
      async (client) => {
        expect((await post('/api/auth/request-password-reset', '', { email: client.email, redirectTo: '/reset-password' })).status).toBe(200);
        const mail = (await waitForEmails(ctx, client.email)).at(-1);
        const link = mail!.text.match(/http:\/\/localhost:3000(\/api\/auth\/reset-password\/[^\s]+)/)![1]!;
        const redirect = await fetch(`${base}${link}`, { redirect: 'manual' });
        const token = new URL(redirect.headers.get('location')!, origin).searchParams.get('token');
        return post('/api/auth/reset-password', '', { newPassword: 'a-reset-new-secret-8', token });
      },
      { firstGoesOn: false, conversationLeft: true },
    ));

  it('suspension by the team ends every stream of the account', () =>
    endsTheStream((client) => post(`/api/admin/users/${client.id}/suspend`, admin.cookie, { reason: 'Harassing experts in messages' }), {
      firstGoesOn: false,
      conversationLeft: true,
    }));

  it('deleting the account ends every stream of the account', () =>
    endsTheStream((client) => post('/api/me/delete', client.cookie, { password: 'mentora-demo' }), { firstGoesOn: false, conversationLeft: false }));
});
