/**
 * The grant expiry job (docs/product.md "Partners"): e-mails an organisation's managers 14 and 3 days before the
 * unspent part of a grant expires, and at its expiry retires that part with an 'expiry' ledger entry. Several servers
 * run it at once: each grant is claimed under its organisation's lock and re-checked, and the ledger's unique index
 * (one expiry per grant) makes a second retirement impossible.
 */
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { grantWarningDays } from '../../../shared/partners.js';
import type { Db } from '../../db/client.js';
import { creditGrants, organisationManagers, organisations, user as userTable } from '../../db/schema.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import { grantExpiryWarningEmail } from './emails.js';
import { lockOrganisation, moveCredit } from './wallet-service.js';
import { clock } from '../../clock.js';

const batch = 100;
const dayMs = 86_400_000;

/** Retires the unspent part of every grant expired by `now`; answers how many grants were retired. */
export async function retireExpiredGrants(db: Db, now = clock.now()): Promise<number> {
  const due = await db
    .select({ id: creditGrants.id, organisationId: creditGrants.organisationId })
    .from(creditGrants)
    .where(and(isNull(creditGrants.retiredAt), lte(creditGrants.expiresAt, now)))
    .orderBy(creditGrants.expiresAt)
    .limit(batch);
  let retired = 0;
  for (const { id, organisationId } of due) {
    const done = await db.transaction(async (tx) => {
      // The organisation first, as every credit move locks it, then the grant, re-checked under the lock.
      const o = await lockOrganisation(tx, organisationId);
      const [grant] = await tx
        .select()
        .from(creditGrants)
        .where(and(eq(creditGrants.id, id), isNull(creditGrants.retiredAt)))
        .for('update');
      if (!o || !grant) return false;
      const unspent = Math.min(grant.remainingCents, o.balanceCents);
      if (unspent > 0) await moveCredit(tx, { organisationId, kind: 'expiry', amountCents: -unspent, grantId: id, note: grant.note, actorId: null });
      await tx.update(creditGrants).set({ remainingCents: 0, retiredAt: now }).where(eq(creditGrants.id, id));
      return true;
    });
    if (done) retired++;
  }
  return retired;
}

/**
 * E-mails every manager of an organisation whose grant has unspent credit expiring within 14 days (once) and within
 * 3 days (once); a grant given with less time left gets the warnings whose day has come, the nearer one only.
 * Answers how many grants were warned about.
 */
export async function warnExpiringGrants(db: Db, baseUrl: string, now = clock.now()): Promise<number> {
  let warned = 0;
  for (const days of [...grantWarningDays].sort((a, b) => a - b)) {
    const column = days === 3 ? creditGrants.warned3At : creditGrants.warned14At;
    const due = await db
      .select({ id: creditGrants.id })
      .from(creditGrants)
      .where(
        and(
          isNull(creditGrants.retiredAt),
          isNull(column),
          gt(creditGrants.remainingCents, 0),
          gt(creditGrants.expiresAt, now),
          lte(creditGrants.expiresAt, new Date(now.getTime() + days * dayMs)),
        ),
      )
      .limit(batch);
    for (const { id } of due) {
      const sent = await db.transaction(async (tx) => {
        const [grant] = await tx
          .select({ g: creditGrants, name: organisations.name })
          .from(creditGrants)
          .innerJoin(organisations, eq(organisations.id, creditGrants.organisationId))
          .where(and(eq(creditGrants.id, id), isNull(column)))
          .for('update', { of: creditGrants, skipLocked: true });
        if (!grant) return false;
        const { g } = grant;
        const managers = await tx
          .select({ email: userTable.email })
          .from(organisationManagers)
          .innerJoin(userTable, eq(userTable.id, organisationManagers.userId))
          .where(eq(organisationManagers.organisationId, g.organisationId));
        const facts = { organisationId: g.organisationId, organisation: grant.name, note: g.note, remainingCents: g.remainingCents, expiresAt: g.expiresAt };
        for (const { email } of managers) await enqueueEmail(tx, grantExpiryWarningEmail(email, facts, baseUrl));
        // The 3-day warning stands for the 14-day one too, so a grant given 3 days before its end gets one e-mail.
        await tx
          .update(creditGrants)
          .set(days === 3 ? { warned3At: now, warned14At: sql`coalesce(${creditGrants.warned14At}, ${now.toISOString()}::timestamptz)` } : { warned14At: now })
          .where(eq(creditGrants.id, id));
        return true;
      });
      if (sent) warned++;
    }
  }
  return warned;
}
