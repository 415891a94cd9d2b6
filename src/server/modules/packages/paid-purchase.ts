/**
 * Writing a paid package purchase (docs/product.md "Plans and packages", "Buying"), once its card is charged: at once
 * (use-cases/buy-package.ts), or when the bank confirmed its 3-D Secure step (use-cases/settle-package-payment.ts).
 * Runs in the caller's transaction. Money integer cents.
 */
import { eq } from 'drizzle-orm';
import { packageExpiresAt, packageShares } from '../../../shared/packages.js';
import type { Tx } from '../../db/client.js';
import { packageEvents, packagePurchases, prepaidSessions, user as userTable } from '../../db/schema.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import { packageReceiptEmail } from './emails.js';

/** The terms frozen when a client pays for a package (kept as `card_confirmations.terms` while the bank confirms). */
export type PackageTerms = {
  packageId: string;
  expertId: string;
  expertName: string;
  clientName: string;
  sessionCount: number;
  durationMinutes: number;
  priceCents: number;
  validityMonths: number;
  expiryRule: 'refund' | 'release';
  currency: string;
  platformFeeBps: number;
};

/** A paid purchase to write: its id, client, frozen terms, the charge at the processor and the request that bought it. */
export type PaidPurchase = {
  id: string;
  clientId: string;
  terms: PackageTerms;
  provider: string;
  providerRef: string;
  card: { cardBrand: string; cardLast4: string };
  idempotencyKey: string;
  requestHash: string;
};

/**
 * Writes the paid purchase `w` in `tx` at `now` (when it was bought: its expiry runs from then): the purchase, its
 * prepaid sessions with their shares, its 'charge' ledger entry and the receipt e-mail in the client's zone.
 */
export async function writePurchase(tx: Tx, baseUrl: string, w: PaidPurchase, now: Date): Promise<void> {
  const { packageId, expertId, clientName, platformFeeBps, ...frozen } = w.terms;
  const terms = { ...frozen, expiresAt: packageExpiresAt(now, frozen.validityMonths), ...w.card };
  const [bought] = await tx
    .insert(packagePurchases)
    .values({
      id: w.id,
      packageId,
      clientId: w.clientId,
      expertId,
      clientName,
      ...terms,
      platformFeeBps,
      provider: w.provider,
      providerRef: w.providerRef,
      idempotencyKey: w.idempotencyKey,
      requestHash: w.requestHash,
      createdAt: now,
      updatedAt: now,
    })
    // The database numbers the receipt (migration 0047).
    .returning({ receiptNumber: packagePurchases.receiptNumber });
  await tx
    .insert(prepaidSessions)
    .values(packageShares(terms.priceCents, terms.sessionCount).map((shareCents, i) => ({ purchaseId: w.id, number: i + 1, shareCents })));
  await tx.insert(packageEvents).values({ purchaseId: w.id, type: 'charge', amountCents: terms.priceCents, actorId: w.clientId, createdAt: now });
  const [client] = await tx.select({ email: userTable.email, zone: userTable.timeZone }).from(userTable).where(eq(userTable.id, w.clientId));
  if (client?.email)
    await enqueueEmail(
      tx,
      packageReceiptEmail({ id: w.id, ...terms, receiptNumber: bought!.receiptNumber! }, { email: client.email, zone: client.zone ?? 'UTC' }, now, baseUrl),
    );
}
