/**
 * Job: minimum attendance (docs/product.md "Workshops"; docs/architecture.md "Jobs"). A published workshop with a
 * minimum attendance that has fewer seats sold 24 hours before its start is cancelled, every attendee refunded in
 * full with the invite's CANCEL, the expert's own event of it cancelled too (expert-mail.ts) and its waitlist closed — once, whichever servers run the job: the workshops are claimed with FOR UPDATE
 * SKIP LOCKED and re-read as published under that lock.
 */
import { and, asc, eq, gt, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { minimumAttendanceHours, workshopMessages } from '../../../../shared/workshops.js';
import { experts, workshops } from '../../../db/schema.js';
import type { SessionDeps } from '../../sessions/booking-service.js';
import { cancelSeatsOf } from '../../sessions/use-cases/cancel-session.js';
import { mailExpertWorkshopChange } from '../expert-mail.js';
import { closeWaitlist } from '../waitlist-service.js';
import { clock } from '../../../clock.js';

/**
 * Cancels the published workshops starting in (now, now + 24 h] whose seats sold are below their minimum
 * attendance, at most `batch` per call, in one transaction; returns how many were cancelled.
 */
export async function cancelUnderAttendedWorkshops(deps: SessionDeps, now = clock.now(), batch = 20): Promise<number> {
  const horizon = new Date(now.getTime() + minimumAttendanceHours * 3_600_000);
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: workshops.id, minAttendance: workshops.minAttendance, inviteSequence: workshops.inviteSequence, expertUserId: experts.userId })
      .from(workshops)
      .innerJoin(experts, eq(experts.id, workshops.expertId))
      .where(
        and(
          eq(workshops.status, 'published'),
          isNotNull(workshops.minAttendance),
          lt(workshops.seatsSold, sql`${workshops.minAttendance}`),
          gt(workshops.startsAt, now),
          lte(workshops.startsAt, horizon),
        ),
      )
      .orderBy(asc(workshops.startsAt))
      .limit(batch)
      .for('update', { of: workshops, skipLocked: true });
    for (const w of due) {
      const reason = workshopMessages.minimumNotReached(w.minAttendance!);
      const [cancelled] = await tx
        .update(workshops)
        .set({ status: 'cancelled', cancelledAt: now, cancelledBy: 'minimum', cancelReason: reason, inviteSequence: w.inviteSequence + 1, updatedAt: now })
        .where(eq(workshops.id, w.id))
        .returning();
      await cancelSeatsOf(tx, deps, w.id, w.expertUserId, reason, now);
      await mailExpertWorkshopChange(tx, deps, cancelled!, { kind: 'cancelled', reason });
      await closeWaitlist(tx, deps, w.id, reason, now);
    }
    return due.length;
  });
}
