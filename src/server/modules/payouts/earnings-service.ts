/**
 * The expert's earnings ledger (docs/product.md "Earnings"): every movement of the money paid for their sessions,
 * read from the append-only `payment_events` trail, and the one sum of what they earned. The dashboard's
 * Total Earnings and the ledger page both read the totals here; the entries, a page at a time, are
 * earnings-ledger-service.ts's. Amounts are integer cents.
 */
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { EarningsView } from '../../../shared/schemas/payouts.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { packageEvents, packagePurchases, paymentEvents, payments, planPeriods, sessions, subscriptions } from '../../db/schema.js';
import { ownExpert, type PayoutDeps } from './service.js';

/** The sum of the ledger events of `type` in the rows read, in cents. */
const eventCents = (type: string) => sql<number>`coalesce(sum(${paymentEvents.amountCents}) filter (where ${paymentEvents.type} = ${type}), 0)::int`;
/** What the expert will get of the held payments read: less the commission frozen on each session (platformFeeCents, rounded alike). */
const heldNetCents = sql<number>`coalesce(sum(${payments.amountCents} - round(${payments.amountCents} * ${sessions.platformFeeBps} / 10000.0)), 0)::int`;

/** One workshop's money from the ledger, in cents: released to the expert (net), still held (net), refunded. */
export type WorkshopMoney = { earnedCents: number; heldCents: number; refundedCents: number };

/**
 * The money of the seats of each of `workshopIds` (docs/product.md "Earnings", "Workshops"), read from the payment
 * ledger like the expert's totals below: earned = 'release' events (net of each seat's frozen commission; what a
 * refund left the expert), held = seats' payments still in escrow net of the commission, refunded = 'refund'
 * events. Workshops without money are absent from the map.
 */
export async function workshopMoney(db: Db, workshopIds: string[]): Promise<Map<string, WorkshopMoney>> {
  const money = new Map<string, WorkshopMoney>();
  if (workshopIds.length === 0) return money;
  const ofWorkshops = inArray(sessions.workshopId, workshopIds);
  const [events, held] = await Promise.all([
    db
      .select({ id: sessions.workshopId, earned: eventCents('release'), refunded: eventCents('refund') })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .innerJoin(sessions, eq(sessions.id, payments.sessionId))
      .where(ofWorkshops)
      .groupBy(sessions.workshopId),
    db
      .select({ id: sessions.workshopId, cents: heldNetCents })
      .from(payments)
      .innerJoin(sessions, eq(sessions.id, payments.sessionId))
      .where(and(ofWorkshops, eq(payments.status, 'held')))
      .groupBy(sessions.workshopId),
  ]);
  const of = (id: string) => money.get(id) ?? money.set(id, { earnedCents: 0, heldCents: 0, refundedCents: 0 }).get(id)!;
  for (const e of events) Object.assign(of(e.id!), { earnedCents: e.earned, refundedCents: e.refunded });
  for (const h of held) of(h.id!).heldCents = h.cents;
  return money;
}

/**
 * The money of the expert's prepaid sessions released to them unused (docs/product.md "Plans and packages"): a
 * package's at its expiry, a plan's at its month's end — one row per release (id, at, cents, currency, the client,
 * the package purchase or the plan's month). Read by the totals below and by the ledger (earnings-ledger-service.ts).
 */
export function prepaidReleases(db: Db, expertId: string) {
  return db
    .select({
      id: packageEvents.id,
      at: packageEvents.createdAt,
      amountCents: packageEvents.amountCents,
      currency: sql<string>`coalesce(${packagePurchases.currency}, ${subscriptions.currency})`.as('currency'),
      clientName: sql<string>`coalesce(${packagePurchases.clientName}, ${subscriptions.clientName})`.as('client_name'),
      packagePurchaseId: sql<string | null>`${packagePurchases.id}`.as('package_purchase_id'),
      planPeriodId: sql<string | null>`${planPeriods.id}`.as('plan_period_id'),
    })
    .from(packageEvents)
    .leftJoin(packagePurchases, eq(packagePurchases.id, packageEvents.purchaseId))
    .leftJoin(planPeriods, eq(planPeriods.id, packageEvents.periodId))
    .leftJoin(subscriptions, eq(subscriptions.id, planPeriods.subscriptionId))
    .where(
      and(
        or(eq(packagePurchases.expertId, expertId), eq(subscriptions.expertId, expertId)),
        eq(packageEvents.type, 'release'),
        gt(packageEvents.amountCents, 0),
      ),
    )
    .as('prepaid_releases');
}

/**
 * GET /api/me/earnings: the signed-in expert's totals over all their payments, summed in SQL over every ledger entry
 * (not only a page of them) — earned = every 'release' event (net of the platform's commission frozen on each session
 * at booking: a confirmation, a dispute decided either way, the part a partial refund left the expert) and every
 * release of unused prepaid sessions, held = payments still in escrow (net of the commission), refunded = every
 * 'refund' event; integer cents in the expert's currency. The entries themselves: earnings-ledger-service.ts.
 * 403 without an expert profile ('Payouts open once…').
 */
export async function getEarnings({ db }: PayoutDeps, user: CurrentUser): Promise<EarningsView> {
  const { id, currency } = await ownExpert(db, user);
  const ofExpert = eq(sessions.expertId, id);
  const releases = prepaidReleases(db, id);
  const [[totals], [held], [packageTotals]] = await Promise.all([
    db
      .select({ earned: eventCents('release'), refunded: eventCents('refund') })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .innerJoin(sessions, eq(sessions.id, payments.sessionId))
      .where(ofExpert),
    db
      .select({ cents: heldNetCents })
      .from(payments)
      .innerJoin(sessions, eq(sessions.id, payments.sessionId))
      .where(and(ofExpert, eq(payments.status, 'held'))),
    db.select({ earned: sql<number>`coalesce(sum(${releases.amountCents}), 0)::int` }).from(releases),
  ]);
  return {
    currency,
    totalEarnedCents: (totals?.earned ?? 0) + (packageTotals?.earned ?? 0),
    heldCents: held?.cents ?? 0,
    refundedCents: totals?.refunded ?? 0,
  };
}
