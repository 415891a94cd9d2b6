/**
 * The expert catalogue: search (docs/product.md "Search and catalogue"; sort and pages), profiles and the
 * lookup by uuid or slug. Search matches words with PostgreSQL full-text search (the weighted, GIN-indexed
 * `search_vector`) in SQL that reads a bounded number of rows, never a scan in memory.
 */
import { and, asc, count, desc, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { ExpertCard, ExpertList, ExpertListQuery, ExpertProfile } from '../../../shared/schemas/experts.js';
import { expertMessages } from '../../../shared/schemas/experts.js';
import { isUuid } from '../../../shared/ids.js';
import type { Db } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { queryLexemes, tsqueryOperand } from './search-words.js';

/** Every column of experts but the search vectors (derived from the others for the search indexes; no answer shows them). */
const { searchVector: _searchVector, titleVector: _titleVector, ...expertColumns } = getTableColumns(experts);
export type ExpertRow = Omit<typeof experts.$inferSelect, 'searchVector' | 'titleVector'>;

/** How `idOrSlug` names an expert: a uuid (any case, compared in lower case) or else a slug. */
export function expertKey(idOrSlug: string): { by: 'id' | 'slug'; value: string } {
  return isUuid(idOrSlug) ? { by: 'id', value: idOrSlug.toLowerCase() } : { by: 'slug', value: idOrSlug };
}

/** A published expert by uuid or slug; AppError NOT_FOUND 'Expert Not Found' otherwise (also for malformed ids). */
export async function findExpert(db: Db, idOrSlug: string): Promise<ExpertRow> {
  const key = expertKey(idOrSlug);
  const [row] = await db
    .select(expertColumns)
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
    // Cards and profiles are shaped from published rows, which always have a rate (experts_published_check).
    hourlyRateCents: row.hourlyRateCents!,
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

/** Matches the experts_listing_idx index (rating, review count, name, id). */
const byRating = [sql`${experts.ratingAvg} desc nulls last`, sql`${experts.reviewCount} desc nulls last`, asc(experts.name), asc(experts.id)];

/** The order of a non-relevance sort, each read from an index (experts_listing_idx, experts_rate_idx). */
function sortOrder(sort: Exclude<ExpertListQuery['sort'], 'relevance'>): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(experts.hourlyRateCents), ...byRating];
    case 'price_desc':
      return [desc(experts.hourlyRateCents), ...byRating];
    case 'rating':
      return byRating;
  }
}

/**
 * Counts stop here: beyond it a search answers `total: 1000, totalIsLowerBound: true` (shown as "1,000+
 * experts"), so a count never reads more than this many rows however common the words are.
 */
const searchCountBound = 1000;

/** Keeps `load()`'s answer under `key` (the route passes the cache owner's memo, src/server/cache/); by default nothing is kept. */
export type Memo = <T>(key: string, load: () => Promise<T>) => Promise<T>;
const noMemo: Memo = (_key, load) => load();

/** Every way to choose `size` items of `items` (order kept). */
function combinations<T>(items: T[], size: number): T[][] {
  if (size === 0) return [[]];
  return items.flatMap((item, i) => combinations(items.slice(i + 1), size - 1).map((rest) => [item, ...rest]));
}

/** A tsquery (text) true when the vector has at least `size` of `lexemes`. */
function atLeast(lexemes: string[], size: number): string {
  return combinations(lexemes.map(tsqueryOperand), size)
    .map((all) => `(${all.join(' & ')})`)
    .join(' | ');
}

/**
 * The relevance tiers of a search for `lexemes` as conditions, best first and disjoint (docs/product.md "Search and
 * catalogue"): every word in name, role or expertise; every word anywhere; then at least n − 1 words, n − 2, … 1.
 * Each tier is ordered by rating; its condition is a tsquery on an indexed vector, which PostgreSQL estimates from
 * per-word statistics, so it walks the rating index while the tier is common and reads the posting lists when rare.
 */
function relevanceTiers(lexemes: string[]): SQL[] {
  const has = (vector: typeof experts.searchVector | typeof experts.titleVector, query: string) => sql`${vector} @@ ${query}::tsquery`;
  const all = atLeast(lexemes, lexemes.length);
  const tiers = [has(experts.titleVector, all), and(has(experts.searchVector, all), sql`not ${has(experts.titleVector, all)}`)!];
  for (let size = lexemes.length - 1; size >= 1; size--)
    tiers.push(and(has(experts.searchVector, atLeast(lexemes, size)), sql`not ${has(experts.searchVector, atLeast(lexemes, size + 1))}`)!);
  return tiers;
}

/**
 * GET /api/experts (docs/product.md "Search and catalogue"). Only published experts; the filters (expertise
 * area, language, rates in dollars) always apply. `query` is matched word by word (queryLexemes: stems, stop
 * words dropped, typos corrected): an expert is found when they have at least one of its words. Relevance
 * ranks experts with every word in their name, role or expertise first, then those with every word anywhere,
 * then by how many words they have (relevanceTiers), each tier by rating, review count, name; the other sorts
 * order every found expert by price or rating. When the query has no word that any expert has, or finds nobody under
 * the filters, every expert passing the filters is listed with `matched: false`.
 *
 * `total` is exact up to `searchCountBound`; beyond it `total` is the bound and `totalIsLowerBound` true.
 * Each query reads a bounded number of rows (docs/decisions/018-search-without-a-cache.md): the page walks an
 * index in sort order with the words as a filter, or, for words few experts have, reads their GIN posting
 * lists; the count stops at the bound; a relevance tier is read only when the tiers before it do not fill the
 * page. `memo` caches the count per words and filters (pages and sorts of one search share it).
 */
export async function searchExperts(db: Db, q: ExpertListQuery, memo: Memo = noMemo): Promise<ExpertList> {
  const filters: SQL[] = [eq(experts.status, 'published')];
  if (q.expertise) filters.push(sql`${experts.expertise} @> array[${q.expertise}]::text[]`);
  if (q.language) filters.push(sql`${experts.languages} @> array[${q.language}]::text[]`);
  if (q.minRate !== undefined) filters.push(gte(experts.hourlyRateCents, Math.round(q.minRate * 100)));
  if (q.maxRate !== undefined) filters.push(lte(experts.hourlyRateCents, Math.round(q.maxRate * 100)));
  const filterKey = JSON.stringify([q.expertise, q.language, q.minRate, q.maxRate]);
  const offset = (q.page - 1) * q.pageSize;

  /** Up to `searchCountBound` + 1 rows matching `where`, counted. */
  const boundedCount = (where: SQL[], key: string) =>
    memo(`search-count:${key}`, async () => {
      const found = db
        .select({ one: sql`1` })
        .from(experts)
        .where(and(...where))
        .limit(searchCountBound + 1)
        .as('found');
      return (await db.select({ n: count() }).from(found))[0]?.n ?? 0;
    });
  const answer = (rows: ExpertRow[], found: number, matched: boolean): ExpertList => ({
    experts: rows.map(toCard),
    total: Math.min(found, searchCountBound),
    totalIsLowerBound: found > searchCountBound,
    page: q.page,
    pageSize: q.pageSize,
    matched,
  });

  const lexemes = q.query ? await queryLexemes(db, q.query) : [];
  if (lexemes.length) {
    const any = atLeast(lexemes, 1);
    const where = [...filters, sql`${experts.searchVector} @@ ${any}::tsquery`];
    const [rows, found] = await Promise.all([
      q.sort === 'relevance'
        ? relevancePage(db, filters, relevanceTiers(lexemes), q.pageSize, offset)
        : sortedPage(db, where, sortOrder(q.sort), q.pageSize, offset),
      boundedCount(where, `${filterKey}:${any}`),
    ]);
    if (found > 0) return answer(rows, found, true);
  }
  const [rows, found] = await Promise.all([
    sortedPage(db, filters, q.sort === 'relevance' ? byRating : sortOrder(q.sort), q.pageSize, offset),
    boundedCount(filters, filterKey),
  ]);
  return answer(rows, found, false);
}

/** `limit` experts matching `where` in `order` after the first `offset` (an index walk that stops there). */
function sortedPage(db: Db, where: SQL[], order: SQL[], limit: number, offset: number): Promise<ExpertRow[]> {
  return db
    .select(expertColumns)
    .from(experts)
    .where(and(...where))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/**
 * `limit` experts passing `filters` in relevance order after the first `offset`: the `tiers` in turn, each by rating.
 * One UNION ALL whose parts PostgreSQL reads in order (an Append; parallel scans of experts are off, migration
 * 0010) and stops reading once it has `offset + limit` rows, so a tier is read only when the tiers before it do
 * not fill the page.
 */
function relevancePage(db: Db, filters: SQL[], tiers: SQL[], limit: number, offset: number): Promise<ExpertRow[]> {
  const [first, second, ...rest] = tiers.map((tier) =>
    db
      .select(expertColumns)
      .from(experts)
      .where(and(...filters, tier))
      .orderBy(...byRating)
      .limit(offset + limit),
  );
  return unionAll(first!, second!, ...rest)
    .limit(limit)
    .offset(offset);
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
