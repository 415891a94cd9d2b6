/**
 * The expert catalogue: search (docs/product.md "Search and catalogue"; sort and pages), profiles and the
 * lookup by uuid or slug. Search is one indexed SQL query: ILIKE over the trigram-indexed `search_text`
 * (role, about and expertise tags), never a scan in memory.
 */
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { ExpertCard, ExpertList, ExpertListQuery, ExpertProfile } from '../../../shared/schemas/experts.js';
import { expertMessages } from '../../../shared/schemas/experts.js';
import type { Db } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import { AppError } from '../../errors.js';

export type ExpertRow = typeof experts.$inferSelect;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How `idOrSlug` names an expert: a uuid (any case, compared in lower case) or else a slug. */
export function expertKey(idOrSlug: string): { by: 'id' | 'slug'; value: string } {
  return uuidPattern.test(idOrSlug) ? { by: 'id', value: idOrSlug.toLowerCase() } : { by: 'slug', value: idOrSlug };
}

/** A published expert by uuid or slug; AppError NOT_FOUND 'Expert Not Found' otherwise (also for malformed ids). */
export async function findExpert(db: Db, idOrSlug: string): Promise<ExpertRow> {
  const key = expertKey(idOrSlug);
  const [row] = await db
    .select()
    .from(experts)
    .where(and(key.by === 'id' ? eq(experts.id, key.value) : eq(experts.slug, key.value), eq(experts.status, 'published')))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', expertMessages.notFound);
  return row;
}

/** Shapes a row as a result card; rating_avg (numeric) becomes a number. */
export function toCard(row: ExpertRow): ExpertCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    role: row.role,
    imageUrl: row.imageUrl,
    hourlyRateCents: row.hourlyRateCents,
    currency: row.currency,
    ratingAvg: row.ratingAvg === null ? null : Number(row.ratingAvg),
    reviewCount: row.reviewCount,
    expertise: row.expertise,
    languages: row.languages,
    isAvailable: row.isAvailable,
  };
}

/** Shapes a row as the full profile (docs/product.md "Expert profiles"). */
export function toProfile(row: ExpertRow): ExpertProfile {
  return {
    ...toCard(row),
    about: row.about,
    experience: row.experience,
    courses: row.courses,
    hobbies: row.hobbies,
    timezone: row.timezone,
    cancellationPolicy: row.cancellationPolicy as ExpertProfile['cancellationPolicy'],
    introVideoUrl: row.introVideoUrl,
  };
}

/** The full profile of a published expert by uuid or slug; 404 'Expert Not Found'. */
export async function getExpertProfile(db: Db, idOrSlug: string): Promise<ExpertProfile> {
  return toProfile(await findExpert(db, idOrSlug));
}

/** `%text%` for ILIKE, with the LIKE wildcards in `text` escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Matches the experts_listing_idx index (rating, review count, name, id). */
const byRating = [sql`${experts.ratingAvg} desc nulls last`, sql`${experts.reviewCount} desc nulls last`, asc(experts.name), asc(experts.id)];

function orderBy(sort: ExpertListQuery['sort'], relevance: SQL | undefined): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(experts.hourlyRateCents), ...byRating];
    case 'price_desc':
      return [desc(experts.hourlyRateCents), ...byRating];
    case 'rating':
      return byRating;
    case 'relevance':
      return relevance ? [sql`${relevance} desc`, ...byRating] : byRating;
  }
}

/**
 * Relevance of a row for the lower-cased LIKE `pattern`, read from `search_text` alone (role, about and the
 * tags, separated by U+001F): a tag match 4, a role match 2, an about match 1, summed. One column read and
 * case-sensitive LIKEs, cheaper per row than ILIKE over three columns (the rows of a common term are many).
 */
function relevanceOf(pattern: string): SQL {
  const role = sql`split_part(${experts.searchText}, chr(31), 1)`;
  const about = sql`split_part(${experts.searchText}, chr(31), 2)`;
  const tags = sql`substr(${experts.searchText}, length(${role}) + length(${about}) + 3)`;
  return sql`(case when ${tags} like ${pattern} then 4 else 0 end + case when ${role} like ${pattern} then 2 else 0 end + case when ${about} like ${pattern} then 1 else 0 end)`;
}

/** Caches `load()` under `key` (the catalogue micro-cache in routes); by default no caching. */
export type Memo = <T>(key: string, load: () => Promise<T>) => Promise<T>;
const noMemo: Memo = (_key, load) => load();

/**
 * GET /api/experts. Only published experts. `query` is a case-insensitive substring of an expertise tag,
 * the about text or the role (docs/product.md "Search and catalogue"); filters (expertise area, language, rates in dollars) always apply.
 * When the query is empty or matches nobody under the filters, every expert passing the filters is listed
 * with `matched: false`. Relevance ranks a tag match over a role match over an about match, then rating.
 *
 * The page and the total are two queries run together: the page is a top-N sort (or an index walk for the
 * rating and price orders) that keeps only the rows it returns, and the total is a plain count, which
 * `memo` caches per filter set (pages and sorts of one search share it). A count window over the page
 * query would materialise every matching row first: at 100 000 experts that was most of the time.
 */
export async function searchExperts(db: Db, q: ExpertListQuery, memo: Memo = noMemo): Promise<ExpertList> {
  const filters: SQL[] = [eq(experts.status, 'published')];
  if (q.expertise) filters.push(sql`${experts.expertise} @> array[${q.expertise}]::text[]`);
  if (q.language) filters.push(sql`${experts.languages} @> array[${q.language}]::text[]`);
  if (q.minRate !== undefined) filters.push(gte(experts.hourlyRateCents, Math.round(q.minRate * 100)));
  if (q.maxRate !== undefined) filters.push(lte(experts.hourlyRateCents, Math.round(q.maxRate * 100)));
  const filterKey = JSON.stringify([q.expertise, q.language, q.minRate, q.maxRate]);

  /** One page and the number of rows matching `where`. */
  const page = async (where: SQL[], countKey: string, relevance?: SQL) => {
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(experts)
        .where(and(...where))
        .orderBy(...orderBy(q.sort, relevance))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      memo(
        `search-count:${countKey}`,
        async () =>
          (
            await db
              .select({ n: count() })
              .from(experts)
              .where(and(...where))
          )[0]?.n ?? 0,
      ),
    ]);
    return { rows, total };
  };

  if (q.query) {
    const pattern = containsPattern(q.query.toLowerCase());
    // search_text is stored in lower case, so a plain LIKE (trigram-indexed, no case folding per row) suffices.
    const found = await page([...filters, sql`${experts.searchText} like ${pattern}`], `${filterKey}:${pattern}`, relevanceOf(pattern));
    if (found.total > 0) return { experts: found.rows.map(toCard), total: found.total, page: q.page, pageSize: q.pageSize, matched: true };
  }
  const all = await page(filters, filterKey);
  return { experts: all.rows.map(toCard), total: all.total, page: q.page, pageSize: q.pageSize, matched: false };
}

/** Every language spoken by a published expert, sorted A–Z (options of the language filter). */
export async function listExpertLanguages(db: Db): Promise<string[]> {
  const language = sql<string>`unnest(${experts.languages})`.as('language');
  const rows = await db
    .selectDistinct({ language })
    .from(experts)
    .where(eq(experts.status, 'published'))
    .orderBy(sql`1`);
  return rows.map((r) => r.language);
}
