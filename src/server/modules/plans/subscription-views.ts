/**
 * How a subscription is shown (docs/product.md "Plans and packages"): to its client (dashboard), its expert
 * (subscribers) and the team (a person's plans). Read from the subscription, its periods, their prepaid sessions and
 * the ledger.
 */
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { SubscriptionView } from '../../../shared/schemas/plans.js';
import type { Db, Tx } from '../../db/client.js';
import { experts, packageEvents, planPeriods, prepaidSessions, subscriptions } from '../../db/schema.js';
import { clock } from '../../clock.js';
import { planEndedBy, teamEndReason } from '../../../shared/plans.js';
import { prepaidEventSums } from '../packages/prepaid-service.js';

/**
 * The subscriptions matching `where`, newest first, at most `limit` (`now` decides which period's sessions can still be
 * booked), as its parties see them or (`audience: 'team'`) the team, who alone read the team's reason for ending a plan
 * (docs/product.md "Plans and packages": the subscribers are never told it).
 */
export async function subscriptionViews(
  db: Db | Tx,
  where: SQL,
  now = clock.now(),
  limit = 100,
  audience: 'parties' | 'team' = 'parties',
): Promise<SubscriptionView[]> {
  const rows = await db
    .select({ s: subscriptions, slug: experts.slug })
    .from(subscriptions)
    .innerJoin(experts, eq(experts.id, subscriptions.expertId))
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const periods = await db
    .select()
    .from(planPeriods)
    .where(
      inArray(
        planPeriods.subscriptionId,
        rows.map((r) => r.s.id),
      ),
    )
    .orderBy(desc(planPeriods.number));
  const periodIds = periods.map((p) => p.id);
  // One after the other: `db` may be a transaction, one connection that runs one statement at a time.
  const prepaid = periodIds.length
    ? await db
        .select({ periodId: prepaidSessions.periodId, status: prepaidSessions.status })
        .from(prepaidSessions)
        .where(inArray(prepaidSessions.periodId, periodIds))
        .orderBy(asc(prepaidSessions.number))
    : [];
  const money = periodIds.length
    ? await db
        .select({ id: packageEvents.periodId, ...prepaidEventSums })
        .from(packageEvents)
        .where(inArray(packageEvents.periodId, periodIds))
        .groupBy(packageEvents.periodId)
    : [];
  return rows.map(({ s, slug }) => {
    const live = s.endedAt === null;
    const mine = periods.filter((p) => p.subscriptionId === s.id);
    const views = mine.map((p) => {
      const own = prepaid.filter((x) => x.periodId === p.id);
      const sums = money.find((x) => x.id === p.id);
      const open = live && s.status !== 'past_due' && p.startsAt.getTime() <= now.getTime() && now.getTime() < p.endsAt.getTime();
      return {
        id: p.id,
        number: p.number,
        kind: p.kind,
        startsAt: p.startsAt.toISOString(),
        endsAt: p.endsAt.toISOString(),
        amountCents: p.amountCents,
        cardBrand: p.cardBrand,
        cardLast4: p.cardLast4,
        receiptNumber: p.receiptNumber,
        sessionsLeft: open ? own.filter((x) => x.status === 'available').length : 0,
        sessionsBooked: own.filter((x) => x.status === 'booked').length,
        refundedCents: sums?.refunded ?? 0,
        releasedCents: sums?.released ?? 0,
      };
    });
    return {
      id: s.id,
      planId: s.planId,
      clientId: s.clientId,
      clientName: s.clientName,
      expertId: s.expertId,
      expertSlug: slug,
      expertName: s.expertName,
      name: s.name,
      priceCents: s.priceCents,
      sessionCount: s.sessionCount,
      durationMinutes: s.durationMinutes,
      chatPromise: s.chatPromise,
      currency: s.currency,
      platformFeeBps: s.platformFeeBps,
      status: s.status,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      trialEndsAt: s.trialEndsAt?.toISOString() ?? null,
      currentPeriodStart: s.currentPeriodStart.toISOString(),
      currentPeriodEnd: s.currentPeriodEnd.toISOString(),
      nextRenewalAt: live && !s.cancelAtPeriodEnd ? (s.nextAttemptAt ?? s.currentPeriodEnd).toISOString() : null,
      nextAttemptAt: s.nextAttemptAt?.toISOString() ?? null,
      cardBrand: s.cardBrand,
      cardLast4: s.cardLast4,
      sessionsLeft: views[0]?.sessionsLeft ?? 0,
      createdAt: s.createdAt.toISOString(),
      endedAt: s.endedAt?.toISOString() ?? null,
      endedBy: planEndedBy(s),
      endReason: audience === 'parties' && planEndedBy(s) === 'team' ? teamEndReason : s.endReason,
      periods: views,
      awaitingBank: live && s.actionInvoiceRef !== null,
    };
  });
}

/** The client's subscriptions. */
export const ofClient = (clientId: string) => eq(subscriptions.clientId, clientId);
/** The expert's subscribers. */
export const ofExpert = (expertId: string) => eq(subscriptions.expertId, expertId);
/** One subscription of one client. */
export const oneOfClient = (id: string, clientId: string) => and(eq(subscriptions.id, id), eq(subscriptions.clientId, clientId))!;
