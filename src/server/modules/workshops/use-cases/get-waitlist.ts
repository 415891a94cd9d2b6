/** GET /api/workshops/{id}/waitlist (docs/product.md "Workshops"): the signed-in viewer's place on the waitlist. */
import { and, count, eq, inArray, lt, lte, ne, or } from 'drizzle-orm';
import { isUuid } from '../../../../shared/ids.js';
import type { WaitlistView } from '../../../../shared/schemas/workshops.js';
import { workshopMessages } from '../../../../shared/workshops.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { experts, workshops, workshopWaitlist as line } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';

/**
 * Where `viewer` stands on the waitlist of workshop `id` (published or cancelled, of a published expert): `none`,
 * `waiting` with their position (1 = next in line, joining order), or `offered` with the offer's deadline (ISO
 * UTC); and how many wait in all. 404 'Workshop not found' for an unknown id or a draft.
 */
export async function getWaitlist(db: Db, viewer: CurrentUser, id: string): Promise<WaitlistView> {
  const [w] = isUuid(id)
    ? await db
        .select({ id: workshops.id })
        .from(workshops)
        .innerJoin(experts, eq(experts.id, workshops.expertId))
        .where(and(eq(workshops.id, id), ne(workshops.status, 'draft'), eq(experts.status, 'published')))
    : [];
  if (!w) throw new AppError('NOT_FOUND', workshopMessages.notFound);
  const waitingHere = and(eq(line.workshopId, id), eq(line.status, 'waiting'));
  const [[mine], [total]] = await Promise.all([
    db
      .select()
      .from(line)
      .where(and(eq(line.workshopId, id), eq(line.clientId, viewer.id), inArray(line.status, ['waiting', 'offered']))),
    db.select({ n: count() }).from(line).where(waitingHere),
  ]);
  const waiting = total?.n ?? 0;
  if (!mine) return { status: 'none', position: null, offerExpiresAt: null, waiting };
  if (mine.status === 'offered') return { status: 'offered', position: null, offerExpiresAt: mine.offerExpiresAt!.toISOString(), waiting };
  const [ahead] = await db
    .select({ n: count() })
    .from(line)
    .where(and(waitingHere, or(lt(line.joinedAt, mine.joinedAt), and(eq(line.joinedAt, mine.joinedAt), lte(line.id, mine.id)))));
  return { status: 'waiting', position: ahead?.n ?? 1, offerExpiresAt: null, waiting };
}
