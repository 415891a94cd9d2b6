/**
 * The expert catalogue: search (spec §5 "Results matching" plus filters, sort and pages), profiles and the
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

/** A published expert by uuid or slug; AppError NOT_FOUND 'Expert Not Found' otherwise (also for malformed ids). */
export async function findExpert(db: Db, idOrSlug: string): Promise<ExpertRow> {
  const key = uuidPattern.test(idOrSlug) ? eq(experts.id, idOrSlug.toLowerCase()) : eq(experts.slug, idOrSlug);
  const [row] = await db.select().from(experts).where(and(key, eq(experts.status, 'published'))).limit(1);
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

/** Shapes a row as the full profile (spec §2 Expert profile). */
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
 * GET /api/experts. Only published experts. `query` is a case-insensitive substring of an expertise tag,
 * the about text or the role (spec §5); filters (expertise area, language, rates in dollars) always apply.
 * When the query is empty or matches nobody under the filters, every expert passing the filters is listed
 * with `matched: false`. Relevance ranks a tag match over a role match over an about match, then rating.
 */
export async function searchExperts(db: Db, q: ExpertListQuery): Promise<ExpertList> {
  const filters: SQL[] = [eq(experts.status, 'published')];
  if (q.expertise) filters.push(sql`${experts.expertise} @> array[${q.expertise}]::text[]`);
  if (q.language) filters.push(sql`${experts.languages} @> array[${q.language}]::text[]`);
  if (q.minRate !== undefined) filters.push(gte(experts.hourlyRateCents, Math.round(q.minRate * 100)));
  if (q.maxRate !== undefined) filters.push(lte(experts.hourlyRateCents, Math.round(q.maxRate * 100)));

  /** One page and the total in a single scan (count(*) over ()). */
  const page = async (where: SQL[], relevance?: SQL) => {
    const rows = await db
      .select({ expert: experts, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(experts)
      .where(and(...where))
      .orderBy(...orderBy(q.sort, relevance))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { rows: rows.map((r) => r.expert), total: rows[0]?.total ?? (q.page > 1 ? await countWhere(where) : 0) };
  };
  const countWhere = async (where: SQL[]) => (await db.select({ n: count() }).from(experts).where(and(...where)))[0]?.n ?? 0;

  if (q.query) {
    const pattern = containsPattern(q.query.toLowerCase());
    const relevance = sql`(case when mentora_array_text(${experts.expertise}, chr(31)) ilike ${pattern} then 4 else 0 end
      + case when ${experts.role} ilike ${pattern} then 2 else 0 end
      + case when ${experts.about} ilike ${pattern} then 1 else 0 end)`;
    // search_text is stored in lower case, so a plain LIKE (trigram-indexed, no case folding per row) suffices.
    const found = await page([...filters, sql`${experts.searchText} like ${pattern}`], relevance);
    if (found.total > 0) return { experts: found.rows.map(toCard), total: found.total, page: q.page, pageSize: q.pageSize, matched: true };
  }
  const all = await page(filters);
  return { experts: all.rows.map(toCard), total: all.total, page: q.page, pageSize: q.pageSize, matched: false };
}

/** Every language spoken by a published expert, sorted A–Z (options of the language filter). */
export async function listExpertLanguages(db: Db): Promise<string[]> {
  const language = sql<string>`unnest(${experts.languages})`.as('language');
  const rows = await db.selectDistinct({ language }).from(experts).where(eq(experts.status, 'published')).orderBy(sql`1`);
  return rows.map((r) => r.language);
}
