/**
 * Queues the client's receipt e-mail (../receipt-emails.ts) for a movement of a session's payment, in the transaction
 * that records the movement (docs/product.md "Payments"), so a receipt goes out exactly when the money moved.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { payments, sessions } from '../../../db/schema.js';
import { enqueueEmail } from '../../../infra/mail/outbox.js';
import { partiesOf } from '../parties.js';
import { receiptEmail } from '../receipt-emails.js';

/**
 * `payment` as it stands after the movement (refundedCents included); `movement` the payment itself or a refund of
 * `amountCents`; `at` when it was recorded (UTC). Nothing is sent when the client's account is gone.
 */
export async function enqueueReceipt(
  tx: Tx,
  baseUrl: string,
  payment: Pick<typeof payments.$inferSelect, 'sessionId' | 'amountCents' | 'refundedCents' | 'currency' | 'cardBrand' | 'cardLast4' | 'receiptNumber'> & {
    creditCents?: number;
  },
  movement: { type: 'payment' } | { type: 'refund'; amountCents: number; creditCents?: number },
  at: Date,
): Promise<void> {
  const [s] = await tx
    .select({ clientId: sessions.clientId, expertId: sessions.expertId, expertName: sessions.expertName, startsAt: sessions.startsAt })
    .from(sessions)
    .where(eq(sessions.id, payment.sessionId));
  if (!s) return;
  const { client } = await partiesOf(tx, s);
  if (!client) return;
  await enqueueEmail(tx, receiptEmail(movement, { ...payment, ...s }, client, at, baseUrl));
}
