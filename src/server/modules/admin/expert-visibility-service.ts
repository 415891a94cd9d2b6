/** The team unpublishes or republishes an expert's profile (docs/product.md "Team console", "Sessions and money"). */
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { experts, user } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import { refundPackagesOf } from '../packages/prepaid-service.js';
import { endSubscriptionsOf, type EndDeps } from '../plans/ending-service.js';
import { assertUuid, recordAudit } from './audit-service.js';
import { visibilityEmail } from './emails.js';
import { clock } from '../../clock.js';

const m = messages.admin;

/**
 * POST /api/admin/experts/{id}/visibility `{ published, reason }`: hides a published profile (status suspended: out of
 * search and its page at once, and the expert cannot publish it again themselves) or publishes again a profile the team
 * hid; booked sessions are not touched. Hiding ends every live plan subscribed to the expert's plans now, with the
 * unused share of its month refunded (docs/product.md "Plans and packages": both sides e-mailed). The expert is
 * e-mailed the reason; audited. Returns the owner's account id.
 * 404 unknown profile; 409 not published (hiding), not hidden by the team or the owner's account suspended (republishing).
 */
export async function setExpertVisibility(
  db: Db,
  deps: EndDeps,
  admin: CurrentUser,
  id: string,
  input: { published: boolean; reason: string },
  now = clock.now(),
): Promise<{ userId: string }> {
  assertUuid(id, m.expertNotFound);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ e: experts, u: user })
      .from(experts)
      .innerJoin(user, eq(user.id, experts.userId))
      .where(eq(experts.id, id))
      .for('update', { of: experts });
    if (!row) throw new AppError('NOT_FOUND', m.expertNotFound);
    const { e, u } = row;
    if (!input.published && e.status !== 'published') throw new AppError('CONFLICT', m.notPublished);
    if (input.published && (e.status !== 'suspended' || u.deletedAt)) throw new AppError('CONFLICT', m.notHidden);
    if (input.published && u.suspendedAt) throw new AppError('CONFLICT', m.ownerSuspended);
    const reason = input.reason.trim();
    await tx
      .update(experts)
      .set(input.published ? { status: 'published', publishedAt: now, updatedAt: now } : { status: 'suspended', publishedAt: null, updatedAt: now })
      .where(eq(experts.id, id));
    const ending = { side: 'team', actorId: admin.id, reason: "the expert's profile was unpublished" } as const;
    const plansEnded = input.published ? 0 : await endSubscriptionsOf(tx, deps, { expertId: id }, ending, now);
    const packagesRefunded = input.published ? 0 : await refundPackagesOf(tx, deps, id, ending, now);
    await recordAudit(tx, {
      actorId: admin.id,
      action: input.published ? 'expert.republish' : 'expert.unpublish',
      targetType: 'expert',
      targetId: id,
      detail: input.published ? { reason } : { reason, plansEnded, packagesRefunded },
    });
    await enqueueEmail(tx, visibilityEmail(u.email, { name: u.firstName ?? e.name, published: input.published, reason }, deps.baseUrl));
    return { userId: u.id };
  });
}
