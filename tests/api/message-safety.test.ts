/**
 * Safety in messages (docs/product.md "Messages", "Blocking and reporting"): either side blocks the other, who can then
 * no longer send and is told so, until the blocker unblocks; either side reports the conversation; the team lists the
 * reports, reads the reported conversation (every view in the audit log), dismisses a report or suspends the reported
 * account's messaging, which can then neither send nor start conversations. Nobody else reaches any of it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as words } from '../../src/shared/messages.js';
import { adminAuditLog, conversations } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { openEventStream } from '../helpers/event-stream.js';
import { waitForEmails } from '../helpers/outbox.js';
import { tinyPng, upload } from '../helpers/uploads.js';
import { createExpert } from '../helpers/marketplace.js';

type Account = { id: string; cookie: string };
const json = { origin, 'content-type': 'application/json' };

describe('messages: blocking, reporting and the team’s review', () => {
  let ctx: TestContext;
  let admin: Account;
  let stranger: Account;
  let n = 0;
  let base: string;

  const call = (who: Account | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...json, ...(who ? { cookie: who.cookie } : {}) },
      ...(method === 'GET' ? {} : { payload: (payload ?? {}) as object }),
    });
  const send = (who: Account, conversationId: string, body: string, id = randomUUID()) =>
    call(who, 'POST', `/api/conversations/${conversationId}/messages`, { id, body });
  const pair = async () => {
    n++;
    const [client, expert] = await Promise.all([
      createUser(ctx, { email: `safety-client-${n}@example.com`, firstName: 'Casey', lastName: 'Client' }),
      createExpert(ctx, { email: `safety-expert-${n}@example.com` }),
    ]);
    const conversationId = (await call(client, 'POST', '/api/conversations', { expertId: expert.expert.id })).json().conversation.id as string;
    expect((await send(client, conversationId, 'Hello Erin')).statusCode).toBe(201);
    return { client, expert, conversationId };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    [admin, stranger] = await Promise.all([
      createUser(ctx, { email: 'safety-admin@example.com', role: 'admin' }),
      createUser(ctx, { email: 'safety-stranger@example.com', firstName: 'Sam', lastName: 'Stranger' }),
    ]);
  });
  afterAll(async () => ctx?.close());

  it('the expert blocks the client: the client is refused in words, the expert sees the block and unblocks', async () => {
    const { client, expert, conversationId } = await pair();
    const blocked = await call(expert, 'POST', `/api/conversations/${conversationId}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().conversation.blocked).toEqual({ byMe: true, byOther: false });
    expect((await call(client, 'GET', `/api/conversations/${conversationId}`)).json().conversation.blocked).toEqual({ byMe: false, byOther: true });

    const refused = await send(client, conversationId, 'Why did you block me?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(words.messaging.blockedByOther);
    const own = await send(expert, conversationId, 'I blocked you');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(words.messaging.blockedByMe);
    const page = (await call(expert, 'GET', `/api/conversations/${conversationId}/messages`)).json();
    expect(page.messages.map((m: { body: string }) => m.body)).toEqual(['Hello Erin']);

    // Only the blocker lifts it.
    await call(client, 'DELETE', `/api/conversations/${conversationId}/block`);
    expect((await send(client, conversationId, 'Still blocked?')).statusCode).toBe(403);
    const lifted = await call(expert, 'DELETE', `/api/conversations/${conversationId}/block`);
    expect(lifted.json().conversation.blocked).toEqual({ byMe: false, byOther: false });
    expect((await send(client, conversationId, 'Thanks for unblocking')).statusCode).toBe(201);
  });

  it('a block and an unblock reach both sides’ open streams at once; blocking again tells nobody', async () => {
    const { client, expert, conversationId } = await pair();
    const clientStream = await openEventStream(`${base}/api/messages/stream`, client.cookie);
    const expertStream = await openEventStream(`${base}/api/messages/stream`, expert.cookie);
    try {
      expect((await clientStream.next()).data).toMatchObject({ kind: 'hello' });
      expect((await expertStream.next()).data).toMatchObject({ kind: 'hello' });
      const unread = (await call(expert, 'GET', '/api/messages/unread')).json().unread;
      await call(expert, 'POST', `/api/conversations/${conversationId}/block`);
      const told = await clientStream.next();
      expect(told.event).toBe('block');
      expect(told.data).toEqual({ kind: 'block', conversationId, blocked: { byMe: false, byOther: true }, unread: 0 });
      expect((await expertStream.next()).data).toEqual({ kind: 'block', conversationId, blocked: { byMe: true, byOther: false }, unread });

      // Blocking again changes nothing and sends nothing: the next event is the unblock.
      await call(expert, 'POST', `/api/conversations/${conversationId}/block`);
      await call(expert, 'DELETE', `/api/conversations/${conversationId}/block`);
      expect((await clientStream.next()).data).toMatchObject({ kind: 'block', blocked: { byMe: false, byOther: false } });
      expect((await expertStream.next()).data).toMatchObject({ kind: 'block', blocked: { byMe: false, byOther: false } });
      expect(clientStream.pending()).toEqual([]);
    } finally {
      clientStream.close();
      expertStream.close();
    }
  });

  it('a message sent before the block is still answered as sent when retried', async () => {
    const { client, expert, conversationId } = await pair();
    const id = randomUUID();
    expect((await send(client, conversationId, 'Sent once', id)).statusCode).toBe(201);
    await call(expert, 'POST', `/api/conversations/${conversationId}/block`);
    expect((await send(client, conversationId, 'Sent once', id)).statusCode).toBe(200);
  });

  it('nobody but the two participants blocks or reports, and a report needs a reason', async () => {
    const { client, conversationId } = await pair();
    for (const who of [stranger, admin]) {
      expect((await call(who, 'POST', `/api/conversations/${conversationId}/block`)).statusCode).toBe(404);
      expect((await call(who, 'POST', `/api/conversations/${conversationId}/report`, { reason: 'Spam' })).statusCode).toBe(404);
    }
    expect((await call(null, 'POST', `/api/conversations/${conversationId}/block`)).statusCode).toBe(401);
    const [row] = await ctx.database.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect([row!.clientBlockedAt, row!.expertBlockedAt]).toEqual([null, null]);
    const empty = await call(client, 'POST', `/api/conversations/${conversationId}/report`, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(words.messaging.reportReason);
  });

  it('a report reaches the team, whose every view is audited; dismissing closes it and changes nothing else', async () => {
    const { client, expert, conversationId } = await pair();
    const report = await call(expert, 'POST', `/api/conversations/${conversationId}/report`, { reason: 'Asks me to pay outside Mentora.' });
    expect(report.statusCode).toBe(201);
    const reportId = report.json().report.id as string;
    expect((await call(expert, 'POST', `/api/conversations/${conversationId}/report`, { reason: 'Again' })).json().error.message).toBe(
      words.messaging.alreadyReported,
    );

    const queue = (await call(admin, 'GET', '/api/admin/message-reports')).json().items;
    expect(queue.find((r: { id: string }) => r.id === reportId)).toMatchObject({
      conversationId,
      status: 'open',
      reason: 'Asks me to pay outside Mentora.',
      reporter: { id: expert.id, name: 'Erin Expert', role: 'expert' },
      reported: { id: client.id, name: 'Casey Client', role: 'client', messagingSuspended: false },
    });
    for (const who of [client, expert, stranger]) expect((await call(who, 'GET', '/api/admin/message-reports')).statusCode).toBe(403);
    expect((await call(client, 'GET', `/api/admin/message-reports/${reportId}`)).statusCode).toBe(403);

    const audited = () =>
      ctx.database.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, 'message-report.view'), eq(adminAuditLog.targetId, conversationId)));
    const view = await call(admin, 'GET', `/api/admin/message-reports/${reportId}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().messages.map((m: { body: string; senderRole: string }) => [m.senderRole, m.body])).toEqual([['client', 'Hello Erin']]);
    await call(admin, 'GET', `/api/admin/message-reports/${reportId}`);
    const views = await audited();
    expect(views).toHaveLength(2);
    expect(views[0]!.actorId).toBe(admin.id);
    // The team reads it through the report only, never through the participants' routes.
    expect((await call(admin, 'GET', `/api/conversations/${conversationId}/messages`)).statusCode).toBe(404);

    const dismissed = await call(admin, 'POST', `/api/admin/message-reports/${reportId}/dismiss`);
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', reported: { messagingSuspended: false } });
    expect((await call(admin, 'POST', `/api/admin/message-reports/${reportId}/suspend`)).json().error.message).toBe(words.messaging.reportHandled);
    expect((await send(client, conversationId, 'Still here')).statusCode).toBe(201);
    expect((await call(admin, 'GET', '/api/admin/message-reports?status=handled')).json().items.map((r: { id: string }) => r.id)).toContain(reportId);
    // Once handled, the author may report again.
    expect((await call(expert, 'POST', `/api/conversations/${conversationId}/report`, { reason: 'It goes on.' })).statusCode).toBe(201);
  });

  it('suspending the reported account’s messaging stops it sending and starting conversations, told so', async () => {
    const { client, expert, conversationId } = await pair();
    const reportId = (await call(expert, 'POST', `/api/conversations/${conversationId}/report`, { reason: 'Abusive' })).json().report.id;
    const suspended = await call(admin, 'POST', `/api/admin/message-reports/${reportId}/suspend`);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ status: 'suspended', reported: { id: client.id, messagingSuspended: true } });
    const refused = await send(client, conversationId, 'Let me explain');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(words.messaging.suspended);
    const other = await createExpert(ctx, { email: `safety-other-${n}@example.com` });
    const start = await call(client, 'POST', '/api/conversations', { expertId: other.expert.id });
    expect(start.statusCode).toBe(403);
    expect(start.json().error.message).toBe(words.messaging.suspended);
    // The reporter still writes.
    expect((await send(expert, conversationId, 'The team has been told.')).statusCode).toBe(201);
    const [audit] = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'message-report.suspend'), eq(adminAuditLog.targetId, client.id)));
    expect(audit).toMatchObject({ actorId: admin.id, targetType: 'user' });
  });

  it('the team lifts a messaging suspension with a note: audited, e-mailed, shown on the report and the user’s page', async () => {
    const { client, expert, conversationId } = await pair();
    const reportId = (await call(expert, 'POST', `/api/conversations/${conversationId}/report`, { reason: 'Spam' })).json().report.id;
    await call(admin, 'POST', `/api/admin/message-reports/${reportId}/suspend`);
    const page = (await call(admin, 'GET', `/api/admin/users/${client.id}`)).json();
    expect(page.messagingSuspendedAt).toEqual(expect.any(String));

    // A reason is needed; nobody but the team lifts it; and it changed nothing so far.
    const noReason = await call(admin, 'POST', `/api/admin/users/${client.id}/messaging/lift`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(words.admin.suspendReason);
    for (const who of [client, expert])
      expect((await call(who, 'POST', `/api/admin/users/${client.id}/messaging/lift`, { reason: 'Me' })).statusCode).toBe(403);
    expect((await send(client, conversationId, 'Still suspended?')).statusCode).toBe(403);

    const lifted = await call(admin, 'POST', `/api/admin/users/${client.id}/messaging/lift`, { reason: 'The report was a misunderstanding.' });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().messagingSuspendedAt).toBeNull();
    expect((await call(admin, 'GET', `/api/admin/message-reports/${reportId}`)).json().report).toMatchObject({
      status: 'suspended',
      reported: { id: client.id, messagingSuspended: false },
    });
    expect((await send(client, conversationId, 'Thank you for looking again')).statusCode).toBe(201);
    const again = await call(admin, 'POST', `/api/admin/users/${client.id}/messaging/lift`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(words.admin.messagingNotSuspended);
    expect((await call(admin, 'POST', `/api/admin/users/no-such-user/messaging/lift`, { reason: 'Who?' })).statusCode).toBe(404);

    const [audit] = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'user.messaging-lift'), eq(adminAuditLog.targetId, client.id)));
    expect(audit).toMatchObject({ actorId: admin.id, targetType: 'user', detail: { reason: 'The report was a misunderstanding.' } });
    const mails = await waitForEmails(ctx, `safety-client-${n}@example.com`);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('You can send messages on Mentora again');
    expect(mail.text).toContain('The report was a misunderstanding.');
  });

  it('the team sees a reported conversation’s attachments and downloads them, each download audited; never an unreported one', async () => {
    const { client, expert, conversationId } = await pair();
    const file = (await upload(ctx, client.cookie, 'attachment', 'invoice.png', tinyPng)).json().file;
    expect(
      (await call(client, 'POST', `/api/conversations/${conversationId}/messages`, { id: randomUUID(), body: '', attachmentId: file.id })).statusCode,
    ).toBe(201);
    const download = (who: Account) => ctx.app.inject({ method: 'GET', url: file.url, headers: { cookie: who.cookie } });
    expect((await download(admin)).statusCode).toBe(404);

    const reportId = (await call(expert, 'POST', `/api/conversations/${conversationId}/report`, { reason: 'Look at this file' })).json().report.id;
    const detail = (await call(admin, 'GET', `/api/admin/message-reports/${reportId}`)).json();
    expect(detail.messages.at(-1)).toMatchObject({ body: '', senderRole: 'client', attachment: { id: file.id, name: 'invoice.png', url: file.url } });
    const got = await download(admin);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(tinyPng)).toBe(true);
    const audits = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'message-report.attachment'), eq(adminAuditLog.targetId, conversationId)));
    expect(audits).toEqual([expect.objectContaining({ actorId: admin.id, targetType: 'conversation', detail: { fileId: file.id } })]);
    // The participants' own downloads are theirs, not the team's: not audited.
    expect((await download(expert)).statusCode).toBe(200);
    expect((await download(stranger)).statusCode).toBe(404);
    expect(
      await ctx.database.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, 'message-report.attachment'), eq(adminAuditLog.targetId, conversationId))),
    ).toHaveLength(1);
  });

  it('unknown and malformed report ids are unknown', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      expect((await call(admin, 'GET', `/api/admin/message-reports/${id}`)).statusCode).toBe(404);
      expect((await call(admin, 'POST', `/api/admin/message-reports/${id}/dismiss`)).statusCode).toBe(404);
    }
  });
});
