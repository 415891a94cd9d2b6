/**
 * GET /api/plan-periods/{id}/receipt.pdf (docs/product.md "Plans and packages", "Payments"): the PDF receipt of one
 * paid month of a plan (a renewal, the first month, or the part of a month a change of plan charged) for its client,
 * as a package's: the amount, the month's dates and sessions, the card and every refund of the month's unused
 * sessions, dates in the client's zone.
 */
import { and, count, eq } from 'drizzle-orm';
import { isUuid } from '../../../../shared/ids.js';
import { planMessages as m } from '../../../../shared/plans.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { packageEvents, planPeriods, prepaidSessions, subscriptions, user as userTable } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { formatInZone } from '../../../infra/mail/zoned.js';
import { prepaidReceipt } from '../../packages/use-cases/get-package-receipt.js';
import type { ReceiptDocument } from '../../sessions/use-cases/get-receipt.js';

/**
 * The receipt of plan period `id` for the subscription's client `user`, and its file name. 404 'Plan subscription not
 * found.' for anyone else or an unknown id; 404 'A free trial has no receipt…' for a trial period (nothing charged).
 */
export async function getPeriodReceipt(db: Db, user: CurrentUser, id: string): Promise<{ filename: string; receipt: ReceiptDocument }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', m.subscriptionNotFound);
  const [row] = await db
    .select({ p: planPeriods, s: subscriptions, zone: userTable.timeZone })
    .from(planPeriods)
    .innerJoin(subscriptions, eq(subscriptions.id, planPeriods.subscriptionId))
    .innerJoin(userTable, eq(userTable.id, subscriptions.clientId))
    .where(and(eq(planPeriods.id, id), eq(subscriptions.clientId, user.id)));
  if (!row) throw new AppError('NOT_FOUND', m.subscriptionNotFound);
  const { p, s } = row;
  if (p.kind !== 'paid') throw new AppError('NOT_FOUND', m.trialNoReceipt);
  const zone = row.zone ?? 'UTC';
  // The month's own sessions: a change of plan may have given this part of the month other terms than the plan's now.
  const [granted] = await db.select({ n: count() }).from(prepaidSessions).where(eq(prepaidSessions.periodId, id));
  const sessions = granted!.n === 1 ? '1 session' : `${granted!.n} sessions`;
  return prepaidReceipt(
    db,
    eq(packageEvents.periodId, id),
    {
      receiptNumber: p.receiptNumber!,
      clientName: s.clientName,
      expertName: s.expertName,
      item: { label: 'Plan month', text: `${formatInZone(p.startsAt, zone)} to ${formatInZone(p.endsAt, zone)}, ${sessions}` },
      durationMinutes: s.durationMinutes,
      currency: s.currency,
      amountCents: p.amountCents,
      paidAt: p.createdAt,
      cardBrand: p.cardBrand,
      cardLast4: p.cardLast4,
      platformFeeBps: s.platformFeeBps,
    },
    zone,
  );
}
