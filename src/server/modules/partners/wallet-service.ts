/**
 * The credit wallet (docs/product.md "Partners", decision 031): every change of an organisation's balance is one
 * `credit_ledger` entry written in the same transaction as the UPDATE of the organisation's balance row, whose CHECKs
 * refuse a negative available or reserved balance, so concurrent writers can never overdraw it. Free credit (grants)
 * is spent first, the soonest expiring first, so that as little as possible expires.
 */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { CreditEntryKind } from '../../../shared/partners.js';
import type { Tx } from '../../db/client.js';
import { creditGrants, creditLedger, organisations } from '../../db/schema.js';

export type CreditMove = {
  organisationId: string;
  kind: CreditEntryKind;
  /** Change of the available balance, in cents (signed as the kind requires). */
  amountCents: number;
  /** Change of the reserved credit, in cents. */
  reservedChangeCents?: number;
  purchaseId?: string;
  grantId?: string;
  /** The booking a reservation, spend or return is for. */
  sessionId?: string;
  note?: string;
  actorId: string | null;
};

/**
 * Moves the organisation's balance by `move` and appends its ledger entry, inside `tx`. Answers the available
 * balance after it (cents). A move the balance cannot take fails with the database's CHECK violation
 * (`organisations_balance_check`, SQLSTATE 23514), which rolls the caller's transaction back.
 */
export async function moveCredit(tx: Tx, move: CreditMove): Promise<number> {
  const reserved = move.reservedChangeCents ?? 0;
  const [row] = await tx
    .update(organisations)
    .set({
      balanceCents: sql`${organisations.balanceCents} + ${move.amountCents}`,
      reservedCents: sql`${organisations.reservedCents} + ${reserved}`,
    })
    .where(eq(organisations.id, move.organisationId))
    .returning({ balanceCents: organisations.balanceCents });
  if (!row) throw new Error(`organisation ${move.organisationId} does not exist`);
  await tx.insert(creditLedger).values({
    organisationId: move.organisationId,
    kind: move.kind,
    amountCents: move.amountCents,
    reservedChangeCents: reserved,
    balanceAfterCents: row.balanceCents,
    purchaseId: move.purchaseId,
    grantId: move.grantId,
    sessionId: move.sessionId,
    note: move.note,
    actorId: move.actorId,
  });
  return row.balanceCents;
}

/** The organisation's row, locked for this transaction (lock order: the organisation before its grants), or null. */
export async function lockOrganisation(tx: Tx, organisationId: string) {
  const [row] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).for('update');
  return row ?? null;
}

/**
 * Takes `cents` spent from the organisation's grants still running, the soonest expiring first, so that the
 * unspent part of each grant is known when it expires. Call it under the organisation's lock with every move that
 * lowers the available balance, other than an expiry.
 */
export async function drawFromGrants(tx: Tx, organisationId: string, cents: number): Promise<void> {
  let left = cents;
  const running = await tx
    .select({ id: creditGrants.id, remainingCents: creditGrants.remainingCents })
    .from(creditGrants)
    .where(and(eq(creditGrants.organisationId, organisationId), isNull(creditGrants.retiredAt), gt(creditGrants.remainingCents, 0)))
    .orderBy(asc(creditGrants.expiresAt), asc(creditGrants.createdAt))
    .for('update');
  for (const grant of running) {
    if (left === 0) break;
    const taken = Math.min(left, grant.remainingCents);
    await tx
      .update(creditGrants)
      .set({ remainingCents: grant.remainingCents - taken })
      .where(eq(creditGrants.id, grant.id));
    left -= taken;
  }
}
