/**
 * A subscription's periods (docs/product.md "Plans and packages"): each period — a free trial or a paid month —
 * grants the plan's sessions as prepaid sessions (packages' prepaid-service books and settles them), its charge is
 * the period's 'charge' ledger entry, and both sides are e-mailed. Every function runs in the caller's transaction
 * under the subscription's row lock, so a renewal, a booking and a cancellation happen one at a time. Amounts cents.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { packageShares } from '../../../shared/packages.js';
import { isUuid } from '../../../shared/ids.js';
import type { Tx } from '../../db/client.js';
import { experts, packageEvents, planPeriods, prepaidSessions, subscriptions, user as userTable } from '../../db/schema.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import type { OutgoingEmail } from '../../infra/mail/outbox.js';
import type { Recipient } from '../../infra/mail/zoned.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PeriodRow = typeof planPeriods.$inferSelect;

/** The subscription `id`, locked FOR UPDATE in `tx`; null when unknown (or not a uuid). */
export async function lockSubscription(tx: Tx, id: string): Promise<SubscriptionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row ?? null;
}

/** The latest period of subscription `id` (the current one while it runs). */
export async function latestPeriod(tx: Tx, subscriptionId: string): Promise<PeriodRow | null> {
  const [row] = await tx.select().from(planPeriods).where(eq(planPeriods.subscriptionId, subscriptionId)).orderBy(desc(planPeriods.number)).limit(1);
  return row ?? null;
}

/** How many of period `periodId`'s prepaid sessions are booked now. */
export async function bookedInPeriod(tx: Tx, periodId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(prepaidSessions)
    .where(and(eq(prepaidSessions.periodId, periodId), eq(prepaidSessions.status, 'booked')));
  return row?.n ?? 0;
}

/**
 * Writes period `p` of subscription `sub`: the period, its `sub.sessionCount` prepaid sessions (a paid period's
 * amount split as a package's price is, packageShares; a trial's at 0 cents) and, when paid, its 'charge' entry.
 */
export async function grantPeriod(
  tx: Tx,
  sub: Pick<SubscriptionRow, 'id' | 'sessionCount' | 'clientId' | 'cardBrand' | 'cardLast4'>,
  p: {
    number: number;
    kind: 'trial' | 'paid';
    startsAt: Date;
    endsAt: Date;
    amountCents: number;
    providerRef: string | null;
    /** With Stripe Billing, the Invoice that paid it. */
    providerInvoiceRef?: string | null;
  },
  now: Date,
): Promise<PeriodRow> {
  const [period] = await tx
    .insert(planPeriods)
    .values({ subscriptionId: sub.id, ...p, cardBrand: sub.cardBrand, cardLast4: sub.cardLast4, createdAt: now })
    .returning();
  const shares = p.kind === 'paid' ? packageShares(p.amountCents, sub.sessionCount) : Array.from({ length: sub.sessionCount }, () => 0);
  await tx.insert(prepaidSessions).values(shares.map((shareCents, i) => ({ periodId: period!.id, number: i + 1, shareCents })));
  if (p.kind === 'paid')
    await tx.insert(packageEvents).values({ periodId: period!.id, type: 'charge', amountCents: p.amountCents, actorId: sub.clientId, createdAt: now });
  return period!;
}

/** The client and the expert of `sub` as e-mail recipients (null when an account has no address). */
export async function partiesOfSubscription(
  tx: Tx,
  sub: Pick<SubscriptionRow, 'clientId' | 'expertId'>,
): Promise<{ client: Recipient | null; expert: Recipient | null }> {
  const [client] = await tx.select({ email: userTable.email, zone: userTable.timeZone }).from(userTable).where(eq(userTable.id, sub.clientId));
  const [expert] = await tx
    .select({ email: userTable.email, zone: userTable.timeZone })
    .from(experts)
    .innerJoin(userTable, eq(userTable.id, experts.userId))
    .where(eq(experts.id, sub.expertId));
  const recipient = (r: { email: string | null; zone: string | null } | undefined) => (r?.email ? { email: r.email, zone: r.zone ?? 'UTC' } : null);
  return { client: recipient(client), expert: recipient(expert) };
}

/** Queues the e-mails `make` writes for each side of `sub` that has an address. */
export async function emailBothSides(
  tx: Tx,
  sub: Pick<SubscriptionRow, 'clientId' | 'expertId'>,
  make: { client: (to: Recipient) => OutgoingEmail; expert: (to: Recipient) => OutgoingEmail },
): Promise<void> {
  const { client, expert } = await partiesOfSubscription(tx, sub);
  if (client) await enqueueEmail(tx, make.client(client));
  if (expert) await enqueueEmail(tx, make.expert(expert));
}
