/**
 * Server rendering of the public pages: loads the renderer built from src/web/entry-server.tsx
 * (dist/ssr/entry-server.js, next to the web build) on the first page request and puts the rendered markup and
 * the reads it was made from into the page's HTML. The page's API reads are answered in-process by
 * `app.inject` with the visitor's cookie and address, so they pass the same hooks, rate limits and
 * authorisation as the browser's own requests. A route the renderer does not list, a missing build, or a
 * render that fails gives null: the caller then serves the browser-rendered page (the error is logged).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { intoHead, type SpaPage } from './spa-pages.js';

type ApiFetch = (path: string, init: RequestInit) => Promise<Response>;
/** The head a rendered page describes itself with (src/web/app/page-head.ts). */
type PageHead = {
  status: number;
  description: string;
  canonicalUrl: string | null;
  meta: { attribute: 'property' | 'name'; key: string; content: string }[];
  jsonLd: unknown[];
};
type Renderer = {
  renderPage: (url: string, fetchApi: ApiFetch, baseUrl: string) => Promise<{ html: string; state: unknown; title: string | undefined; head: PageHead } | null>;
};
/** A server-rendered page: its HTML and its status (404 for an address, expert or workshop that does not exist). */
export type RenderedHtml = { html: string; status: number };

/** JSON safe inside a `<script>` element: no `</script>`, no HTML comment openers, no line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The head's tags, escaped: the description, the canonical link (or noindex), the Open Graph and Twitter card
 * tags, and each schema.org object as a `<script type="application/ld+json">` (scriptJson: text from experts cannot
 * close the element).
 */
function headTags(head: PageHead): string[] {
  return [
    head.canonicalUrl ? `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}">` : '<meta name="robots" content="noindex">',
    ...head.meta.map((tag) => `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}">`),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
}

/**
 * `webDir` is dist/web; the renderer is looked for at dist/ssr/entry-server.js. Returns null when it is not
 * built, else `render(request, page)`: the page's shell (spa-pages.ts) with the server's markup inside
 * `<div id="root">` and `<script type="application/json" id="ssr-data" data-modules="…">` (the dehydrated
 * query cache read by src/web/main.tsx, and the page's chunks for src/web/boot.ts), or null as described above.
 */
export function pageRenderer(app: FastifyInstance, webDir: string, baseUrl: string) {
  const entry = path.join(webDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  let renderer: Promise<Renderer> | undefined;
  return async (request: FastifyRequest, page: SpaPage): Promise<RenderedHtml | null> => {
    const fetchApi: ApiFetch = async (apiPath, init) => {
      if (!apiPath.startsWith('/api/') || (init.method ?? 'GET') !== 'GET') throw new Error(`server render may only read the API (${apiPath})`);
      const answer = await app.inject({
        method: 'GET',
        url: apiPath,
        headers: { cookie: request.headers.cookie ?? '', accept: 'application/json' },
        remoteAddress: request.ip,
      });
      return new Response(answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };
    try {
      renderer ??= import(pathToFileURL(entry).href) as Promise<Renderer>;
      // BASE_URL followed by the path, not `new URL(request.url, baseUrl)`: a path starting '//' would name another host.
      const rendered = await (await renderer).renderPage(new URL(`${baseUrl}${request.url}`).href, fetchApi, baseUrl);
      if (!rendered) return null;
      const modules = page.modules.join(' ').replace(/[&"<]/g, '');
      const title = rendered.title && escapeHtml(rendered.title);
      const html = intoHead(page.shell, headTags(rendered.head))
        .replace(/<title>[^<]*<\/title>/, (shell) => (title ? `<title>${title}</title>` : shell))
        .replace(/<meta name="description"[^>]*>/, () => `<meta name="description" content="${escapeHtml(rendered.head.description)}" />`)
        .replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>`)
        .replace('</body>', () => `<script type="application/json" id="ssr-data" data-modules="${modules}">${scriptJson(rendered.state)}</script>\n  </body>`);
      return { html, status: rendered.head.status };
    } catch (err) {
      request.log.error({ err, url: request.url.split('?')[0] }, 'server render failed; serving the browser-rendered page');
      return null;
    }
  };
}
