/**
 * POST /api/workshops/{id}/waitlist (docs/product.md "Workshops"): a client joins the line of a full workshop. The
 * database keeps one place per client per workshop (workshop_waitlist_one_per_client); a seat that frees is offered
 * in joining order (waitlist-service.ts).
 */
import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../../../shared/ids.js';
import { messages } from '../../../../shared/messages.js';
import { hasClientProfile } from '../../../../shared/roles.js';
import type { WaitlistView } from '../../../../shared/schemas/workshops.js';
import { seatsLeft, workshopMessages } from '../../../../shared/workshops.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import { pgError } from '../../../db/errors.js';
import { experts, workshops, workshopWaitlist } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import type { SessionDeps } from '../../sessions/booking-service.js';
import { offerFreeSeats } from '../waitlist-service.js';
import { holdsSeat } from '../workshop-rows.js';
import { getWaitlist } from './get-waitlist.js';
import { clock } from '../../../clock.js';

/**
 * Puts `client` at the end of the waitlist of workshop `workshopId` at `now`; returns their place. Errors: 403 not
 * a client ('Only client accounts can join the waitlist') or an incomplete profile, 403 their own workshop, 404
 * unknown or a draft, 409 cancelled or started, already holding a seat, already waiting, or seats still free
 * ('Seats are still free in this workshop. Please book a seat instead.').
 */
export async function joinWaitlist(deps: SessionDeps, client: CurrentUser, workshopId: string, now = clock.now()): Promise<WaitlistView> {
  if (client.role !== 'client') throw new AppError('FORBIDDEN', workshopMessages.onlyClientsWait);
  if (!hasClientProfile(client)) throw new AppError('FORBIDDEN', messages.booking.completeProfile);
  const [found] = isUuid(workshopId)
    ? await deps.db
        .select({ workshop: workshops, expertUserId: experts.userId, hasSeat: holdsSeat(client.id) })
        .from(workshops)
        .innerJoin(experts, eq(experts.id, workshops.expertId))
        .where(and(eq(workshops.id, workshopId), eq(experts.status, 'published')))
    : [];
  if (!found || found.workshop.status === 'draft') throw new AppError('NOT_FOUND', workshopMessages.notFound);
  const w = found.workshop;
  if (found.expertUserId === client.id) throw new AppError('FORBIDDEN', workshopMessages.ownWaitlist);
  if (w.status !== 'published') throw new AppError('CONFLICT', workshopMessages.notOpen);
  if (w.startsAt.getTime() <= now.getTime()) throw new AppError('CONFLICT', workshopMessages.started);
  if (found.hasSeat) throw new AppError('CONFLICT', workshopMessages.alreadyBooked);
  if (seatsLeft(w) > 0) throw new AppError('CONFLICT', workshopMessages.notFull);
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(workshopWaitlist).values({ workshopId: w.id, clientId: client.id, joinedAt: now });
      // A seat freed while the client was joining is theirs at once rather than at the job's next run.
      await offerFreeSeats(tx, deps, w.id, now);
    });
  } catch (err) {
    if (pgError(err).constraint === 'workshop_waitlist_one_per_client') throw new AppError('CONFLICT', workshopMessages.alreadyWaiting);
    throw err;
  }
  return getWaitlist(deps.db, client, w.id);
}
