/**
 * What sitemap.xml lists (docs/product.md "Pages people can find and share"; the sitemaps protocol,
 * sitemaps.org): the public pages, every published expert's profile and every upcoming published workshop of a
 * published expert, with when each last changed. Read from the database on each request, so a write shows at once.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { listedPages } from '../../../shared/public-pages.js';
import type { Db } from '../../db/client.js';
import { experts, workshops } from '../../db/schema.js';

/** One address: a path on the site, and when its content last changed (UTC; unknown for the fixed pages). */
export type SitemapEntry = { path: string; lastmod?: Date };

/** The protocol's limit of addresses in one sitemap file. */
export const sitemapLimit = 50_000;

/**
 * The addresses to list at `now`: the fixed pages, then workshops soonest first, then experts most recently changed
 * first, at most `sitemapLimit` in all (a catalogue beyond that lists its most recently changed experts).
 */
export async function sitemapEntries(db: Db, now: Date): Promise<SitemapEntry[]> {
  const pages: SitemapEntry[] = listedPages.map((path) => ({ path }));
  const upcoming = await db
    .select({ id: workshops.id, updatedAt: workshops.updatedAt })
    .from(workshops)
    .innerJoin(experts, eq(experts.id, workshops.expertId))
    .where(and(eq(workshops.status, 'published'), eq(experts.status, 'published'), gt(workshops.startsAt, now)))
    .orderBy(workshops.startsAt)
    .limit(sitemapLimit - pages.length);
  const profiles = await db
    .select({ slug: experts.slug, updatedAt: experts.updatedAt })
    .from(experts)
    .where(eq(experts.status, 'published'))
    .orderBy(desc(experts.updatedAt))
    .limit(sitemapLimit - pages.length - upcoming.length);
  return [
    ...pages,
    ...upcoming.map((w) => ({ path: `/workshops/${w.id}`, lastmod: w.updatedAt })),
    ...profiles.map((e) => ({ path: `/expert/${encodeURIComponent(e.slug)}`, lastmod: e.updatedAt })),
  ];
}
