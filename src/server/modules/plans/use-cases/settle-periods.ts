/**
 * The plan settlement job (docs/product.md "Plans and packages"): once a period has ended and the same dispute
 * window as a session's has passed, its sessions never booked are released to the expert, net of the commission
 * frozen at subscription (sessions booked keep their own escrow, released on confirmation). Once per period: each is
 * claimed under its row lock (SKIP LOCKED) and re-checked, and the ledger's unique index refuses a second settlement.
 */
import { and, eq, isNull, lte } from 'drizzle-orm';
import { autoReleaseHours } from '../../../../shared/sessions.js';
import type { Db } from '../../../db/client.js';
import { experts, planPeriods, subscriptions } from '../../../db/schema.js';
import type { PaymentProvider } from '../../../infra/payments/provider.js';
import { settlePrepaid } from '../../packages/prepaid-service.js';
import { clock } from '../../../clock.js';

const batch = 100;

/** Settles every period whose end plus the dispute window is past at `now`; answers how many were settled. */
export async function settleEndedPeriods(deps: { db: Db; provider: PaymentProvider }, now = clock.now()): Promise<number> {
  const cutoff = new Date(now.getTime() - autoReleaseHours * 3_600_000);
  const dueRows = await deps.db
    .select({ id: planPeriods.id })
    .from(planPeriods)
    .where(and(isNull(planPeriods.settledAt), lte(planPeriods.endsAt, cutoff)))
    .orderBy(planPeriods.endsAt)
    .limit(batch);
  let settled = 0;
  for (const { id } of dueRows) {
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ p: planPeriods, feeBps: subscriptions.platformFeeBps, account: experts.stripeAccountId })
        .from(planPeriods)
        .innerJoin(subscriptions, eq(subscriptions.id, planPeriods.subscriptionId))
        .innerJoin(experts, eq(experts.id, subscriptions.expertId))
        .where(and(eq(planPeriods.id, id), isNull(planPeriods.settledAt)))
        .for('update', { of: planPeriods, skipLocked: true });
      if (!row) return false;
      const owner = { periodId: row.p.id, providerRef: row.p.providerRef, platformFeeBps: row.feeBps };
      const settle = {
        kind: 'release' as const,
        key: `plan-period-release:${row.p.id}`,
        actorId: null,
        note: 'plan month ended',
        destinationAccount: row.account,
      };
      await settlePrepaid(tx, deps.provider, owner, settle, now);
      await tx.update(planPeriods).set({ settledAt: now }).where(eq(planPeriods.id, row.p.id));
      return true;
    });
    if (done) settled++;
  }
  return settled;
}
