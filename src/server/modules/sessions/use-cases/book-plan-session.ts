/**
 * POST /api/subscriptions/{id}/sessions (docs/product.md "Plans and packages"): a subscriber books one of the current
 * month's sessions of their plan, with no card step (prepaid-booking.ts). Its price is its prepaid session's share of
 * the month's payment, held on that payment (0 in a free trial); the subscription's row lock makes two bookings of
 * the month's last session settle one at a time.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { planMessages as m } from '../../../../shared/plans.js';
import type { PackageBookingInput } from '../../../../shared/schemas/packages.js';
import type { SessionView } from '../../../../shared/schemas/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { qualified as q } from '../../../db/qualified.js';
import { planPeriods, prepaidSessions, subscriptions } from '../../../db/schema.js';
import { nextAvailableSql } from '../../packages/prepaid-service.js';
import type { SessionDeps } from '../deps.js';
import { bookPrepaidSession, sourceContext, prepaidHourlyRateCents, sourceReader, type PrepaidState } from '../prepaid-booking.js';
import { clock } from '../../../clock.js';

/** The subscription's current month: the latest period (a renewal adds the next). */
const latestPeriodId = sql`(select ${q(planPeriods.id)} from ${planPeriods} where ${q(planPeriods.subscriptionId)} = ${q(subscriptions.id)} order by ${q(planPeriods.number)} desc limit 1)`;

/**
 * What a plan booking reads first, as one prepared statement per database (placeholders `id`, `clientId`, `key`): the
 * client's subscription `id` with its latest period, that period's next available prepaid session, the expert, and
 * the client's session already booked with the Idempotency-Key. No row when the subscription is not the client's.
 */
function contextStatement(db: Db) {
  return sourceContext(db, subscriptions, {
    sub: { status: subscriptions.status, endedAt: subscriptions.endedAt },
    period: { id: planPeriods.id, endsAt: planPeriods.endsAt, providerRef: planPeriods.providerRef },
    next: nextAvailableSql(sql`${q(prepaidSessions.periodId)} = ${q(planPeriods.id)}`),
  })
    .leftJoin(planPeriods, eq(planPeriods.id, latestPeriodId))
    .where(and(eq(subscriptions.id, sql.placeholder('id')), eq(subscriptions.clientId, sql.placeholder('clientId'))))
    .prepare('plan_booking_context');
}

type PlanState = PrepaidState & {
  sub: { id: string; status: string; endedAt: Date | null };
  period: { id: string; endsAt: Date } | null;
};

/** The client's subscription as it is now (null when unknown or not theirs) and the session booked with the key. */
const readPlan = sourceReader(contextStatement, ({ terms, sub, period, next, expert }): PlanState => ({
  sub: { ...sub, id: terms.id },
  period,
  next,
  expert,
  owner: period && { periodId: period.id },
  terms: {
    ...terms,
    providerRef: period?.providerRef ?? null,
    count: terms.sessionCount,
    hourlyRateCents: prepaidHourlyRateCents(terms.priceCents, terms.sessionCount, terms.durationMinutes),
    subscriptionId: terms.id,
  },
}));

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
  const source = {
    id: subscriptionId,
    notFound: m.subscriptionNotFound,
    read: (db: Db, clientId: string, key: string) => readPlan(db, subscriptionId, clientId, key),
    refusal(s: PlanState, startsAt: Date, at: Date) {
      if (s.sub.endedAt) return m.notLive;
      if (s.sub.status === 'past_due' || !s.period || s.period.endsAt.getTime() <= at.getTime()) return m.pastDue;
      if (startsAt.getTime() >= s.period.endsAt.getTime()) return m.startsAfterPeriod;
      return s.next ? null : m.noneLeft;
    },
    // The month's sessions are drawn while the plan is live and paid: an ending, a cancellation with a refund, a
    // failed renewal or a change of plan each lock this row first, then settle or close the month.
    gate: (db: Db, s: PlanState) =>
      db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.id, s.sub.id), isNull(subscriptions.endedAt), ne(subscriptions.status, 'past_due')))
        .for('update'),
  };
  return bookPrepaidSession(deps, client, source, rawInput, idempotencyKey, now);
}
