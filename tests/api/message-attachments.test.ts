/**
 * Message attachments (docs/product.md "Messages"; docs/security.md "Messages"): a PDF or image up to 10 MB, uploaded
 * through the private file storage (type decided from the bytes), sent once with a message, shown with it, and
 * downloadable only by the conversation's two participants — and the team once the conversation is reported.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as words } from '../../src/shared/messages.js';
import { uploadRules } from '../../src/shared/uploads.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert } from '../helpers/marketplace.js';
import { makePdf, tinyPng, upload } from '../helpers/uploads.js';

type Account = { id: string; cookie: string };
const json = { origin, 'content-type': 'application/json' };

describe('messages: attachments', () => {
  let ctx: TestContext;
  let client: Account;
  let expert: Account & { expert: { id: string } };
  let stranger: Account;
  let strangerExpert: Account;
  let admin: Account;
  let conversationId: string;

  const call = (who: Account | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...json, ...(who ? { cookie: who.cookie } : {}) },
      ...(method === 'GET' ? {} : { payload: (payload ?? {}) as object }),
    });
  const send = (who: Account, body: object) => call(who, 'POST', `/api/conversations/${conversationId}/messages`, { id: randomUUID(), ...body });
  const download = (who: Account | null, url: string) => ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

  beforeAll(async () => {
    ctx = await createTestApp();
    [client, expert, stranger, strangerExpert, admin] = await Promise.all([
      createUser(ctx, { email: 'att-client@example.com', firstName: 'Casey', lastName: 'Client' }),
      createExpert(ctx, { email: 'att-expert@example.com' }),
      createUser(ctx, { email: 'att-stranger@example.com', firstName: 'Sam', lastName: 'Stranger' }),
      createExpert(ctx, { email: 'att-other-expert@example.com' }),
      createUser(ctx, { email: 'att-admin@example.com', role: 'admin' }),
    ]);
    conversationId = (await call(client, 'POST', '/api/conversations', { expertId: expert.expert.id })).json().conversation.id;
  });
  afterAll(async () => ctx?.close());

  it('a PDF sent with a message is shown with it and downloadable by the two participants only', async () => {
    const pdf = await makePdf(['Casey Client', 'Résumé for review']);
    const uploaded = await upload(ctx, client.cookie, 'attachment', 'my-cv.pdf', pdf);
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json().file;
    expect(file).toMatchObject({ purpose: 'attachment', contentType: 'application/pdf', name: 'my-cv.pdf' });

    const sent = await send(client, { body: 'Here is my CV.', attachmentId: file.id });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message.attachment).toEqual({ id: file.id, name: 'my-cv.pdf', contentType: 'application/pdf', sizeBytes: pdf.length, url: file.url });
    const page = (await call(expert, 'GET', `/api/conversations/${conversationId}/messages`)).json();
    expect(page.messages.at(-1).attachment).toMatchObject({ id: file.id, name: 'my-cv.pdf' });

    for (const who of [client, expert]) {
      const res = await download(who, file.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.equals(pdf)).toBe(true);
    }
    // A third person — another client, another expert, the team without a report — is told it does not exist.
    for (const who of [stranger, strangerExpert, admin]) expect((await download(who, file.url)).statusCode).toBe(404);
    expect((await download(null, file.url)).statusCode).toBe(401);

    // Once the conversation is reported, the team may read it with the conversation.
    await call(expert, 'POST', `/api/conversations/${conversationId}/report`, { reason: 'Please check the attachment' });
    expect((await download(admin, file.url)).statusCode).toBe(200);
    expect((await download(stranger, file.url)).statusCode).toBe(404);
  });

  it('an image is accepted; the same file is never sent twice, and nobody sends another person’s upload', async () => {
    const image = (await upload(ctx, expert.cookie, 'attachment', 'diagram.png', tinyPng)).json().file;
    expect(image.contentType).toBe('image/png');
    const theirs = await send(client, { body: 'Is this yours?', attachmentId: image.id });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(words.messaging.attachmentNotFound);
    expect((await send(expert, { body: 'A diagram', attachmentId: image.id })).statusCode).toBe(201);
    const again = await send(expert, { body: 'The same diagram again', attachmentId: image.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(words.messaging.attachmentNotFound);
    // An upload of another purpose is not an attachment.
    const photo = (await upload(ctx, client.cookie, 'photo', 'me.png', tinyPng)).json().file;
    expect((await send(client, { body: 'My photo', attachmentId: photo.id })).statusCode).toBe(404);
  });

  it('a message may be only an attachment; without one it needs text, and the text stays at most 5 000 characters', async () => {
    const image = (await upload(ctx, client.cookie, 'attachment', 'floor-plan.png', tinyPng)).json().file;
    const alone = await send(client, { body: '', attachmentId: image.id });
    expect(alone.statusCode).toBe(201);
    expect(alone.json().message).toMatchObject({ body: '', attachment: { id: image.id, name: 'floor-plan.png' } });
    // Blank text is the same as none; retried, it is the same message.
    const other = (await upload(ctx, client.cookie, 'attachment', 'second.png', tinyPng)).json().file;
    const id = randomUUID();
    const first = await call(client, 'POST', `/api/conversations/${conversationId}/messages`, { id, body: '  \n ', attachmentId: other.id });
    expect(first.statusCode).toBe(201);
    const retried = await call(client, 'POST', `/api/conversations/${conversationId}/messages`, { id, body: '', attachmentId: other.id });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message.id).toBe(id);
    // The expert's inbox says a file came; the stream and the page carry it.
    const inbox = (await call(expert, 'GET', '/api/conversations')).json().conversations;
    expect(inbox.find((c: { id: string }) => c.id === conversationId).lastMessage).toMatchObject({ body: '', mine: false });
    const page = (await call(expert, 'GET', `/api/conversations/${conversationId}/messages`)).json();
    expect(page.messages.at(-1)).toMatchObject({ id, body: '', attachment: { name: 'second.png' } });

    for (const body of [{ body: '' }, { body: '   ' }]) {
      const empty = await send(client, body);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe(words.messaging.empty);
    }
    const third = (await upload(ctx, client.cookie, 'attachment', 'third.png', tinyPng)).json().file;
    const tooLong = await send(client, { body: 'x'.repeat(5001), attachmentId: third.id });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(words.messaging.tooLong(5000));
  });

  it('an account whose conversations hold messages that are only attachments can be deleted', async () => {
    const leaving = await createUser(ctx, { email: 'att-leaving@example.com', firstName: 'Lee', lastName: 'Leaving' });
    const id = (await call(leaving, 'POST', '/api/conversations', { expertId: expert.expert.id })).json().conversation.id;
    const image = (await upload(ctx, leaving.cookie, 'attachment', 'only.png', tinyPng)).json().file;
    const sent = await call(leaving, 'POST', `/api/conversations/${id}/messages`, { id: randomUUID(), body: '', attachmentId: image.id });
    expect(sent.statusCode).toBe(201);
    const unreadBefore = (await call(expert, 'GET', '/api/messages/unread')).json().unread;
    expect((await call(leaving, 'POST', '/api/me/delete', { password: 'mentora-demo' })).statusCode).toBe(200);
    // The expert's unread count loses the deleted conversation's message.
    expect((await call(expert, 'GET', '/api/messages/unread')).json().unread).toBe(unreadBefore - 1);
  });

  it('refuses what is not a PDF or image by its bytes, whatever its name, and anything over 10 MB', async () => {
    const fake = await upload(ctx, client.cookie, 'attachment', 'notes.pdf', Buffer.from('#!/bin/sh\necho not a pdf\n'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe(uploadRules.attachment.wrongType);
    const big = Buffer.concat([await makePdf(['big']), Buffer.alloc(uploadRules.attachment.maxBytes)]);
    const tooLarge = await upload(ctx, client.cookie, 'attachment', 'big.pdf', big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(uploadRules.attachment.tooLarge);
  });
});
