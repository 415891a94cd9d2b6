/**
 * The expert catalogue: search (docs/product.md "Search and catalogue"; sort and pages), profiles and the
 * lookup by uuid or slug. Search reads the catalogue index (catalogue-index.ts) with the query's words as
 * PostgreSQL's english full-text search stems them (search-words.ts).
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ExpertCard, ExpertList, ExpertListQuery, ExpertProfile } from '../../../shared/schemas/experts.js';
import { expertMessages } from '../../../shared/schemas/experts.js';
import { isUuid } from '../../../shared/ids.js';
import type { Db } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { CatalogueIndex } from './catalogue-index.js';
import { cardJson } from './catalogue-contents.js';
import { searchCatalogue, searchCountBound } from './catalogue-search.js';
import { withJsonText } from '../../http/plain-json.js';
import { lookUpWords, queryLexemes, queryWords } from './search-words.js';

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

/** The columns a result card is made of. */
export const cardColumns = {
  id: experts.id,
  slug: experts.slug,
  name: experts.name,
  role: experts.role,
  imageUrl: experts.imageUrl,
  hourlyRateCents: experts.hourlyRateCents,
  currency: experts.currency,
  ratingAvg: experts.ratingAvg,
  reviewCount: experts.reviewCount,
  expertise: experts.expertise,
  languages: experts.languages,
  isAvailable: experts.isAvailable,
};
export type CardRow = Pick<ExpertRow, keyof typeof cardColumns>;

/** Shapes a row as a result card; rating_avg (numeric) becomes a number. */
export function toCard(row: CardRow): ExpertCard {
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

/**
 * GET /api/experts (docs/product.md "Search and catalogue"). Only published experts; the filters (expertise
 * area, language, rates in dollars) always apply. `query` is matched word by word (queryLexemes: stems, stop
 * words dropped, typos corrected): an expert is found when they have at least one of its words. Relevance
 * ranks experts with every word in their name, role or expertise first, then those with every word anywhere,
 * then by how many words they have, each tier by rating, review count, name; the other sorts order every found
 * expert by price or rating. When the query has no word that any expert has, or finds nobody under the
 * filters, every expert passing the filters is listed with `matched: false`.
 *
 * `total` is exact up to `searchCountBound`; beyond it `total` is the bound and `totalIsLowerBound` true. The
 * experts are read from the catalogue index in this server's memory (catalogue-index.ts, decision 027), fresh
 * as of every change this server has heard; the database is asked only for the lexemes of words not asked before.
 */
export async function searchExperts(db: Db, index: CatalogueIndex, q: ExpertListQuery): Promise<ExpertList> {
  await index.fresh();
  const lexemes = queryLexemes(await index.wordLexemes(queryWords(q.query), (words) => lookUpWords(db, words)));
  const filters = {
    expertise: q.expertise,
    language: q.language,
    minRateCents: q.minRate === undefined ? undefined : Math.round(q.minRate * 100),
    maxRateCents: q.maxRate === undefined ? undefined : Math.round(q.maxRate * 100),
  };
  const found = searchCatalogue(index.contents(), lexemes, filters, q.sort, (q.page - 1) * q.pageSize, q.pageSize);
  const { experts, ...rest }: ExpertList = {
    experts: found.experts.map((doc) => doc.card),
    total: Math.min(found.found, searchCountBound),
    totalIsLowerBound: found.found > searchCountBound,
    page: q.page,
    pageSize: q.pageSize,
    matched: found.matched,
  };
  // The cards' JSON is kept per expert; the rest is a few numbers.
  return withJsonText({ experts, ...rest }, `{"experts":[${found.experts.map(cardJson).join(',')}],${JSON.stringify(rest).slice(1)}`);
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
