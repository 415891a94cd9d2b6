/**
 * GET /api/package-purchases/{id}/receipt.pdf (docs/product.md "Plans and packages", "Payments"): the PDF receipt of
 * a package's card payment for its client, drawn by the session receipt's code: the amount, the package, the dates in
 * the client's zone, the card and every refund of unused sessions. A plan's paid month has the same receipt
 * (plans/use-cases/get-period-receipt.ts), built by `prepaidReceipt` below.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { packageMessages as m } from '../../../../shared/packages.js';
import { platformFeeCents } from '../../../../shared/pricing.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { isUuid } from '../../../../shared/ids.js';
import { packageEvents, packagePurchases, user as userTable } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { formatInZone } from '../../../infra/mail/zoned.js';
import type { ReceiptDocument } from '../../sessions/use-cases/get-receipt.js';

/** A prepaid charge as its receipt states it: cents, the instant paid (UTC), the card, the commission rate frozen with it. */
export type PrepaidCharge = Pick<ReceiptDocument, 'receiptNumber' | 'clientName' | 'expertName' | 'item' | 'durationMinutes' | 'currency' | 'amountCents'> & {
  paidAt: Date;
  cardBrand: string | null;
  cardLast4: string | null;
  platformFeeBps: number;
};

/**
 * The receipt of a package purchase or a plan's paid month (`owner`: package_events of that purchase or period):
 * `charge`, and its refunds of unused sessions from the ledger, dates in `zone`; and its file name.
 */
export async function prepaidReceipt(db: Db, owner: SQL, charge: PrepaidCharge, zone: string): Promise<{ filename: string; receipt: ReceiptDocument }> {
  const refunds = await db
    .select({ amountCents: packageEvents.amountCents, at: packageEvents.createdAt })
    .from(packageEvents)
    .where(and(owner, eq(packageEvents.type, 'refund')))
    .orderBy(asc(packageEvents.createdAt));
  // One line per settlement: the refunds of several unused sessions made at one moment are one refund to the card.
  const byMoment = new Map<number, number>();
  for (const r of refunds) byMoment.set(r.at.getTime(), (byMoment.get(r.at.getTime()) ?? 0) + r.amountCents);
  const refundedCents = refunds.reduce((sum, r) => sum + r.amountCents, 0);
  const { paidAt, cardBrand, cardLast4, platformFeeBps, ...stated } = charge;
  return {
    filename: `mentora-receipt-${paidAt.toISOString().slice(0, 10)}.pdf`,
    receipt: {
      ...stated,
      sessionWhen: formatInZone(paidAt, zone),
      paidWhen: formatInZone(paidAt, zone),
      card: cardBrand && cardLast4 ? `${cardBrand} ending ${cardLast4}` : 'Card',
      refunds: [...byMoment].map(([at, amountCents]) => ({ when: formatInZone(new Date(at), zone), amountCents })),
      refundedCents,
      creditCents: 0,
      creditRefundedCents: 0,
      commissionCents: platformFeeCents(charge.amountCents - refundedCents, platformFeeBps),
    },
  };
}

/** The receipt of purchase `id` for its client `user`, and its file name. 404 'Package not found.' for anyone else or an unknown id. */
export async function getPackageReceipt(db: Db, user: CurrentUser, id: string): Promise<{ filename: string; receipt: ReceiptDocument }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', m.purchaseNotFound);
  const [row] = await db
    .select({ p: packagePurchases, zone: userTable.timeZone })
    .from(packagePurchases)
    .innerJoin(userTable, eq(userTable.id, packagePurchases.clientId))
    .where(and(eq(packagePurchases.id, id), eq(packagePurchases.clientId, user.id)));
  if (!row) throw new AppError('NOT_FOUND', m.purchaseNotFound);
  const { p } = row;
  const zone = row.zone ?? 'UTC';
  return prepaidReceipt(
    db,
    eq(packageEvents.purchaseId, id),
    {
      receiptNumber: p.receiptNumber!,
      clientName: p.clientName,
      expertName: p.expertName,
      item: { label: 'Package', text: `${p.sessionCount} × ${p.durationMinutes} min sessions, expires ${formatInZone(p.expiresAt, zone)}` },
      durationMinutes: p.durationMinutes,
      currency: p.currency,
      amountCents: p.priceCents,
      paidAt: p.createdAt,
      cardBrand: p.cardBrand,
      cardLast4: p.cardLast4,
      platformFeeBps: p.platformFeeBps,
    },
    zone,
  );
}
