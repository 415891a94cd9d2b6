/**
 * Security headers (docs/security.md): a strict Content-Security-Policy (no inline scripts, no plugins, no <base>,
 * no framing), HSTS for a year only behind https, nosniff, a Referrer-Policy, `Cache-Control: no-store` on
 * every API answer that carries personal data, and uploads served as attachments with their true type —
 * bytes that are HTML (or SVG with script) are refused at upload, so they are never served as a page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, slotIn } from '../helpers/marketplace.js';
import { makePdf, multipartBody, tinyPng, upload } from '../helpers/uploads.js';
import { fingerprint } from './db-fingerprint.js';

/** `{ directive: [values] }` of a Content-Security-Policy header. */
function csp(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let sessionId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    client = await createUser(ctx, { email: 'casey@example.com', firstName: 'Casey', lastName: 'Client' });
    admin = await createUser(ctx, { email: 'admin@example.com', role: 'admin' });
    expert = await createExpert(ctx, { email: 'erin@example.com' });
    sessionId = (await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(30) })).json().session.id;
  });
  afterAll(async () => ctx?.close());

  it.each(['/api/me', '/api/experts', '/api/no-such-route', '/'])('%s carries a strict CSP, nosniff and a Referrer-Policy', async (url) => {
    const res = await ctx.app.inject(url);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['script-src']).toBeDefined();
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toMatch(/^(no-referrer|strict-origin-when-cross-origin|same-origin)$/);
    expect(res.headers['strict-transport-security'], 'no HSTS over plain http').toBeUndefined();
  });

  it('API answers are data: their policy allows nothing to load or run, and they may not be read cross-origin or framed', async () => {
    for (const url of ['/api/me', '/api/experts', '/api/no-such-route']) {
      const res = await ctx.app.inject(url);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['default-src'], url).toEqual(["'none'"]);
      expect(policy['script-src'], url).toEqual(["'none'"]);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
    // The API documentation is a page: it keeps the pages' policy (its own scripts load).
    const docs = await ctx.app.inject('/api/docs/static/index.html');
    expect(csp(docs.headers['content-security-policy'])['default-src']).not.toEqual(["'none'"]);
  });

  it('HSTS for one year only when BASE_URL is https; Stripe.js is allowed without unsafe-inline', async () => {
    const secure = await createTestApp({
      BASE_URL: 'https://mentora.example',
      STRIPE_SECRET_KEY: 'sk_test_headers',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_headers',
    });
    try {
      const res = await secure.app.inject('/api/config');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000\b/);
      const page = await secure.app.inject('/');
      expect(page.headers['strict-transport-security']).toMatch(/^max-age=31536000\b/);
      const policy = csp(page.headers['content-security-policy']);
      expect(policy['script-src']).toContain('https://js.stripe.com');
      expect(policy['script-src']).not.toContain("'unsafe-inline'");
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
    } finally {
      await secure.close();
    }
  });

  it('every API answer with personal data is Cache-Control: no-store', async () => {
    const cvBytes = await makePdf(['Erin Expert', 'Staff engineer']);
    const cv = (await upload(ctx, expert.cookie, 'cv', 'erin-cv.pdf', cvBytes)).json().file;
    const personal: [string, string][] = [
      ['/api/me', client.cookie],
      ['/api/sessions', client.cookie],
      [`/api/sessions/${sessionId}`, client.cookie],
      ['/api/applications/mine', expert.cookie],
      ['/api/me/expert-profile', expert.cookie],
      ['/api/me/availability', expert.cookie],
      ['/api/admin/summary', admin.cookie],
      ['/api/admin/applications', admin.cookie],
      ['/api/admin/inbox', admin.cookie],
      ['/api/admin/disputes', admin.cookie],
      ['/api/admin/audit', admin.cookie],
      [`/api/sessions/${sessionId}`, expert.cookie],
      ['/api/sessions', ''],
    ];
    for (const [url, cookie] of personal) {
      const res = await ctx.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(res.headers['cache-control'], `${url} (${res.statusCode})`).toMatch(/\bno-store\b/);
    }
    const file = await ctx.app.inject({ url: `/api/files/${cv.id}`, headers: { cookie: expert.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
  });

  it('uploads are served as attachments with their true type and nosniff', async () => {
    const photo = (await upload(ctx, expert.cookie, 'photo', 'me.png', tinyPng)).json().file;
    const res = await ctx.app.inject({ url: `/api/files/${photo.id}`, headers: { cookie: expert.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(tinyPng)).toBe(true);
  });

  it('a file name cannot inject headers or break out of the Content-Disposition quotes', async () => {
    const nasty = 'a";\r\nx-evil: 1;.png';
    const body = multipartBody(nasty.replace(/\r\n/g, ' '), tinyPng, 'image/png');
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/files?purpose=photo',
      headers: { origin, cookie: expert.cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const res = await ctx.app.inject({ url: `/api/files/${up.json().file.id}`, headers: { cookie: expert.cookie } });
    expect(res.headers['x-evil']).toBeUndefined();
    const disposition = res.headers['content-disposition'] as string;
    expect(disposition).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''[^"\s;]*$/);
  });

  const htmlish: [string, string, Buffer][] = [
    ['an HTML page named .png', 'photo', Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')],
    ['an SVG with a script', 'photo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['HTML named .pdf', 'cv', Buffer.from('<html><script>alert(1)</script></html>')],
    ['HTML named .mp4', 'video', Buffer.from('<html><body onload="alert(1)"></body></html>')],
    ['a text file', 'cv', Buffer.from('Plain text that says it is a PDF')],
  ];
  it.each(htmlish)('%s is refused at upload (415) and nothing is stored', async (_label, purpose, bytes) => {
    const name = { photo: 'photo.png', cv: 'cv.pdf', video: 'intro.mp4' }[purpose]!;
    const before = await fingerprint(ctx.database);
    const res = await upload(ctx, expert.cookie, purpose, name, bytes);
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await fingerprint(ctx.database)).toEqual(before);
  });

  it('no file is ever served as text/html, whatever it was uploaded as', async () => {
    const polyglot = Buffer.concat([tinyPng, Buffer.from('<html><script>alert(1)</script></html>')]);
    // The type comes from the bytes (a PNG), never from the name or the declared part type.
    const up = await upload(ctx, expert.cookie, 'photo', 'x.html', polyglot);
    expect(up.statusCode, up.body).toBe(201);
    const res = await ctx.app.inject({ url: `/api/files/${up.json().file.id}`, headers: { cookie: expert.cookie } });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
  });
});
