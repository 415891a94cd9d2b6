/**
 * The expert catalogue: result cards, profiles, the lookup by uuid or slug and the languages spoken. Search
 * (docs/product.md "Search and catalogue"; sort and pages) is in search-service.ts.
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ExpertCard, ExpertProfile } from '../../../shared/schemas/experts.js';
import { expertMessages } from '../../../shared/schemas/experts.js';
import { isUuid } from '../../../shared/ids.js';
import type { Db, Tx } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** Every column of experts but the search vectors (derived from the others for the search indexes; no answer shows them). */
const { searchVector: _searchVector, titleVector: _titleVector, ...expertColumns } = getTableColumns(experts);
export type ExpertRow = Omit<typeof experts.$inferSelect, 'searchVector' | 'titleVector'>;

/** How `idOrSlug` names an expert: a uuid (any case, compared in lower case) or else a slug. */
export function expertKey(idOrSlug: string): { by: 'id' | 'slug'; value: string } {
  return isUuid(idOrSlug) ? { by: 'id', value: idOrSlug.toLowerCase() } : { by: 'slug', value: idOrSlug };
}

/**
 * The expert profile of account `userId` as a seller of plans and packages — its id, hourly rate (cents, null before
 * it is set) and currency —, in any status; null for an account without one.
 */
export async function sellerOf(db: Db | Tx, userId: string): Promise<{ id: string; hourlyRateCents: number | null; currency: string } | null> {
  const [row] = await db
    .select({ id: experts.id, hourlyRateCents: experts.hourlyRateCents, currency: experts.currency })
    .from(experts)
    .where(eq(experts.userId, userId))
    .limit(1);
  return row ?? null;
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
