/**
 * One-click unsubscribe from the e-mails about unread messages (docs/product.md "Messages"; RFC 8058, RFC 2369;
 * docs/security.md "Unsubscribe links"): the e-mail, as a mail program reads it (mailparser, and its bytes), carries
 * `List-Unsubscribe` with an https address and `List-Unsubscribe-Post`; a POST to that address from a mail program —
 * no cookie, another site — switches the e-mails off; a forged token changes nothing; opening the link only asks.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, user } from '../../src/server/db/schema.js';
import { deliverDueEmails } from '../../src/server/infra/mail/outbox.js';
import { fileTransport } from '../../src/server/infra/mail/transport.js';
import { signValue } from '../../src/server/infra/signed-value.js';
import { emailUnreadMessages } from '../../src/server/modules/messages/email-unread-messages.js';
import { unsubscribeUrl } from '../../src/server/modules/messages/unsubscribe-link.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert } from '../helpers/marketplace.js';

type Account = { id: string; cookie: string };
const json = { origin, 'content-type': 'application/json' };
/** Where mail programs post from: not this site. */
const mailSite = 'https://mail.example';
const oneClick = { 'content-type': 'application/x-www-form-urlencoded', origin: mailSite, 'sec-fetch-site': 'cross-site' };

describe('one-click unsubscribe from e-mails about unread messages', () => {
  let ctx: TestContext;
  let n = 0;

  const switchedOn = async (id: string) => (await ctx.database.db.select({ on: user.messageEmails }).from(user).where(eq(user.id, id)))[0]!.on;
  /** An expert with an unread message from a new client, e-mailed by the job with the site at https://mentora.example. */
  const unreadEmail = async () => {
    n++;
    const [client, expert] = await Promise.all([
      createUser(ctx, { email: `unsub-client-${n}@example.com`, firstName: 'Casey', lastName: 'Client' }),
      createExpert(ctx, { email: `unsub-expert-${n}@example.com` }),
    ]);
    const call = (who: Account, url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: { ...json, cookie: who.cookie }, payload });
    const conversationId = (await call(client, '/api/conversations', { expertId: expert.expert.id })).json().conversation.id as string;
    expect((await call(client, `/api/conversations/${conversationId}/messages`, { id: randomUUID(), body: 'Hello Erin' })).statusCode).toBe(201);
    expect(await emailUnreadMessages(ctx.database.db, { baseUrl: 'https://mentora.example', secret: ctx.config.authSecret, delayMs: 0 })).toBe(1);
    return { expert: { id: expert.id, cookie: expert.cookie, email: `unsub-expert-${n}@example.com` } };
  };
  const pathOf = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it('the e-mail carries List-Unsubscribe with an https address and List-Unsubscribe-Post, as a mail program reads them', async () => {
    await ctx.database.db.delete(emailOutbox);
    const { expert } = await unreadEmail();
    const dir = mkdtempSync(path.join(tmpdir(), 'unsubscribe-mail-'));
    try {
      expect(await deliverDueEmails(ctx.database.db, fileTransport(dir, 'Mentora <no-reply@mentora.example>'))).toBe(1);
      const bytes = readFileSync(path.join(dir, readdirSync(dir)[0]!));
      const expected = unsubscribeUrl('https://mentora.example', ctx.config.authSecret, expert.id);
      expect(expected).toMatch(/^https:\/\/mentora\.example\/api\/unsubscribe\/[^\s<>]+$/);
      // The header lines, unfolded (RFC 5322 §2.2.3): a long address may be folded onto a second line.
      const lines = bytes
        .toString('utf8')
        .split('\r\n\r\n')[0]!
        .replace(/\r\n[ \t]+/g, ' ')
        .split('\r\n');
      expect(lines).toContain(`List-Unsubscribe: <${expected}>`);
      expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const parsed = await simpleParser(bytes);
      expect(parsed.to).toMatchObject({ text: expert.email });
      // mailparser reads the List-* headers (RFC 2369) into one `list` object.
      expect(parsed.headers.get('list')).toEqual({ unsubscribe: { url: expected }, 'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a POST of the address from a mail program — no cookie, another site — switches the e-mails off', async () => {
    const { expert } = await unreadEmail();
    const [mail] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, expert.email));
    expect(await switchedOn(expert.id)).toBe(true);
    const res = await ctx.app.inject({ method: 'POST', url: pathOf(mail!.listUnsubscribe!), headers: oneClick, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('You will no longer get e-mails about unread messages.');
    expect(await switchedOn(expert.id)).toBe(false);
    expect((await ctx.app.inject({ url: '/api/me/message-emails', headers: { cookie: expert.cookie } })).json()).toEqual({ enabled: false });
    // Nothing more is e-mailed to that account.
    expect(await emailUnreadMessages(ctx.database.db, { baseUrl: 'https://mentora.example', secret: ctx.config.authSecret, delayMs: 0 })).toBe(0);
  });

  it('takes the body as multipart/form-data too (RFC 8058 §3.2), and refuses any other body', async () => {
    const { expert } = await unreadEmail();
    const url = pathOf(unsubscribeUrl(ctx.config.baseUrl, ctx.config.authSecret, expert.id));
    const wrong = await ctx.app.inject({ method: 'POST', url, headers: oneClick, payload: 'List-Unsubscribe=Yes' });
    expect(wrong.statusCode).toBe(400);
    expect(await switchedOn(expert.id)).toBe(true);
    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...oneClick, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await switchedOn(expert.id)).toBe(false);
  });

  it('opening the link in a browser shows a page that asks, and changes nothing', async () => {
    const { expert } = await unreadEmail();
    const res = await ctx.app.inject({ url: pathOf(unsubscribeUrl(ctx.config.baseUrl, ctx.config.authSecret, expert.id)) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(res.body).toContain('<a href="/account">');
    expect(await switchedOn(expert.id)).toBe(true);
    // Styled by its one inline style sheet, which its policy allows by hash (a browser would otherwise drop it); nothing else loads.
    const sheet = res.body.match(/<style>([^<]*)<\/style>/)?.[1] ?? '';
    expect(sheet).toContain('background:#4f46e5');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain(`style-src 'sha256-${createHash('sha256').update(sheet).digest('base64')}'`);
    expect(policy).toMatch(/default-src 'none'/);
    expect(policy).toContain("form-action 'self'");
  });

  it('refuses a forged, altered or foreign token with 404 and switches nothing off', async () => {
    const { expert } = await unreadEmail();
    const good = unsubscribeUrl(ctx.config.baseUrl, ctx.config.authSecret, expert.id).split('/').pop()!;
    const forged = [
      `${expert.id}.${'A'.repeat(43)}`, // a made-up signature
      `${expert.id}x.${good.split('.')[1]}`, // another account under this account's signature
      `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`, // one character changed
      signValue('another-secret-of-at-least-32-characters', 'unsubscribe:message-emails', expert.id), // another site's secret
      signValue(ctx.config.authSecret, 'another purpose', expert.id), // this secret, another purpose
      expert.id,
      'garbage',
    ];
    for (const token of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await ctx.app.inject({
          method,
          url: `/api/unsubscribe/${encodeURIComponent(token)}`,
          headers: oneClick,
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(res.statusCode, `${method} ${token}`).toBe(404);
        expect(res.json().error.message).toBe('This unsubscribe link is not valid. You can turn these e-mails off on your account page.');
      }
    }
    expect(await switchedOn(expert.id)).toBe(true);
  });
});
