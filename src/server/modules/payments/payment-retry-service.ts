/**
 * Money the payment processor must give back and failed to (docs/product.md "Payments", docs/decisions/029-answers-after-commit.md):
 * the hold of a booking the database refused (sessions/booking-service.ts), the authorisation of a lapsed 3-D Secure
 * reservation (sessions/use-cases/settle-reservation.ts); and money it must pay out and failed to: the credit's share
 * of a release (payments/service.ts, decision 034). A failed first attempt is queued in `payment_retries` and
 * reported; the payment retries job asks the processor again with the same idempotency key until it confirms, so the
 * money is never moved twice and never forgotten. Amounts are integer cents.
 */
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { paymentRetries } from '../../db/schema.js';
import type { FailureReport } from '../../infra/failure-report.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import { clock } from '../../clock.js';

/**
 * The whole `amountCents` of `providerRef` to give back under `idempotencyKey`; `why` says what it was for. With
 * `transferTo` and `currency`, instead `amountCents` to transfer from the platform's balance to that connected account,
 * `providerRef` naming the transfer group (the booking).
 */
export type GiveBack = { providerRef: string; amountCents: number; idempotencyKey: string; why: string; transferTo?: string; currency?: string };

type Deps = { provider: PaymentProvider; report?: FailureReport };

/** The wait before attempt `attempts + 1`: 30 s, doubling, at most an hour. */
const waitAfter = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** (attempts - 1));

/** Asks the processor once for `giveBack`: a transfer (PaymentProvider.transfer) or a refund or void (PaymentProvider.refund). */
async function ask(provider: PaymentProvider, { providerRef, amountCents, idempotencyKey, transferTo, currency }: GiveBack): Promise<void> {
  if (transferTo && currency) {
    if (!provider.transfer) throw new Error(`${provider.name} cannot transfer to connected accounts`);
    await provider.transfer({ amountCents, currency, destinationAccount: transferTo, transferGroup: providerRef, idempotencyKey });
  } else {
    await provider.refund({ providerRef, amountCents, idempotencyKey });
  }
}

/**
 * Gives `giveBack` back in full now: refunded when charged, voided while only authorised (PaymentProvider.refund), or
 * transferred when it names a connected account. When the processor fails, it is queued in `db` — inside the caller's
 * transaction it commits with it — and reported (`payment_action`, logged with the request id of `deps.report`'s
 * logger); it never throws for the processor's failure. A key already queued stays as it is.
 */
export async function giveBackOrQueue(db: Db | Tx, deps: Deps, giveBack: GiveBack, now = clock.now()): Promise<void> {
  try {
    await ask(deps.provider, giveBack);
  } catch (err) {
    await queueGiveBack(db, deps, giveBack, err, now);
  }
}

/** Queues `giveBack`, whose attempt failed with `err`, for the payment retries job, and reports it (see giveBackOrQueue). */
export async function queueGiveBack(db: Db | Tx, deps: Deps, giveBack: GiveBack, err: unknown, now = clock.now()): Promise<void> {
  await db
    .insert(paymentRetries)
    .values({ ...giveBack, provider: deps.provider.name, lastError: String(err).slice(0, 1000), nextAttemptAt: new Date(now.getTime() + waitAfter(1)) })
    .onConflictDoNothing();
  const { providerRef, idempotencyKey, why } = giveBack;
  deps.report?.('payment_action', { err, providerRef, idempotencyKey, why }, 'payment processor did not move money; queued for retrying');
}

/**
 * The payment retries job at `now`: each give-back or transfer of this provider due and not done, one per
 * transaction, claimed with FOR UPDATE SKIP LOCKED (so several servers share the work and each is asked once), is
 * asked of the processor again with its key: done, or due again after a wait doubling from 30 s up to an hour, for as
 * long as it takes. Returns `{ done, failing }`; throws after the run when some still fail, so the job's failure
 * count and its "payment retries failed" log line show them.
 */
export async function retryDueGiveBacks(deps: Deps & { db: Db }, now = clock.now(), signal?: AbortSignal): Promise<{ done: number; failing: number }> {
  const counts = { done: 0, failing: 0 };
  while (!signal?.aborted) {
    const outcome = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(paymentRetries)
        .where(and(eq(paymentRetries.provider, deps.provider.name), isNull(paymentRetries.doneAt), lte(paymentRetries.nextAttemptAt, now)))
        .orderBy(asc(paymentRetries.nextAttemptAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      return attemptGiveBack(tx, deps, row, now);
    });
    if (!outcome) break;
    counts[outcome]++;
  }
  if (counts.failing) throw new Error(`${counts.failing} payment retries still failing (payment_retries)`);
  return counts;
}

/**
 * Asks the processor once more for `row`'s give-back or transfer, with its own key, inside `tx` where the row is
 * locked: marks it done when the processor confirms, else counts the attempt, keeps the error and sets the next
 * attempt after the doubling wait (and reports it). 'done' | 'failing'; never throws for the processor's failure.
 */
export async function attemptGiveBack(tx: Tx, deps: Deps, row: typeof paymentRetries.$inferSelect, now = clock.now()): Promise<'done' | 'failing'> {
  const attempts = row.attempts + 1;
  try {
    await ask(deps.provider, { ...row, transferTo: row.transferTo ?? undefined, currency: row.currency ?? undefined });
    await tx.update(paymentRetries).set({ attempts, doneAt: now }).where(eq(paymentRetries.id, row.id));
    return 'done';
  } catch (err) {
    const retry = { attempts, lastError: String(err).slice(0, 1000), nextAttemptAt: new Date(now.getTime() + waitAfter(attempts)) };
    await tx.update(paymentRetries).set(retry).where(eq(paymentRetries.id, row.id));
    deps.report?.('payment_action', { err, providerRef: row.providerRef, idempotencyKey: row.idempotencyKey, attempts }, 'payment retry failed');
    return 'failing';
  }
}
