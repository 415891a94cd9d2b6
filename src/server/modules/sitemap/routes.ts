/**
 * `/robots.txt` and `/sitemap.xml` for search engines (docs/product.md "Pages people can find and share"). The
 * sitemap's XML is written by the `sitemap` package (escaping and the protocol's format are its job); both name
 * absolute addresses from BASE_URL. Not kept: crawlers read them a few times a day, and each read is a count and one
 * indexed page of rows, so a published or hidden expert and a published or cancelled workshop show in the next read
 * on every server.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { sitemapEntries, sitemapFileLimit, sitemapSize } from './sitemap-service.js';
import { clock } from '../../clock.js';

/** What crawlers may read: not the signed-in pages nor the API. */
const disallowed = ['/dashboard/', '/session/', '/admin', '/api/', '/account', '/messages', '/payment'];

/** `?part=N` (from 1) names one file of a sitemap listed in parts. */
const sitemapQuery = z.object({ part: z.coerce.number().int().min(1).max(10_000).optional() });

/** `urlsPerFile`: at most the protocol's 50 000; tests set fewer to see a sitemap in parts. */
export const sitemapRoutes: FastifyPluginAsyncZod<{ db: Db; baseUrl: string; urlsPerFile?: number }> = async (
  app,
  { db, baseUrl, urlsPerFile = sitemapFileLimit },
) => {
  const xml = (stream: SitemapStream | SitemapIndexStream, items: object[]) => streamToPromise(Readable.from(items).pipe(stream));
  const send = (reply: FastifyReply, body: Buffer) => reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(body);

  /** robots.txt: everything but `disallowed`, and where the sitemap is. */
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n')),
  );

  /**
   * sitemap.xml: a `<urlset>` of sitemap-service.ts's addresses, each `<loc>` absolute, `<lastmod>` where known. Past
   * `urlsPerFile` addresses it is a `<sitemapindex>` of `/sitemap.xml?part=1…N`, each a `<urlset>` of that many;
   * a part past the last answers 404.
   */
  app.get('/sitemap.xml', { schema: { hide: true, querystring: sitemapQuery } }, async (request, reply) => {
    const now = clock.now();
    const parts = Math.ceil((await sitemapSize(db, now)) / urlsPerFile);
    const part = request.query.part;
    if (part === undefined && parts > 1) {
      const index = Array.from({ length: parts }, (_, i) => ({ url: `${baseUrl}/sitemap.xml?part=${i + 1}` }));
      return send(reply, await xml(new SitemapIndexStream(), index));
    }
    if (part !== undefined && part > parts) throw new AppError('NOT_FOUND', 'This part of the sitemap does not exist.');
    const entries = await sitemapEntries(db, now, { offset: ((part ?? 1) - 1) * urlsPerFile, limit: urlsPerFile });
    const stream = new SitemapStream({ hostname: `${baseUrl}/`, xmlns: { news: false, xhtml: false, image: false, video: false } });
    return send(
      reply,
      await xml(
        stream,
        entries.map((e) => ({ url: e.path, lastmod: e.lastmod?.toISOString() })),
      ),
    );
  });
};
