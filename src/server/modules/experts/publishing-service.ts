/**
 * Going live (docs/product.md "Expert onboarding and publishing"): an approved expert's profile is a draft —
 * absent from search, its page and bookable times answering 404, not bookable — until the expert, having set a
 * rate, time zone and weekly hours, and a photo, publishes it. The database refuses a published row without a rate
 * or publication time (experts_published_check, migration 0024); the hours (another table) and the photo
 * (profiles live before this rule may lack one) are checked here. Kept catalogue answers are dropped by the
 * change feed when the row changes, so search shows the change at once.
 */
import { eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import { publishingSteps, type PublishingStep } from '../../../shared/expert-publishing.js';
import type { ProfilePublishing } from '../../../shared/schemas/expert-publishing.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { qualified } from '../../db/qualified.js';
import { availabilityRules, experts } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { refundPackagesOf } from '../packages/prepaid-service.js';
import { endSubscriptionsOf, type EndDeps } from '../plans/ending-service.js';
import type { ExpertRow } from './service.js';
import { clock } from '../../clock.js';

type PublishingRow = Pick<ExpertRow, 'id' | 'slug' | 'status' | 'publishedAt' | 'hourlyRateCents' | 'imageUrl'> & { hasHours: boolean };

/** The expert profile owned by `user` with whether it has weekly hours, locked with `lock`; 403 when there is none. */
async function ownPublishing(db: Db | Tx, user: CurrentUser, lock = false): Promise<PublishingRow> {
  const query = db
    .select({
      id: experts.id,
      slug: experts.slug,
      status: experts.status,
      publishedAt: experts.publishedAt,
      hourlyRateCents: experts.hourlyRateCents,
      imageUrl: experts.imageUrl,
      hasHours: sql<boolean>`exists (select 1 from ${availabilityRules} where ${qualified(availabilityRules.expertId)} = ${qualified(experts.id)})`,
    })
    .from(experts)
    .where(eq(experts.userId, user.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('FORBIDDEN', messages.profile.notAnExpert);
  return row;
}

function toPublishing(row: PublishingRow): ProfilePublishing {
  return {
    slug: row.slug,
    published: row.status === 'published',
    publishedAt: row.publishedAt?.toISOString() ?? null,
    suspended: row.status === 'suspended',
    steps: { rate: row.hourlyRateCents !== null, hours: row.hasHours, photo: row.imageUrl !== null },
  };
}

/** GET /api/me/profile-publishing: the signed-in expert's publication and checklist. 403 without a profile. */
export async function getMyPublishing(db: Db, user: CurrentUser): Promise<ProfilePublishing> {
  return toPublishing(await ownPublishing(db, user));
}

/**
 * PUT /api/me/profile-publishing `{ published }`: publishes (status 'published', published_at = `now` unless already
 * live) or hides (status 'draft', published_at null) the signed-in expert's profile; repeating either changes
 * nothing. Hiding ends every live plan subscribed to the expert's plans now, with the unused share of its month
 * refunded, and every live package bought from them, its unused sessions refunded (docs/product.md "Plans and
 * packages": the clients e-mailed). Errors: 403 without a profile; 409 'Your profile is suspended…'; 400 'Before publishing, please set
 * {missing steps}.' when a step is not done — nothing changes on any error.
 */
export async function setMyPublishing(db: Db, deps: EndDeps, user: CurrentUser, published: boolean, now = clock.now()): Promise<ProfilePublishing> {
  return db.transaction(async (tx) => {
    const row = await ownPublishing(tx, user, true);
    if (row.status === 'suspended') throw new AppError('CONFLICT', messages.publishing.suspended);
    if (published === (row.status === 'published')) return toPublishing(row);
    if (published) {
      const { steps } = toPublishing(row);
      const missing = (Object.keys(publishingSteps) as PublishingStep[]).filter((s) => !steps[s]);
      if (missing.length > 0) throw new AppError('VALIDATION', messages.publishing.missingSteps(missing.map((s) => publishingSteps[s])));
    }
    const [updated] = await tx
      .update(experts)
      .set({ status: published ? 'published' : 'draft', publishedAt: published ? now : null, updatedAt: now })
      .where(eq(experts.id, row.id))
      .returning({ status: experts.status, publishedAt: experts.publishedAt });
    if (!published) {
      const ending = { side: 'expert', actorId: user.id, reason: 'the expert unpublished their profile' } as const;
      await endSubscriptionsOf(tx, deps, { expertId: row.id }, ending, now);
      await refundPackagesOf(tx, deps, row.id, ending, now);
    }
    return toPublishing({ ...row, ...updated! });
  });
}
