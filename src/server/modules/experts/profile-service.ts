/**
 * The expert's own profile (docs/product.md "Expert profiles") and the landing carousel's video list
 * (docs/product.md "Content and timings"). Field rules live in
 * src/shared/schemas/expert-profile.ts; the database's checks (1–3 areas, 1000–100000 cents, policy) are
 * the backstop. Public reads are not cached, so a saved change shows on /expert/{slug} and /results at once.
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import type { ExpertProfileUpdate, MyExpertProfile } from '../../../shared/schemas/expert-profile.js';
import type { ExpertVideo } from '../../../shared/schemas/expert-videos.js';
import type { UploadPurpose } from '../../../shared/uploads.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { attachFile, fileView } from '../files/service.js';
import { storePhotoUrl } from '../me/photo-service.js';
import { toProfile, type ExpertRow } from './service.js';

/** The landing carousel shows at most this many videos (docs/product.md "Content and timings"). */
export const maxCarouselVideos = 13;

/** The expert profile owned by `user`; FORBIDDEN 'Only experts with a profile can edit it' when none. */
async function ownProfile(db: Db, user: CurrentUser): Promise<ExpertRow> {
  const [row] = await db.select().from(experts).where(eq(experts.userId, user.id)).limit(1);
  if (!row) throw new AppError('FORBIDDEN', messages.profile.notAnExpert);
  return row;
}

function toMine(row: ExpertRow): MyExpertProfile {
  const p = toProfile(row);
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    status: row.status,
    headline: p.role,
    about: p.about,
    experience: p.experience,
    courses: p.courses,
    languages: p.languages,
    hobbies: p.hobbies,
    expertise: p.expertise,
    hourlyRateCents: row.hourlyRateCents,
    cancellationPolicy: p.cancellationPolicy,
    imageUrl: p.imageUrl,
    introVideoUrl: p.introVideoUrl,
    ratingAvg: p.ratingAvg,
    reviewCount: p.reviewCount,
  };
}

/**
 * The URL to store for a photo or video choice: undefined (absent) keeps `current`, null removes it, an id
 * must name `user`'s own file of `purpose` (else VALIDATION with `notFound`) and becomes `/api/files/{id}`;
 * the file is marked attached in `tx`, the transaction that stores the URL (files/service.ts attachFile).
 */
async function fileUrl(
  tx: Tx,
  user: CurrentUser,
  choice: string | null | undefined,
  purpose: UploadPurpose,
  current: string | null,
  notFound: string,
): Promise<string | null> {
  if (choice === undefined) return current;
  if (choice === null) return null;
  try {
    return fileView(await attachFile(tx, user, choice, purpose)).url;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw new AppError('VALIDATION', notFound);
    throw err;
  }
}

/** GET /api/me/expert-profile: the signed-in expert's editable profile. 403 without a profile. */
export async function getMyExpertProfile(db: Db, user: CurrentUser): Promise<MyExpertProfile> {
  return toMine(await ownProfile(db, user));
}

/**
 * PUT /api/me/expert-profile: replaces headline, about, experience, courses, languages, hobbies, expertise
 * (1–3, catalogue spelling), hourly rate (dollars → integer cents), cancellation policy, and the photo and
 * video when given (see `fileUrl`). One transaction, so a refused request changes nothing. Errors: 403 without a
 * profile; 400 'Photo not found…' / 'Video not found…' for a file that is not the expert's own of that
 * kind. Rating and review count are never touched.
 */
export async function updateMyExpertProfile(db: Db, user: CurrentUser, input: ExpertProfileUpdate): Promise<MyExpertProfile> {
  const current = await ownProfile(db, user);
  const row = await db.transaction(async (tx) => {
    const imageUrl = await fileUrl(tx, user, input.photoFileId, 'photo', current.imageUrl, messages.profile.photoNotFound);
    const introVideoUrl = await fileUrl(tx, user, input.videoFileId, 'video', current.introVideoUrl, messages.profile.videoNotFound);
    const [updated] = await tx
      .update(experts)
      .set({
        role: input.headline,
        about: input.about,
        experience: input.experience,
        courses: input.courses,
        languages: input.languages,
        hobbies: input.hobbies,
        expertise: input.expertise,
        hourlyRateCents: Math.round(input.hourlyRate * 100),
        cancellationPolicy: input.cancellationPolicy,
        imageUrl,
        introVideoUrl,
        updatedAt: new Date(),
      })
      .where(eq(experts.id, current.id))
      .returning();
    // The account's photo is the same photo (docs/product.md "Account").
    if (input.photoFileId !== undefined) await storePhotoUrl(tx, user.id, imageUrl);
    return updated!;
  });
  return toMine(row);
}

/**
 * GET /api/experts/videos: published experts with an intro video, best rated first (then name), at most
 * `maxCarouselVideos`. The poster is the expert's photo; the id is the expert's id.
 */
export async function listExpertVideos(db: Db): Promise<ExpertVideo[]> {
  const rows = await db
    .select({
      id: experts.id,
      url: experts.introVideoUrl,
      posterUrl: experts.imageUrl,
      expertName: experts.name,
      expertRole: experts.role,
      expertSlug: experts.slug,
    })
    .from(experts)
    .where(and(eq(experts.status, 'published'), isNotNull(experts.introVideoUrl)))
    .orderBy(sql`${experts.ratingAvg} desc nulls last`, asc(experts.name), asc(experts.id))
    .limit(maxCarouselVideos);
  return rows.map((r) => ({ ...r, url: r.url! }));
}
