/**
 * POST /api/subscriptions/{id}/sessions (docs/product.md "Plans and packages"): a subscriber books one of the current
 * month's sessions of their plan, with no card step (prepaid-booking.ts). Its price is its prepaid session's share of
 * the month's payment, held on that payment (0 in a free trial); the subscription's row lock makes two bookings of
 * the month's last session settle one at a time.
 */
import { and, asc, eq } from 'drizzle-orm';
import { planMessages as m } from '../../../../shared/plans.js';
import type { PackageBookingInput } from '../../../../shared/schemas/packages.js';
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Tx } from '../../../db/client.js';
import { prepaidSessions } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { latestPeriod, lockSubscription } from '../../plans/period-service.js';
import type { SessionDeps } from '../deps.js';
import { bookPrepaidSession } from '../prepaid-booking.js';
import { clock } from '../../../clock.js';

/**
 * Books a session of the plan's length at `input.startsAt` from subscription `subscriptionId` of `client`, under
 * `idempotencyKey` (the same key and body answer the first session, `replayed`; another body 422). Errors: 403 not a
 * client with a complete profile; 404 not the client's subscription; 400 past time; 409 the plan ended, a renewal
 * payment failed, the time is after the current month, no session left this month, time not offered or taken.
 */
export async function bookPlanSession(
  deps: SessionDeps,
  client: CurrentUser,
  subscriptionId: string,
  rawInput: PackageBookingInput,
  idempotencyKey: string,
  now = clock.now(),
): Promise<{ session: SessionView; replayed: boolean }> {
  const mine = async (tx: Tx) => {
    const sub = await lockSubscription(tx, subscriptionId);
    if (!sub || sub.clientId !== client.id) throw new AppError('NOT_FOUND', m.subscriptionNotFound);
    return sub;
  };
  const source = {
    id: subscriptionId,
    peek: mine,
    async take(tx: Tx, startsAt: Date, at: Date) {
      const sub = await mine(tx);
      if (sub.endedAt) throw new AppError('CONFLICT', m.notLive);
      if (sub.status === 'past_due') throw new AppError('CONFLICT', m.pastDue);
      const period = await latestPeriod(tx, sub.id);
      if (!period || period.endsAt.getTime() <= at.getTime()) throw new AppError('CONFLICT', m.pastDue);
      if (startsAt.getTime() >= period.endsAt.getTime()) throw new AppError('CONFLICT', m.startsAfterPeriod);
      const [prepaid] = await tx
        .select()
        .from(prepaidSessions)
        .where(and(eq(prepaidSessions.periodId, period.id), eq(prepaidSessions.status, 'available')))
        .orderBy(asc(prepaidSessions.number))
        .limit(1)
        .for('update');
      if (!prepaid) throw new AppError('CONFLICT', m.noneLeft);
      // The plan's price an hour, as the session's rate: its price is the prepaid session's share.
      const hourlyRateCents = Math.round((sub.priceCents * 60) / (sub.sessionCount * sub.durationMinutes));
      return {
        prepaid,
        terms: { ...sub, providerRef: period.providerRef, count: sub.sessionCount, hourlyRateCents, subscriptionId: sub.id },
      };
    },
  };
  return bookPrepaidSession(deps, client, source, rawInput, idempotencyKey, now);
}
