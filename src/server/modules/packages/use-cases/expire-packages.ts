/**
 * The package expiry job (docs/product.md "Plans and packages"): e-mails a client 14 and 3 days before a package with
 * unused sessions expires, and at its expiry settles the unused sessions by the rule frozen at purchase — their shares
 * refunded to the card, or released to the expert net of the frozen commission — with their ledger entries, once.
 * Several servers run it at once: each purchase is claimed under its row lock (SKIP LOCKED) and re-checked, and the
 * ledger's unique index refuses a second settlement. `now` is a parameter so tests can move the clock.
 */
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { packageWarningDays } from '../../../../shared/packages.js';
import type { Db } from '../../../db/client.js';
import { experts, packagePurchases, prepaidSessions, user as userTable } from '../../../db/schema.js';
import { enqueueEmail } from '../../../infra/mail/outbox.js';
import type { PaymentProvider } from '../../../infra/payments/provider.js';
import { packageExpiryWarningEmail } from '../emails.js';
import { settleUnused } from '../prepaid-service.js';
import { clock } from '../../../clock.js';

const batch = 100;
const dayMs = 86_400_000;

/** Settles every purchase expired by `now` not yet settled; answers how many were settled. */
export async function settleExpiredPackages(deps: { db: Db; provider: PaymentProvider; baseUrl: string }, now = clock.now()): Promise<number> {
  const due = await deps.db
    .select({ id: packagePurchases.id })
    .from(packagePurchases)
    .where(and(isNull(packagePurchases.settledAt), lte(packagePurchases.expiresAt, now)))
    .orderBy(packagePurchases.expiresAt)
    .limit(batch);
  let settled = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ p: packagePurchases, account: experts.stripeAccountId })
        .from(packagePurchases)
        .innerJoin(experts, eq(experts.id, packagePurchases.expertId))
        .where(and(eq(packagePurchases.id, id), isNull(packagePurchases.settledAt)))
        .for('update', { of: packagePurchases, skipLocked: true });
      if (!row) return false;
      const { p } = row;
      await settleUnused(
        tx,
        deps,
        p,
        { kind: p.expiryRule, by: 'expiry', key: `package-expiry:${p.id}`, actorId: null, note: 'package expired', destinationAccount: row.account },
        now,
      );
      await tx.update(packagePurchases).set({ settledAt: now, updatedAt: now }).where(eq(packagePurchases.id, p.id));
      return true;
    });
    if (done) settled++;
  }
  return settled;
}

/**
 * E-mails the client of every package with unused sessions expiring within 14 days (once) and within 3 days (once);
 * a package with less time left gets the nearer warning only. Answers how many packages were warned about.
 */
export async function warnExpiringPackages(db: Db, baseUrl: string, now = clock.now()): Promise<number> {
  let warned = 0;
  const unused = sql<number>`(select count(*)::int from ${prepaidSessions} where ${prepaidSessions.purchaseId} = ${packagePurchases.id} and ${prepaidSessions.status} = 'available')`;
  for (const days of [...packageWarningDays].sort((a, b) => a - b)) {
    const column = days === 3 ? packagePurchases.warned3At : packagePurchases.warned14At;
    const due = await db
      .select({ id: packagePurchases.id })
      .from(packagePurchases)
      .where(
        and(
          isNull(packagePurchases.settledAt),
          isNull(column),
          gt(packagePurchases.expiresAt, now),
          lte(packagePurchases.expiresAt, new Date(now.getTime() + days * dayMs)),
          gt(unused, 0),
        ),
      )
      .limit(batch);
    for (const { id } of due) {
      const sent = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ p: packagePurchases, email: userTable.email, zone: userTable.timeZone, unused })
          .from(packagePurchases)
          .innerJoin(userTable, eq(userTable.id, packagePurchases.clientId))
          .where(and(eq(packagePurchases.id, id), isNull(column)))
          .for('update', { of: packagePurchases, skipLocked: true });
        if (!row) return false;
        if (row.unused > 0 && row.email)
          await enqueueEmail(tx, packageExpiryWarningEmail(row.p, row.unused, { email: row.email, zone: row.zone ?? 'UTC' }, baseUrl));
        // The 3-day warning stands for the 14-day one too, so a package 3 days from its end gets one e-mail.
        await tx
          .update(packagePurchases)
          .set(
            days === 3 ? { warned3At: now, warned14At: sql`coalesce(${packagePurchases.warned14At}, ${now.toISOString()}::timestamptz)` } : { warned14At: now },
          )
          .where(eq(packagePurchases.id, id));
        return true;
      });
      if (sent) warned++;
    }
  }
  return warned;
}
