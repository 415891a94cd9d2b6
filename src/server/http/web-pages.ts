/**
 * The web app's files and pages, when a build is in WEB_DIR: hashed assets cached for a year, and every other GET
 * (and HEAD) outside /api/ answered as a page of the web app — index.html with the route's preloads, and for the
 * public pages the server-rendered markup (page-render.ts; docs/decisions/012-server-rendered-public-pages.md).
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { isApiRequest } from './api-path.js';
import { pageRenderer } from './page-render.js';
import { spaPages } from './spa-pages.js';

// At the root (fastify-plugin): rendering injects requests into the whole app.
export const webPages = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  if (!existsSync(path.join(config.webDir, 'index.html'))) return;
  const spaHtml = spaPages(config.webDir);
  await app.register(fastifyStatic, {
    root: config.webDir,
    wildcard: false,
    index: false,
    // The build writes each text file also as .br and .gz (vite.config.ts): sent as they are, not compressed again.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const renderPage = pageRenderer(app, config.webDir, config.baseUrl);
  // A route, not the not-found handler, so @fastify/compress applies (a rendered page is 10–40 KB gzip).
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // An API path in any spelling is never a page (canonicalApiPaths answers it first; this holds without it too).
    if (isApiRequest(request)) return reply.callNotFound();
    const page = spaHtml(request.url.split('?')[0] ?? '/');
    // Rendered pages may name the signed-in account, so no shared caches.
    const rendered = request.method === 'GET' && renderPage ? await renderPage(request, page) : null;
    // An address, expert or workshop that does not exist answers 404 with the not-found page (docs/product.md "Pages
    // people can find and share"); known only from a render, so a page served unrendered answers 200.
    return reply
      .status(rendered?.status ?? 200)
      .header('cache-control', rendered ? 'private, no-cache' : 'no-cache')
      .type('text/html; charset=utf-8')
      .send(rendered?.html ?? page.html);
  });
});
