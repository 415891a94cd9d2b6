/**
 * `/robots.txt` and `/sitemap.xml` for search engines (docs/product.md "Pages people can find and share"). The
 * sitemap's XML is written by the `sitemap` package (escaping and the protocol's format are its job); both name
 * absolute addresses from BASE_URL. Not kept: crawlers read them a few times a day, and each read is one indexed
 * query, so a published or hidden expert and a published or cancelled workshop show in the next read on every server.
 */
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { SitemapStream, streamToPromise } from 'sitemap';
import type { Db } from '../../db/client.js';
import { sitemapEntries } from './sitemap-service.js';

/** What crawlers may read: not the signed-in pages nor the API. */
const disallowed = ['/dashboard/', '/session/', '/admin', '/api/', '/account', '/messages', '/payment'];

export async function sitemapRoutes(app: FastifyInstance, { db, baseUrl }: { db: Db; baseUrl: string }) {
  /** robots.txt: everything but `disallowed`, and where the sitemap is. */
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n')),
  );

  /** sitemap.xml: a `<urlset>` of sitemap-service.ts's addresses, each `<loc>` absolute, `<lastmod>` where known. */
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const entries = await sitemapEntries(db, new Date());
    const stream = new SitemapStream({ hostname: `${baseUrl}/`, xmlns: { news: false, xhtml: false, image: false, video: false } });
    const xml = await streamToPromise(Readable.from(entries.map((e) => ({ url: e.path, lastmod: e.lastmod?.toISOString() }))).pipe(stream));
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(xml);
  });
}
