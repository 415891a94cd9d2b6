/**
 * GET /api/package-purchases/{id}/receipt.pdf (docs/product.md "Plans and packages", "Payments"): the PDF receipt of
 * a package's card payment for its client, drawn by the session receipt's code: the amount, the package, the dates in
 * the client's zone, the card and every refund of unused sessions.
 */
import { and, asc, eq } from 'drizzle-orm';
import { packageMessages as m } from '../../../../shared/packages.js';
import { platformFeeCents } from '../../../../shared/pricing.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { isUuid } from '../../../../shared/ids.js';
import { packageEvents, packagePurchases, user as userTable } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { formatInZone } from '../../../infra/mail/zoned.js';
import type { ReceiptDocument } from '../../sessions/use-cases/get-receipt.js';

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
  const refunds = await db
    .select({ amountCents: packageEvents.amountCents, at: packageEvents.createdAt })
    .from(packageEvents)
    .where(and(eq(packageEvents.purchaseId, id), eq(packageEvents.type, 'refund')))
    .orderBy(asc(packageEvents.createdAt));
  // One line per settlement: the refunds of several unused sessions made at one moment are one refund to the card.
  const byMoment = new Map<number, number>();
  for (const r of refunds) byMoment.set(r.at.getTime(), (byMoment.get(r.at.getTime()) ?? 0) + r.amountCents);
  const refundedCents = refunds.reduce((sum, r) => sum + r.amountCents, 0);
  return {
    filename: `mentora-receipt-${p.createdAt.toISOString().slice(0, 10)}.pdf`,
    receipt: {
      receiptNumber: p.receiptNumber!,
      clientName: p.clientName,
      expertName: p.expertName,
      sessionWhen: formatInZone(p.createdAt, zone),
      packageLine: `${p.sessionCount} × ${p.durationMinutes} min sessions, expires ${formatInZone(p.expiresAt, zone)}`,
      durationMinutes: p.durationMinutes,
      currency: p.currency,
      amountCents: p.priceCents,
      paidWhen: formatInZone(p.createdAt, zone),
      card: p.cardBrand && p.cardLast4 ? `${p.cardBrand} ending ${p.cardLast4}` : 'Card',
      refunds: [...byMoment].map(([at, amountCents]) => ({ when: formatInZone(new Date(at), zone), amountCents })),
      refundedCents,
      creditCents: 0,
      creditRefundedCents: 0,
      commissionCents: platformFeeCents(p.priceCents - refundedCents, p.platformFeeBps),
    },
  };
}
