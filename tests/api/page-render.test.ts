/**
 * Server-rendered pages (src/server/http/page-render.ts, src/web/entry-server.tsx): the public
 * pages arrive with their first screen in the HTML and the reads it was made from; the markup and the embedded
 * data are escaped; the signed-in account appears only in its own page, which no shared cache may keep; other
 * pages stay browser-rendered with their code preloaded. Needs the web build (`npm run build`), as `npm test` makes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser } from '../helpers/auth.js';
import { createExpert } from '../helpers/marketplace.js';

type Ssr = { queries: { queryKey: unknown[]; state: { data: unknown } }[] };

/** The dehydrated query cache a page carries, or null when the page was not server-rendered. */
function ssrData(html: string): Ssr | null {
  const json = /<script type="application\/json" id="ssr-data"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  return json ? (JSON.parse(json) as Ssr) : null;
}
const rootMarkup = (html: string) => /<div id="root">(.*?)<\/div>\s*<script type="application\/json"/s.exec(html)?.[1] ?? '';

describe('server-rendered pages', () => {
  let ctx: TestContext;
  let client: { cookie: string; email: string };
  let expertCookie = '';

  beforeAll(async () => {
    if (!existsSync('dist/ssr/entry-server.js')) throw new Error('dist/ssr/entry-server.js is missing: run `npm run build` first');
    ctx = await createTestApp();
    expertCookie = (await createExpert(ctx, { email: 'rendered-expert@example.com', slug: 'rendered-expert' })).cookie;
    client = await createUser(ctx, { email: 'rendered-client@example.com', firstName: 'Rita', lastName: 'Rendered' });
  });
  afterAll(() => ctx?.close());

  it('the results page arrives with its expert cards in the HTML and the list it was made from', async () => {
    const res = await ctx.app.inject('/results');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const markup = rootMarkup(res.body);
    expect(markup).toContain('Our Expert Network');
    expect(markup).toContain('Erin Expert');
    expect(markup).toContain('href="/expert/rendered-expert"');
    const data = ssrData(res.body)!;
    const list = data.queries.find((q) => q.queryKey[1] === 'list')!.state.data as { experts: { slug: string }[] };
    expect(list.experts.map((e) => e.slug)).toEqual(['rendered-expert']);
    // The page's code is preloaded by the entry after the first paint, not by the HTML head.
    expect(res.body).toMatch(/data-modules="[^"]*\/assets\/results-page-[\w-]+\.js/);
    expect(res.body).not.toContain('rel="modulepreload"');
  });

  it('a profile arrives rendered; an unknown one says Expert Not Found', async () => {
    const res = await ctx.app.inject('/expert/rendered-expert');
    expect(rootMarkup(res.body)).toContain('Helps people grow.');
    expect(rootMarkup(res.body)).toContain('Staff Engineer');
    const missing = await ctx.app.inject('/expert/nobody-here');
    expect(rootMarkup(missing.body)).toContain('Expert Not Found');
  });

  it("the workshops page and a workshop's page arrive with the workshop in the HTML (docs/product.md 'Workshops')", async () => {
    const day = new Date(Date.now() + 6 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/workshops',
      headers: { cookie: expertCookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: {
        title: 'Rendered workshop on portfolios',
        description: 'Portfolio reviews in a small group.',
        topic: 'Graphics & Design',
        startsAtLocal: `${day}T09:00`,
        durationMinutes: 60,
        capacity: 8,
        priceCents: 0,
        minAttendance: null,
        publish: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = rootMarkup((await ctx.app.inject('/workshops?topic=Graphics+%26+Design')).body);
    expect(list).toContain('Available now');
    expect(list).toContain('Rendered workshop on portfolios');
    expect(list).toContain('8 of 8 seats left');
    const one = rootMarkup((await ctx.app.inject(`/workshops/${created.json().id}`)).body);
    expect(one).toContain('Portfolio reviews in a small group.');
    expect(one).toContain('Free');
    const other = rootMarkup((await ctx.app.inject('/workshops?topic=Personal+Branding')).body);
    expect(other).not.toContain('Rendered workshop on portfolios');
  });

  it('each rendered page arrives with its own title', async () => {
    const title = async (url: string) => /<title>([^<]*)<\/title>/.exec((await ctx.app.inject(url)).body)?.[1];
    expect(await title('/')).toBe('Mentora — Connect to Experience');
    expect(await title('/results')).toBe('Find an Expert · Mentora');
    expect(await title('/about')).toBe('About · Mentora');
    expect(await title('/expert/rendered-expert')).toBe('Erin Expert, Staff Engineer · Mentora');
    expect(await title('/expert/nobody-here')).toBe('Expert Not Found · Mentora');
  });

  it('escapes what the address brings, in the markup and in the embedded data', async () => {
    const attack = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    const res = await ctx.app.inject(`/results?query=${encodeURIComponent(attack)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    expect(rootMarkup(res.body)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    // Still valid data: the query the page was rendered for comes back intact.
    const list = ssrData(res.body)!.queries.find((q) => q.queryKey[1] === 'list')!;
    expect((list.queryKey[2] as { query: string }).query).toBe(attack);
  });

  it('names the signed-in account only in its own page', async () => {
    const anonymous = ssrData((await ctx.app.inject('/')).body)!;
    expect(anonymous.queries.find((q) => q.queryKey[0] === 'me')!.state.data).toBeNull();
    const own = await ctx.app.inject({ url: '/', headers: { cookie: client.cookie } });
    const me = ssrData(own.body)!.queries.find((q) => q.queryKey[0] === 'me')!.state.data as { email: string };
    expect(me.email).toBe(client.email);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    const forged = await ctx.app.inject({ url: '/', headers: { cookie: 'better-auth.session_token=forged.value' } });
    expect(ssrData(forged.body)!.queries.find((q) => q.queryKey[0] === 'me')!.state.data).toBeNull();
  });

  it('pages behind sign-in stay browser-rendered, with their code preloaded; compression applies to pages', async () => {
    const res = await ctx.app.inject('/dashboard/client');
    expect(res.statusCode).toBe(200);
    expect(ssrData(res.body)).toBeNull();
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/client-dashboard-route-[\w-]+\.js">/);
    const gz = await ctx.app.inject({ url: '/results', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('Erin Expert');
  });

  it("the web app's files are sent as the build compressed them, to a browser that takes them", async () => {
    const script = /<script type="module" crossorigin src="(\/assets\/[\w-]+\.js)">/.exec((await ctx.app.inject('/about')).body)![1]!;
    const built = readFileSync(`dist/web${script}`);
    const br = await ctx.app.inject({ url: script, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    // Byte for byte the build's file (Brotli's highest quality), not compressed again on the way out.
    expect(br.rawPayload.equals(readFileSync(`dist/web${script}.br`))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).equals(built)).toBe(true);
    const gz = await ctx.app.inject({ url: script, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(built)).toBe(true);
    const plain = await ctx.app.inject({ url: script, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(built)).toBe(true);
  });

  it('every aria-controls in a rendered page names an element of that page', async () => {
    const pages = [
      '/',
      '/results',
      '/expert/rendered-expert',
      '/about',
      '/community-guidelines',
      '/workshops',
      '/how-it-works/client',
      '/how-it-works/expert',
      '/partner/university',
      '/partner/recruitment',
      '/international-students',
    ];
    let checked = 0;
    for (const url of pages) {
      const markup = rootMarkup((await ctx.app.inject(url)).body);
      expect(markup, url).toContain('</footer>');
      const ids = new Set([...markup.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
      for (const [, controls] of markup.matchAll(/aria-controls="([^"]+)"/g)) {
        for (const id of controls!.split(/\s+/)) expect(ids.has(id), `${url}: aria-controls="${id}"`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('the footer shows the current year', async () => {
    const markup = rootMarkup((await ctx.app.inject('/about')).body);
    // React separates adjacent text nodes with <!-- --> markers.
    expect(markup.replaceAll('<!-- -->', '')).toContain(`© <span>${new Date().getFullYear()}</span> Mentora`);
  });

  it('unknown API paths and other methods still answer JSON 404', async () => {
    const api = await ctx.app.inject('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
    const post = await ctx.app.inject({ method: 'POST', url: '/results' });
    expect(post.statusCode).toBe(404);
  });
});
