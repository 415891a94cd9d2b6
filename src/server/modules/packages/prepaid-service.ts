/**
 * The prepaid sessions of a package purchase (docs/product.md "Plans and packages"): drawn by a booking, given back
 * to the package by a cancellation refunded in full, and at expiry (or on the team's refund) settled — the unused
 * shares refunded to the client's card or released to the expert net of the commission frozen at purchase — with
 * their ledger entries. Every change runs under the purchase's (or the plan's) row lock — in the caller's transaction,
 * or in the booking's single statement, which takes it first — so two bookings of the last session, or a booking and
 * the expiry, never both succeed. Amounts are integer cents.
 */
import { and, asc, eq, gt, isNull, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { ExpiryRule } from '../../../shared/packages.js';
import { platformFeeCents } from '../../../shared/pricing.js';
import { isUuid } from '../../../shared/ids.js';
import type { Db, Tx } from '../../db/client.js';
import { qualified as q } from '../../db/qualified.js';
import { packageEvents, packagePurchases, paymentEvents, payments, planPeriods, prepaidSessions, user as userTable } from '../../db/schema.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import { packageSettledEmail } from './emails.js';

export type PurchaseRow = typeof packagePurchases.$inferSelect;

/**
 * What the ledger of prepaid sessions says went where, as select fields summed over `package_events` rows grouped by
 * purchase or plan period: `refunded`, integer cents refunded to the client; `released`, integer cents released to
 * the expert with the commission kept from them (docs/product.md "Plans and packages").
 */
export const prepaidEventSums = {
  refunded: sql<number>`coalesce(sum(${packageEvents.amountCents}) filter (where ${packageEvents.type} = 'refund'), 0)::int`,
  released: sql<number>`coalesce(sum(${packageEvents.amountCents}) filter (where ${packageEvents.type} in ('release', 'fee')), 0)::int`,
};

/** The purchase `id`, locked FOR UPDATE in `tx`; null when unknown (or not a uuid). */
export async function lockPurchase(tx: Tx, id: string): Promise<PurchaseRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select().from(packagePurchases).where(eq(packagePurchases.id, id)).for('update');
  return row ?? null;
}

/**
 * The lowest-numbered available prepaid session of the prepaid sessions matched by `owner` (SQL, e.g.
 * `prepaid_sessions.purchase_id = package_purchases.id` in the caller's select), as json `{ id, number, shareCents }`
 * (cents), or null when none is left: what a booking would draw now, read without a lock.
 */
export function nextAvailableSql(owner: SQL) {
  return sql<{
    id: string;
    number: number;
    shareCents: number;
  } | null>`(select json_build_object('id', ${q(prepaidSessions.id)}, 'number', ${q(prepaidSessions.number)}, 'shareCents', ${q(prepaidSessions.shareCents)}) from ${prepaidSessions} where ${owner} and ${q(prepaidSessions.status)} = 'available' order by ${q(prepaidSessions.number)} limit 1)`;
}

/**
 * A booking's draw, as a part of its single statement (sessions/prepaid-booking.ts): the lowest-numbered available
 * prepaid session of `owner`, locked, read only once `gate` (the source's row, locked by the statement while it can
 * still be drawn from) has a row. The gate makes two bookings of one source draw one at a time; SKIP LOCKED passes over
 * a prepaid session another transaction holds rather than waiting for it.
 */
export function drawNext(db: Db, owner: PrepaidOwner, gate: WithSubquery) {
  return db
    .select({ id: prepaidSessions.id })
    .from(prepaidSessions)
    .where(
      and(
        owner.purchaseId ? eq(prepaidSessions.purchaseId, owner.purchaseId) : eq(prepaidSessions.periodId, owner.periodId!),
        eq(prepaidSessions.status, 'available'),
        sql`exists (select 1 from ${gate})`,
      ),
    )
    .orderBy(asc(prepaidSessions.number))
    .limit(1)
    .for('update', { skipLocked: true });
}

/** Marks the prepaid session `prepaidId` (SQL: the statement's drawn one) booked by session `sessionId`, as a part of the booking's statement. */
export function markBooked(db: Db, prepaidId: SQL, sessionId: string) {
  return db.update(prepaidSessions).set({ status: 'booked', sessionId }).where(eq(prepaidSessions.id, prepaidId));
}

/**
 * Gives the package session `s` (cancelled in `tx` with a full refund by its frozen policy) back to its package: its
 * prepaid session is available again, and its held payment — the share — goes back to the package ('return' event,
 * payment status returned) instead of to the card. No-op for a session not from a package or with nothing held, or
 * from a package or plan month already settled.
 * Returns whether it was given back.
 */
export async function returnToPackage(tx: Tx, s: { id: string; prepaidSessionId: string | null }, actorId: string | null, note: string): Promise<boolean> {
  if (!s.prepaidSessionId) return false;
  const [prepaid] = await tx.select().from(prepaidSessions).where(eq(prepaidSessions.id, s.prepaidSessionId));
  if (!prepaid) return false;
  if (prepaid.purchaseId) {
    // A package already settled (its expert can no longer be booked) takes nothing back either: the share goes to the card.
    if ((await lockPurchase(tx, prepaid.purchaseId))?.settledAt) return false;
  } else {
    const [period] = await tx.select({ settledAt: planPeriods.settledAt }).from(planPeriods).where(eq(planPeriods.id, prepaid.periodId!)).for('update');
    // A plan month already settled (ended by the expert or the team, or split by a change of plan) takes nothing
    // back: its sessions can no longer be booked, so the share goes back to the card.
    if (period?.settledAt) return false;
  }
  const [payment] = await tx.select().from(payments).where(eq(payments.sessionId, s.id)).for('update');
  if (!payment || payment.status !== 'held') return false;
  await tx.update(payments).set({ status: 'returned', updatedAt: new Date() }).where(eq(payments.id, payment.id));
  await tx.insert(paymentEvents).values({ paymentId: payment.id, type: 'return', amountCents: payment.amountCents, actorId, note });
  await tx
    .update(prepaidSessions)
    .set({ status: 'available', sessionId: null })
    .where(and(eq(prepaidSessions.id, prepaid.id), eq(prepaidSessions.sessionId, s.id)));
  return true;
}

/** Whose prepaid sessions are settled: a package's purchase or a plan's period, with the charge they were paid by. */
export type PrepaidOwner = { purchaseId: string; periodId?: never } | { periodId: string; purchaseId?: never };

/** How a settlement goes: refund to the card or release to the expert, the processor's idempotency key, who and why. */
export type Settlement = { kind: ExpiryRule; key: string; actorId: string | null; note: string; destinationAccount?: string | null };

/**
 * Settles every available prepaid session of `owner` (locked by the caller in `tx`), paid by charge `providerRef`,
 * as `settle.kind`: `refund` gives their shares back to the card ('refund' entries), `release` pays them to the expert
 * less the commission `platformFeeBps` frozen at purchase ('release' net and 'fee' entries). `settle.key` is the
 * processor's idempotency key of this settlement; shares of 0 cents (a plan's free trial) move no money. The ledger's
 * unique index refuses a second settlement of a prepaid session. Returns the count and cents settled.
 */
export function settlePrepaid(
  tx: Tx,
  provider: PaymentProvider,
  owner: PrepaidOwner & { providerRef: string | null; platformFeeBps: number },
  settle: Settlement,
  now: Date,
): Promise<{ unused: number; cents: number }> {
  return settleSplit(tx, provider, owner, settle.kind === 'refund' ? Infinity : 0, settle, now);
}

/**
 * Settles every available prepaid session of `owner` (locked by the caller in `tx`), paid by charge `providerRef`:
 * up to `refundCents` of their shares, in the sessions' order, go back to the card ('refund' entries; a share may be
 * split), and the rest is paid to the expert less the commission `platformFeeBps` ('release' net and 'fee' entries).
 * A session wholly refunded is 'refunded', any other 'released'. The processor's idempotency key is `settle.key`, with
 * ':release' for the release when both move. Returns the count of sessions settled and the cents refunded (or, with
 * nothing refunded, released).
 */
export async function settleSplit(
  tx: Tx,
  provider: PaymentProvider,
  owner: PrepaidOwner & { providerRef: string | null; platformFeeBps: number },
  refundCents: number,
  settle: Omit<Settlement, 'kind'>,
  now: Date,
): Promise<{ unused: number; cents: number }> {
  const mine = owner.purchaseId ? eq(prepaidSessions.purchaseId, owner.purchaseId) : eq(prepaidSessions.periodId, owner.periodId!);
  const unused = await tx
    .select()
    .from(prepaidSessions)
    .where(and(mine, eq(prepaidSessions.status, 'available')))
    .orderBy(asc(prepaidSessions.number))
    .for('update');
  if (unused.length === 0) return { unused: 0, cents: 0 };
  let left = refundCents;
  const parts = unused.map((p) => {
    const refund = Math.min(p.shareCents, left);
    left -= refund;
    const release = p.shareCents - refund;
    return { p, refund, release, fee: release > 0 ? platformFeeCents(release, owner.platformFeeBps) : 0 };
  });
  const refunded = parts.reduce((sum, x) => sum + x.refund, 0);
  const released = parts.reduce((sum, x) => sum + x.release, 0);
  if (owner.providerRef) {
    if (refunded > 0) await provider.refund({ providerRef: owner.providerRef, amountCents: refunded, idempotencyKey: settle.key });
    if (released > 0)
      await provider.release({
        providerRef: owner.providerRef,
        amountCents: released,
        transferCents: released - parts.reduce((sum, x) => sum + x.fee, 0),
        idempotencyKey: refunded > 0 ? `${settle.key}:release` : settle.key,
        destinationAccount: settle.destinationAccount ?? null,
      });
  }
  const base = {
    ...(owner.purchaseId ? { purchaseId: owner.purchaseId } : { periodId: owner.periodId }),
    actorId: settle.actorId,
    note: settle.note,
    createdAt: now,
  };
  type Entry = typeof packageEvents.$inferInsert;
  // A share of 0 cents (a trial's) is still settled once, as what the settlement does: a refund or a release of nothing.
  const refundedWhole = (x: (typeof parts)[number]) => (x.p.shareCents === 0 ? refundCents > 0 : x.release === 0);
  for (const x of parts)
    await tx
      .update(prepaidSessions)
      .set({ status: refundedWhole(x) ? 'refunded' : 'released', settledAt: now })
      .where(eq(prepaidSessions.id, x.p.id));
  await tx
    .insert(packageEvents)
    .values(
      parts.flatMap((x): Entry[] => [
        ...(x.refund > 0 || (x.p.shareCents === 0 && refundedWhole(x))
          ? [{ ...base, prepaidSessionId: x.p.id, type: 'refund' as const, amountCents: x.refund }]
          : []),
        ...(x.release > 0 || (x.p.shareCents === 0 && !refundedWhole(x))
          ? [{ ...base, prepaidSessionId: x.p.id, type: 'release' as const, amountCents: x.release - x.fee }]
          : []),
        ...(x.fee > 0 ? [{ ...base, prepaidSessionId: x.p.id, type: 'fee' as const, amountCents: x.fee }] : []),
      ]),
    );
  return { unused: unused.length, cents: refunded > 0 || released === 0 ? refunded : released };
}

/**
 * Settles every available prepaid session of package `purchase` (locked by the caller in `tx`) by `settle`
 * (settlePrepaid), and e-mails the client what became of them. Returns the count and cents settled (0, 0 when none
 * was available).
 */
export async function settleUnused(
  tx: Tx,
  deps: { provider: PaymentProvider; baseUrl: string },
  purchase: PurchaseRow,
  settle: Settlement & { by: 'expiry' | 'team' | 'expert' },
  now: Date,
): Promise<{ unused: number; cents: number }> {
  const { unused, cents } = await settlePrepaid(tx, deps.provider, { purchaseId: purchase.id, ...purchase }, settle, now);
  if (unused === 0) return { unused, cents };
  const [client] = await tx.select({ email: userTable.email, zone: userTable.timeZone }).from(userTable).where(eq(userTable.id, purchase.clientId));
  if (client?.email)
    await enqueueEmail(
      tx,
      packageSettledEmail(purchase, { kind: settle.kind, unused, cents, by: settle.by }, { email: client.email, zone: client.zone ?? 'UTC' }, deps.baseUrl),
    );
  return { unused, cents };
}

/**
 * Ends every live package bought from expert `expertId`, who can no longer be booked (docs/product.md "Plans and
 * packages"): `by.side` 'expert' hid their profile, 'team' suspended the account or unpublished the profile. Each
 * purchase, under its row lock, has its unused sessions' shares refunded to the card whatever its expiry rule (the
 * client could not book them), ledger entries with `by.reason`, is settled, and its client is e-mailed (never the
 * team's reason). Sessions already booked keep their own escrow; one cancelled later with a full refund goes back to
 * the card. Returns how many packages ended. Runs in the caller's transaction.
 */
export async function refundPackagesOf(
  tx: Tx,
  deps: { provider: PaymentProvider; baseUrl: string },
  expertId: string,
  by: { side: 'expert' | 'team'; actorId: string | null; reason: string },
  now: Date,
): Promise<number> {
  const live = await tx
    .select()
    .from(packagePurchases)
    .where(and(eq(packagePurchases.expertId, expertId), isNull(packagePurchases.settledAt), gt(packagePurchases.expiresAt, now)))
    .for('update');
  for (const purchase of live) {
    await settleUnused(tx, deps, purchase, { kind: 'refund', by: by.side, key: `package-end:${purchase.id}`, actorId: by.actorId, note: by.reason }, now);
    await markEnded(tx, purchase, by.side, now);
  }
  return live.length;
}

/**
 * Marks `purchase` (locked by the caller, its unused sessions just settled in `tx`) settled at `now`: ended by `by`
 * when that is before its expiry, else settled as at its expiry. Nothing of it can be booked or given back to it after.
 */
export async function markEnded(tx: Tx, purchase: PurchaseRow, by: 'expert' | 'team', now: Date): Promise<void> {
  const endedBy = now.getTime() < purchase.expiresAt.getTime() ? by : null;
  await tx.update(packagePurchases).set({ settledAt: now, endedBy, updatedAt: now }).where(eq(packagePurchases.id, purchase.id));
}
