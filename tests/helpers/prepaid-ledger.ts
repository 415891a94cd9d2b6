/**
 * The prepaid sessions' ledger summed against the payments (docs/product.md "Plans and packages"), for every package
 * purchase and every plan period in the database: its 'charge' entries equal its price, its prepaid shares sum to it,
 * and it equals what its booked sessions' payments hold or settled, plus its prepaid sessions still available, plus
 * what was refunded or released of the rest; each session payment's hold equals its settlement once settled (nothing
 * is ever settled twice), and a disputed one's chargeback what was not refunded of it. A trial period moves no money.
 */
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client.js';
import { packageEvents, packagePurchases, paymentEvents, payments, planPeriods, prepaidSessions, sessions } from '../../src/server/db/schema.js';

export async function expectPrepaidLedgerBalanced(db: Db): Promise<void> {
  const owners = [
    ...(await db.select({ id: packagePurchases.id, amount: packagePurchases.priceCents }).from(packagePurchases)).map((o) => ({
      ...o,
      prepaid: eq(prepaidSessions.purchaseId, o.id),
      events: eq(packageEvents.purchaseId, o.id),
    })),
    ...(await db.select({ id: planPeriods.id, amount: planPeriods.amountCents }).from(planPeriods)).map((o) => ({
      ...o,
      prepaid: eq(prepaidSessions.periodId, o.id),
      events: eq(packageEvents.periodId, o.id),
    })),
  ];
  for (const owner of owners) {
    const prepaid = await db.select().from(prepaidSessions).where(owner.prepaid);
    const events = await db.select().from(packageEvents).where(owner.events);
    expect(events.filter((e) => e.type === 'charge').reduce((s, e) => s + e.amountCents, 0)).toBe(owner.amount);
    expect(prepaid.reduce((s, x) => s + x.shareCents, 0)).toBe(owner.amount);
    const drawn = prepaid.length
      ? await db
          .select({ amount: payments.amountCents, status: payments.status, id: payments.id })
          .from(payments)
          .innerJoin(sessions, eq(sessions.id, payments.sessionId))
          .where(
            inArray(
              sessions.prepaidSessionId,
              prepaid.map((x) => x.id),
            ),
          )
      : [];
    const live = drawn.filter((d) => d.status !== 'returned').reduce((s, d) => s + d.amount, 0);
    const available = prepaid.filter((x) => x.status === 'available').reduce((s, x) => s + x.shareCents, 0);
    const settled = events.filter((e) => e.type !== 'charge').reduce((s, e) => s + e.amountCents, 0);
    expect(live + available + settled).toBe(owner.amount);
    for (const d of drawn) {
      const trail = await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, d.id));
      const sum = (type: string) => trail.filter((e) => e.type === type).reduce((s, e) => s + e.amountCents, 0);
      expect(sum('hold')).toBe(d.amount);
      // A chargeback covers what was not refunded of the payment (the network takes it back, whatever was released).
      if (d.status === 'disputed') expect(sum('dispute')).toBe(d.amount - sum('refund'));
      else if (d.status !== 'held') expect(sum('release') + sum('fee') + sum('refund') + sum('return')).toBe(d.amount);
    }
  }
}
