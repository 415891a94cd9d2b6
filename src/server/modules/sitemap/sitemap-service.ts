/**
 * What sitemap.xml lists (docs/product.md "Pages people can find and share"; the sitemaps protocol,
 * sitemaps.org): the public pages, every upcoming published workshop of a published expert and every published
 * expert's profile, with when each last changed, in that order. Read from the database on each request, so a write
 * shows at once. A file holds at most `sitemapFileLimit` addresses: a larger site is listed in parts.
 */
import { and, asc, count, eq, gt } from 'drizzle-orm';
import { listedPages } from '../../../shared/public-pages.js';
import type { Db } from '../../db/client.js';
import { experts, workshops } from '../../db/schema.js';

/** One address: a path on the site, and when its content last changed (UTC; unknown for the fixed pages). */
export type SitemapEntry = { path: string; lastmod?: Date };

/** The protocol's limit of addresses in one sitemap file. */
export const sitemapFileLimit = 50_000;

const upcomingWhere = (now: Date) => and(eq(workshops.status, 'published'), eq(experts.status, 'published'), gt(workshops.startsAt, now));

async function upcomingCount(db: Db, now: Date): Promise<number> {
  const [w] = await db.select({ n: count() }).from(workshops).innerJoin(experts, eq(experts.id, workshops.expertId)).where(upcomingWhere(now));
  return w?.n ?? 0;
}

/** How many addresses the sitemap lists at `now`. */
export async function sitemapSize(db: Db, now: Date): Promise<number> {
  const [e] = await db.select({ n: count() }).from(experts).where(eq(experts.status, 'published'));
  return listedPages.length + (await upcomingCount(db, now)) + (e?.n ?? 0);
}

/** The part [from, to) of `from`..`to` that falls in a run of `length` addresses starting at `start`. */
const within = (from: number, to: number, start: number, length: number) => {
  const offset = Math.min(Math.max(from - start, 0), length);
  return { offset, limit: Math.min(Math.max(to - start, 0), length) - offset };
};

/**
 * The addresses `offset` to `offset + limit - 1` (0-based) of the sitemap at `now`: the fixed pages, then workshops
 * soonest first, then experts by slug — orders that hold from one request to the next, so parts do not overlap.
 */
export async function sitemapEntries(db: Db, now: Date, { offset, limit }: { offset: number; limit: number }): Promise<SitemapEntry[]> {
  const to = offset + limit;
  const pageCount = listedPages.length;
  const workshopCount = await upcomingCount(db, now);
  const w = within(offset, to, pageCount, workshopCount);
  const e = within(offset, to, pageCount + workshopCount, Number.MAX_SAFE_INTEGER);
  const upcoming = w.limit
    ? await db
        .select({ id: workshops.id, updatedAt: workshops.updatedAt })
        .from(workshops)
        .innerJoin(experts, eq(experts.id, workshops.expertId))
        .where(upcomingWhere(now))
        .orderBy(asc(workshops.startsAt), asc(workshops.id))
        .offset(w.offset)
        .limit(w.limit)
    : [];
  const profiles = e.limit
    ? await db
        .select({ slug: experts.slug, updatedAt: experts.updatedAt })
        .from(experts)
        .where(eq(experts.status, 'published'))
        .orderBy(asc(experts.slug))
        .offset(e.offset)
        .limit(e.limit)
    : [];
  return [
    ...listedPages.slice(offset, to).map((path) => ({ path })),
    ...upcoming.map((row) => ({ path: `/workshops/${row.id}`, lastmod: row.updatedAt })),
    ...profiles.map((row) => ({ path: `/expert/${encodeURIComponent(row.slug)}`, lastmod: row.updatedAt })),
  ];
}
