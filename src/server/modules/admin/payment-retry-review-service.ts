/**
 * The payment retries, in front of the team (docs/product.md "Team console"; docs/decisions/029-answers-after-commit.md):
 * the rows of `payment_retries` the processor has not confirmed — money back to a client, or an expert's share
 * transferred to their Stripe account — which the payment retries job keeps asking for with a doubling wait. The team
 * sees them with their kind, attempts and last error, asks again at once, or marks one done by hand (refunded or
 * transferred in the processor's own dashboard); each action is audited.
 */
import { asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import type { PaymentRetry, PaymentRetryKind, PaymentRetryListQuery, ResolvePaymentRetryInput } from '../../../shared/schemas/admin-payment-retries.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { paymentRetries } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import { attemptGiveBack } from '../payments/payment-retry-service.js';
import { assertUuid, recordAudit, type Page } from './audit-service.js';

const m = messages.admin;
type Row = typeof paymentRetries.$inferSelect;

/** A row naming a connected account transfers to it; any other gives the money back (PaymentRetryKind). */
const kindOf = (r: Row): PaymentRetryKind => (r.transferTo ? 'transfer' : 'give-back');

const view = (r: Row): PaymentRetry => ({
  id: r.id,
  kind: kindOf(r),
  provider: r.provider,
  providerRef: r.providerRef,
  amountCents: r.amountCents,
  why: r.why,
  attempts: r.attempts,
  lastError: r.lastError,
  nextAttemptAt: r.nextAttemptAt.toISOString(),
  doneAt: r.doneAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** GET /api/admin/payment-retries: `open` retries (oldest first: the longest waiting leads) or `done` ones (newest first). */
export async function listPaymentRetries(db: Db, q: PaymentRetryListQuery): Promise<Page<PaymentRetry>> {
  const open = q.status === 'open';
  const where = open ? isNull(paymentRetries.doneAt) : isNotNull(paymentRetries.doneAt);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(paymentRetries)
      .where(where)
      .orderBy(open ? asc(paymentRetries.createdAt) : desc(paymentRetries.doneAt), asc(paymentRetries.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(paymentRetries).where(where),
  ]);
  return { items: rows.map(view), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** The open retry `id`, locked for this transaction; 404 unknown, 409 already done (given back, or transferred). */
async function openRow(tx: Tx, id: string): Promise<Row> {
  assertUuid(id, m.paymentRetryNotFound);
  const [row] = await tx.select().from(paymentRetries).where(eq(paymentRetries.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', m.paymentRetryNotFound);
  if (row.doneAt) throw new AppError('CONFLICT', m.paymentRetryDone[kindOf(row)]);
  return row;
}

/**
 * POST /api/admin/payment-retries/{id}/retry: asks the processor now, with the retry's own idempotency key (so the
 * money never moves twice); `{ retry, done }` whether it confirmed or refused again (then the job keeps trying).
 * Audited either way. 404; 409 already done, or queued for another processor than this server's.
 */
export async function retryPaymentNow(db: Db, provider: PaymentProvider, admin: CurrentUser, id: string): Promise<{ retry: PaymentRetry; done: boolean }> {
  return db.transaction(async (tx) => {
    const row = await openRow(tx, id);
    if (row.provider !== provider.name) throw new AppError('CONFLICT', m.paymentRetryOtherProcessor);
    const done = (await attemptGiveBack(tx, { provider }, row)) === 'done';
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'payment-retry.retry',
      targetType: 'payment_retry',
      targetId: id,
      detail: { amountCents: row.amountCents, done },
    });
    const [now] = await tx.select().from(paymentRetries).where(eq(paymentRetries.id, id));
    return { retry: view(now!), done };
  });
}

/**
 * POST /api/admin/payment-retries/{id}/resolve: the team gave the money back, or paid the expert, outside Mentora
 * (`reason` says how); the retry is done and the job stops asking. Audited with the note. 400 no note; 404; 409
 * already done.
 */
export async function resolvePaymentRetry(db: Db, admin: CurrentUser, id: string, input: ResolvePaymentRetryInput): Promise<PaymentRetry> {
  return db.transaction(async (tx) => {
    const row = await openRow(tx, id);
    const [done] = await tx.update(paymentRetries).set({ doneAt: new Date() }).where(eq(paymentRetries.id, id)).returning();
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'payment-retry.resolve',
      targetType: 'payment_retry',
      targetId: id,
      detail: { amountCents: row.amountCents, reason: input.reason },
    });
    return view(done!);
  });
}
