/**
 * Card payments awaiting the bank's 3-D Secure step for a package bought or a plan started (`card_confirmations`,
 * migration 0054; docs/product.md "Plans and packages"): what the packages' and plans' settling share — the row locked
 * for settling, the answer to where it stands, and the ones abandoned `pendingPurchaseHours` after they were made (as
 * an organisation's credit purchase, docs/product.md "Partners"). Each module settles its own rows.
 */
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import { pendingPurchaseHours } from '../../../shared/partners.js';
import type { Db, Tx } from '../../db/client.js';
import { cardConfirmations } from '../../db/schema.js';
import { AppError } from '../../errors.js';

export type ConfirmationRow = typeof cardConfirmations.$inferSelect;
export type ConfirmationStatus = ConfirmationRow['status'];
type Kind = 'package' | 'plan';

const ofKind = (kind: Kind) => isNotNull(kind === 'package' ? cardConfirmations.packageId : cardConfirmations.planId);

/**
 * The confirmation `id` of `kind`, locked in `tx`; for a `job` only while pending, and skipped (null)
 * when another transaction holds it. Null when there is none.
 */
export async function lockConfirmation(tx: Tx, id: string, kind: Kind, job = false): Promise<ConfirmationRow | null> {
  const lock = tx
    .select()
    .from(cardConfirmations)
    .where(and(eq(cardConfirmations.id, id), ofKind(kind), job ? eq(cardConfirmations.status, 'pending') : undefined));
  const [row] = await (job ? lock.for('update', { skipLocked: true }) : lock.for('update'));
  return row ?? null;
}

/**
 * Throws the product's answer unless `status` is 'paid': 404 `words.notFound` (none), 409 'Your bank is still
 * confirming this payment…' (pending), 402 'Payment failed…' (failed), 402 `words.expired` (abandoned).
 */
export function assertConfirmed(status: ConfirmationStatus | null, words: { notFound: string; expired: string }): void {
  if (!status) throw new AppError('NOT_FOUND', words.notFound);
  if (status === 'pending') throw new AppError('CONFLICT', messages.payment.awaitingPayment);
  if (status === 'failed') throw new AppError('PAYMENT_DECLINED', messages.payment.failed);
  if (status === 'expired') throw new AppError('PAYMENT_DECLINED', words.expired);
}

/**
 * Settles, each in its own transaction with `settle` (the job's: claiming with SKIP LOCKED), the confirmations of
 * `kind` still pending `pendingPurchaseHours` before `now`, oldest first, at most `batch`. Answers how many expired.
 */
export async function settleAbandoned(
  db: Db,
  kind: Kind,
  now: Date,
  batch: number,
  settle: (tx: Tx, id: string) => Promise<ConfirmationStatus | null>,
): Promise<number> {
  const due = await db
    .select({ id: cardConfirmations.id })
    .from(cardConfirmations)
    .where(
      and(eq(cardConfirmations.status, 'pending'), ofKind(kind), lte(cardConfirmations.createdAt, new Date(now.getTime() - pendingPurchaseHours * 3_600_000))),
    )
    .orderBy(cardConfirmations.createdAt)
    .limit(batch);
  let expired = 0;
  for (const { id } of due) if ((await db.transaction((tx) => settle(tx, id))) === 'expired') expired++;
  return expired;
}
