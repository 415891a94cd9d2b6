/**
 * A demo partner (docs/product.md "Partners"): Northfield University, managed by partner@example.com, with credit paid
 * by bank transfer and a pilot grant, so /partner shows a balance and a ledger at once. Credit moves through the
 * wallet's one writer, so the ledger and the balance agree as for any other organisation.
 */
import type { Tx } from '../db/client.js';
import { creditGrants, creditPurchases, organisationManagers, organisations } from '../db/schema.js';
import { moveCredit } from '../modules/partners/wallet-service.js';
import type { CreateLogins } from './demo-logins.js';

const dayMs = 86_400_000;

export async function seedPartners(tx: Tx, createLogins: CreateLogins, now = new Date()): Promise<void> {
  const [managerId] = await createLogins([{ email: 'partner@example.com', firstName: 'Robin', lastName: 'Hale', role: 'client' }]);
  const [org] = await tx
    .insert(organisations)
    .values({ name: 'Northfield University', kind: 'university', billingEmail: 'partner@example.com', emailDomains: ['northfield.example'] })
    .returning({ id: organisations.id });
  const organisationId = org!.id;
  await tx.insert(organisationManagers).values({ organisationId, userId: managerId! });
  const [purchase] = await tx
    .insert(creditPurchases)
    .values({
      organisationId,
      amountCents: 200_000,
      method: 'invoice',
      invoiceReference: 'NFU-2026-001',
      idempotencyKey: 'invoice:nfu-2026-001',
      requestHash: 'demo',
      buyerId: managerId!,
    })
    .returning({ id: creditPurchases.id });
  await moveCredit(tx, { organisationId, kind: 'purchase', amountCents: 200_000, purchaseId: purchase!.id, actorId: null });
  // A pilot grant ending at the start of a UTC day 60 days on.
  const expiresAt = new Date(Math.floor(now.getTime() / dayMs) * dayMs + 61 * dayMs);
  const [grant] = await tx
    .insert(creditGrants)
    .values({ organisationId, amountCents: 50_000, remainingCents: 50_000, expiresAt, note: 'Spring pilot' })
    .returning({ id: creditGrants.id });
  await moveCredit(tx, { organisationId, kind: 'grant', amountCents: 50_000, grantId: grant!.id, note: 'Spring pilot', actorId: null });
}
