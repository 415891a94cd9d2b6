/**
 * DELETE /api/workshops/{id}/waitlist (docs/product.md "Workshops"): a client leaves the waitlist, or gives up the
 * seat offered to them — which then goes to the next client in line at once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../../../shared/ids.js';
import type { WaitlistView } from '../../../../shared/schemas/workshops.js';
import { workshopMessages } from '../../../../shared/workshops.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { workshopWaitlist as line } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import type { SessionDeps } from '../../sessions/booking-service.js';
import { offerFreeSeats } from '../waitlist-service.js';
import { getWaitlist } from './get-waitlist.js';
import { clock } from '../../../clock.js';

/**
 * Ends `client`'s place on the waitlist of workshop `workshopId` at `now` ('left' while waiting, 'declined' for an
 * open offer, whose seat is offered to the next client); returns their place (`none`). Errors: 403 not a client,
 * 404 unknown workshop or a draft, 409 'You are not on the waitlist for this workshop'.
 */
export async function leaveWaitlist(deps: SessionDeps, client: CurrentUser, workshopId: string, now = clock.now()): Promise<WaitlistView> {
  if (client.role !== 'client') throw new AppError('FORBIDDEN', workshopMessages.onlyClientsWait);
  if (!isUuid(workshopId)) throw new AppError('NOT_FOUND', workshopMessages.notFound);
  await getWaitlist(deps.db, client, workshopId);
  await deps.db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ id: line.id, status: line.status })
      .from(line)
      .where(and(eq(line.workshopId, workshopId), eq(line.clientId, client.id), inArray(line.status, ['waiting', 'offered'])))
      .for('update');
    if (!mine) throw new AppError('CONFLICT', workshopMessages.notWaiting);
    await tx
      .update(line)
      .set({ status: mine.status === 'offered' ? 'declined' : 'left', endedAt: now })
      .where(eq(line.id, mine.id));
    if (mine.status === 'offered') await offerFreeSeats(tx, deps, workshopId, now);
  });
  return getWaitlist(deps.db, client, workshopId);
}
