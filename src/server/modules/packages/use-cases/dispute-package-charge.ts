/**
 * A card dispute (chargeback) of a package's charge (docs/product.md "Plans and packages"; the rule a plan month's
 * dispute follows, docs/decisions/039-stripe-billing-for-plans.md): the card network holds the money, so the package
 * ends — its sessions not booked are counted as given back (nothing moves at the processor; ledger 'refund' entries)
 * and can no longer be booked — and every session booked from it whose money the dispute covers has its payment
 * disputed, so nothing of the charge is released to the expert. The client and the expert are e-mailed through the
 * outbox, as for a plan month's dispute. Runs in the webhook's transaction, which records the event id; the same dispute
 * told again changes nothing (and e-mails nobody).
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { packagePurchases } from '../../../db/schema.js';
import type { PaymentProvider } from '../../../infra/payments/provider.js';
import { enqueueEmail } from '../../../infra/mail/outbox.js';
import { recordChargebacksOfCharge } from '../../payments/authorisation-service.js';
import { partiesOfSubscription } from '../../plans/period-service.js';
import { packageDisputedEmail } from '../emails.js';
import { lockPurchase, markEnded, settlePrepaid } from '../prepaid-service.js';

/**
 * Applies the dispute `disputeId` of charge `providerRef` at `provider` ('stripe': a PaymentIntent id), `note` on
 * every ledger entry. Returns null when the charge is no package's, 'applied' when it ended the package or disputed a
 * session's payment, 'ignored' when that was already done.
 */
export async function disputePackageCharge(
  tx: Tx,
  deps: { provider: PaymentProvider; baseUrl: string },
  charge: { provider: string; providerRef: string; disputeId: string },
  note: string,
  now: Date,
): Promise<'applied' | 'ignored' | null> {
  const [found] = await tx
    .select({ id: packagePurchases.id })
    .from(packagePurchases)
    .where(and(eq(packagePurchases.provider, charge.provider), eq(packagePurchases.providerRef, charge.providerRef)));
  const purchase = found ? await lockPurchase(tx, found.id) : null;
  if (!purchase) return null;
  let ended = false;
  let unused = 0;
  if (!purchase.settledAt) {
    ({ unused } = await settlePrepaid(
      tx,
      deps.provider,
      { purchaseId: purchase.id, providerRef: null, platformFeeBps: purchase.platformFeeBps },
      { kind: 'refund', key: `package-dispute:${charge.disputeId}`, actorId: null, note },
      now,
    ));
    await markEnded(tx, purchase, 'team', now);
    ended = true;
  }
  const disputed = await recordChargebacksOfCharge(tx, charge.provider, charge.providerRef, note, now);
  if (!ended && disputed === 0) return 'ignored';
  const parties = await partiesOfSubscription(tx, purchase);
  for (const side of ['client', 'expert'] as const) {
    const to = parties[side];
    if (to) await enqueueEmail(tx, packageDisputedEmail(purchase, unused, side, to, deps.baseUrl));
  }
  return 'applied';
}
