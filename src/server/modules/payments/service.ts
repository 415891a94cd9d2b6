/**
 * The escrow ledger (docs/architecture.md "Session and payment lifecycles"): one `payments` row per paid session and an append-only
 * `payment_events` trail. Every function runs inside the caller's transaction so a session's state and
 * its money always change together. Amounts are integer cents.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { experts, paymentEvents, payments, sessions } from '../../db/schema.js';
import { platformFeeCents } from '../../../shared/pricing.js';
import { splitRefund } from '../../../shared/programmes.js';
import type { PaymentSummary } from '../../../shared/schemas/sessions.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import type { FailureReport } from '../../infra/failure-report.js';
import { enqueueReceipt } from '../sessions/use-cases/send-receipt.js';
import { settleCredit } from '../partners/credit-escrow-service.js';
import { giveBackOrQueue } from './payment-retry-service.js';

export type PaymentRow = typeof payments.$inferSelect;

/** The payment processor, and where a failure handled without an error is told (infra/failure-report.ts). */
type ProviderDeps = { provider: PaymentProvider; report?: FailureReport };

/** A payment as its session's parties and the team see it (docs/product.md "Payments"): status, cents paid and refunded, card. */
export function paymentSummaryOf(
  p:
    | (Pick<PaymentRow, 'status' | 'amountCents' | 'refundedCents' | 'cardBrand' | 'cardLast4' | 'provider'> & {
        creditCents?: number;
        receiptNumber?: string | null;
      })
    | null,
): PaymentSummary | null {
  if (!p) return null;
  const { amountCents, refundedCents, cardBrand, cardLast4, provider, creditCents = 0, receiptNumber } = p;
  // The credit's part is named only when an access programme paid some (docs/product.md "Booking with credit").
  return {
    status: p.status as PaymentSummary['status'],
    amountCents,
    refundedCents,
    cardBrand,
    cardLast4,
    provider,
    ...(creditCents > 0 ? { creditCents } : {}),
    ...(receiptNumber ? { receiptNumber } : {}),
  };
}

/**
 * The ledger rows of a new hold, as statements not yet run, so that the booking writes them in its own single
 * statement: the `payments` row — held (the card is authorised; with its 'hold' event by `actorId`) or pending
 * (awaiting 3-D Secure; the event comes when it is confirmed, authorisation-service.ts) — for session `sessionId`.
 * `id` is the new payment's uuid, chosen by the caller so the event can name it in the same statement.
 */
export function holdWrites(
  db: Db | Tx,
  p: {
    id: string;
    sessionId: string;
    status: 'held' | 'pending';
    amountCents: number;
    currency: string;
    provider: string;
    providerRef: string;
    cardBrand?: string;
    cardLast4?: string;
    idempotencyKey: string;
    /** The part an organisation's credit pays (docs/product.md "Booking with credit"); the card pays the rest. */
    creditCents?: number;
    actorId: string;
  },
) {
  const { actorId, ...row } = p;
  return {
    // The database numbers a paid payment's receipt (migration 0047); the booking's receipt e-mail names it.
    payment: db.insert(payments).values(row).returning({ receiptNumber: payments.receiptNumber }),
    event: p.status === 'held' ? db.insert(paymentEvents).values({ paymentId: p.id, type: 'hold', amountCents: p.amountCents, actorId }) : null,
  };
}

async function heldPayment(tx: Tx, sessionId: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.sessionId, sessionId)).for('update');
  return row && row.status === 'held' ? row : null;
}

/** Cents still held in escrow for the session (0 when nothing is held, e.g. a free intro), row locked. */
export async function heldCents(tx: Tx, sessionId: string): Promise<number> {
  return (await heldPayment(tx, sessionId))?.amountCents ?? 0;
}

/**
 * Releases `keptCents` of the held `payment` to the expert inside `tx` (docs/product.md "Payments", "Earnings",
 * "Booking with credit"), of which `cardKeptCents` the card paid: the provider captures the card's part and transfers
 * it less its share of the platform's commission frozen on the session at booking to the expert's Stripe connected
 * account (when connected); the ledger records the expert's 'release' of the whole kept amount (net) and the
 * platform's 'fee'. The credit's part was paid to the platform when the organisation bought it: the rest of the
 * expert's net is transferred from the platform's balance, or queued for the payment retries job when the processor
 * fails (the card's money has moved by then, so the release must not fail); its spend is settled by settleCredit.
 */
async function releaseToExpert(
  tx: Tx,
  { provider, report }: ProviderDeps,
  payment: PaymentRow,
  keptCents: number,
  cardKeptCents: number,
  actorId: string | null,
  note?: string,
) {
  const [row] = await tx
    .select({ account: experts.stripeAccountId, feeBps: sessions.platformFeeBps })
    .from(sessions)
    .innerJoin(experts, eq(experts.id, sessions.expertId))
    .where(eq(sessions.id, payment.sessionId));
  const fee = platformFeeCents(keptCents, row?.feeBps ?? 0);
  const cardTransferCents = cardKeptCents - platformFeeCents(cardKeptCents, row?.feeBps ?? 0);
  if (cardKeptCents > 0)
    await provider.release({
      providerRef: payment.providerRef,
      amountCents: cardKeptCents,
      transferCents: cardTransferCents,
      idempotencyKey: `release:${payment.id}`,
      destinationAccount: row?.account ?? null,
    });
  // The credit's transfer is the rest of the net the ledger records, so the two transfers sum to it to the cent.
  const creditTransferCents = keptCents - fee - (cardKeptCents > 0 ? cardTransferCents : 0);
  if (row?.account && provider.transfer && keptCents > cardKeptCents && creditTransferCents > 0)
    await giveBackOrQueue(
      tx,
      { provider, report },
      {
        providerRef: payment.sessionId,
        amountCents: creditTransferCents,
        idempotencyKey: `release:${payment.id}:credit-transfer`,
        why: `the organisation's credit share of the release of session ${payment.sessionId}`,
        transferTo: row.account,
        currency: payment.currency,
      },
    );
  await tx
    .insert(paymentEvents)
    .values([
      { paymentId: payment.id, type: 'release', amountCents: keptCents - fee, actorId, note },
      ...(fee > 0 ? [{ paymentId: payment.id, type: 'fee', amountCents: fee, actorId, note }] : []),
    ]);
}

/**
 * Keeps a held payment holdable while a dispute waits for the team: the provider charges an authorisation
 * now (Stripe authorisations lapse after 7 days). The ledger is unchanged: the money stays held in escrow.
 */
export async function securePayment(tx: Tx, provider: PaymentProvider, sessionId: string): Promise<void> {
  const payment = await heldPayment(tx, sessionId);
  if (payment && payment.creditCents < payment.amountCents) await provider.secure({ providerRef: payment.providerRef, idempotencyKey: `secure:${payment.id}` });
}

/**
 * Releases a held payment to the expert (status released; 'release' event net of the platform's fee, and the 'fee'). No-op without a held payment
 * (free intro sessions have none).
 */
export async function releasePayment(tx: Tx, deps: ProviderDeps, sessionId: string, actorId: string | null, note?: string): Promise<void> {
  const payment = await heldPayment(tx, sessionId);
  if (!payment) return;
  await releaseToExpert(tx, deps, payment, payment.amountCents, payment.amountCents - payment.creditCents, actorId, note);
  await settleCredit(tx, sessionId, 0, actorId, note);
  await tx.update(payments).set({ status: 'released', updatedAt: new Date() }).where(eq(payments.id, payment.id));
}

/**
 * Refunds `refundCents` of a held payment to the client and releases the rest to the expert: status
 * refunded (all), partially_refunded (some) or released (none). A payment an organisation's credit paid in part
 * refunds each source in proportion (splitRefund): the card's share through the provider, the credit's back to the
 * wallet (settleCredit). A refund e-mails the client a receipt (links to `deps.baseUrl`). Returns the cents refunded.
 */
export async function refundPayment(
  tx: Tx,
  { provider, report, baseUrl }: ProviderDeps & { baseUrl: string },
  sessionId: string,
  refundCents: number,
  actorId: string | null,
  note?: string,
): Promise<number> {
  const payment = await heldPayment(tx, sessionId);
  if (!payment) return 0;
  const refund = Math.max(0, Math.min(refundCents, payment.amountCents));
  const kept = payment.amountCents - refund;
  const split = splitRefund(refund, payment.amountCents, payment.creditCents);
  if (split.cardCents > 0) await provider.refund({ providerRef: payment.providerRef, amountCents: split.cardCents, idempotencyKey: `refund:${payment.id}` });
  const status = refund === payment.amountCents ? 'refunded' : refund === 0 ? 'released' : 'partially_refunded';
  await tx.update(payments).set({ status, refundedCents: refund, updatedAt: new Date() }).where(eq(payments.id, payment.id));
  if (refund > 0) {
    await tx.insert(paymentEvents).values({ paymentId: payment.id, type: 'refund', amountCents: refund, actorId, note });
    const movement = { type: 'refund', amountCents: refund, creditCents: split.creditCents } as const;
    await enqueueReceipt(tx, baseUrl, { ...payment, refundedCents: refund }, movement, new Date());
  }
  const cardKept = payment.amountCents - payment.creditCents - split.cardCents;
  if (kept > 0) await releaseToExpert(tx, { provider, report }, payment, kept, cardKept, actorId, note);
  await settleCredit(tx, sessionId, split.creditCents, actorId, note);
  return refund;
}
