/**
 * The dev mailbox holds password-reset and verification links: it answers only requests from the machine the
 * server runs on (loopback peer, and a loopback forwarded address behind TRUST_PROXY), never in production, and
 * everyone else gets the ordinary JSON 404. /api/config offers the mailbox link only to a request that could open it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app.js';

const message = 'reset-link.eml';
const eml = [
  'From: Mentora <no-reply@mentora.example>',
  'To: admin@example.com',
  'Subject: Reset your password',
  '',
  'Open http://localhost:3000/reset-password?token=secret-token-123',
  '',
].join('\r\n');

/** A test app whose DATA_DIR/mail holds one password-reset message. */
async function appWithMail(env: Record<string, string> = {}): Promise<TestContext> {
  const ctx = await createTestApp(env);
  const dir = path.join(ctx.config.dataDir, 'mail');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, message), eml);
  return ctx;
}

const notFound = { error: { code: 'NOT_FOUND', message: 'Not found' } };

describe('dev mailbox', () => {
  let ctx: TestContext;
  let base: string;

  beforeAll(async () => {
    ctx = await appWithMail();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => ctx.close());

  it('serves the list and a raw message to a browser on this machine, and says so in /api/config', async () => {
    const page = await fetch(`${base}/dev/mailbox`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('secret-token-123');
    const raw = await fetch(`${base}/dev/mailbox/${message}`);
    expect(raw.status).toBe(200);
    expect(await raw.text()).toContain('Subject: Reset your password');
    expect(((await (await fetch(`${base}/api/config`)).json()) as { devMailbox: boolean }).devMailbox).toBe(true);
  });

  it('answers 404 to any other machine, for both routes, and does not offer the link', async () => {
    for (const remoteAddress of ['10.1.2.3', '203.0.113.9', '::ffff:10.1.2.3', '2001:db8::1', '128.0.0.1']) {
      for (const url of ['/dev/mailbox', `/dev/mailbox/${message}`]) {
        const res = await ctx.app.inject({ url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(res.json()).toEqual(notFound);
        expect(res.body).not.toContain('secret-token-123');
      }
      expect((await ctx.app.inject({ url: '/api/config', remoteAddress })).json().devMailbox, remoteAddress).toBe(false);
    }
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect((await ctx.app.inject({ url: '/dev/mailbox', remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
  });

  it('behind a trusted proxy, refuses a remote client forwarded by a proxy on this machine', async () => {
    const proxied = await appWithMail({ TRUST_PROXY: '1' });
    try {
      await proxied.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(proxied.app.server.address() as { port: number }).port}`;
      for (const path of ['/dev/mailbox', `/dev/mailbox/${message}`]) {
        const forwarded = await fetch(`${url}${path}`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
        expect(forwarded.status, path).toBe(404);
        expect(await forwarded.json()).toEqual(notFound);
        expect((await fetch(`${url}${path}`, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status, path).toBe(200);
      }
      const config = await fetch(`${url}/api/config`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(((await config.json()) as { devMailbox: boolean }).devMailbox).toBe(false);
      expect((await proxied.app.inject({ url: '/dev/mailbox', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('is never served in production, even to this machine', async () => {
    const prod = await appWithMail({ NODE_ENV: 'production' });
    try {
      for (const url of ['/dev/mailbox', `/dev/mailbox/${message}`]) {
        const res = await prod.app.inject({ url, remoteAddress: '127.0.0.1' });
        // No such route: the JSON 404, or the web app's own page when dist/web is built (its not-found screen).
        if (res.statusCode !== 404) expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.body, url).not.toContain('Dev mailbox');
        expect(res.body, url).not.toContain('secret-token-123');
        expect(res.body, url).not.toContain('Reset your password');
      }
      expect((await prod.app.inject({ url: '/api/config', remoteAddress: '127.0.0.1' })).json().devMailbox).toBe(false);
    } finally {
      await prod.close();
    }
  });
});
